import type { Knex } from 'knex'

/**
 * Who sees which tickets, and through which connection a user's new tickets go, is this plugin's
 * data: a user's queues, whether they see queueless tickets (allTicket) and their default connection.
 * These were the kernel's users.allTicket, users.whatsappId and user_queues; databases made before
 * keep every row (moved here, then dropped there). A user with no attendants row has the defaults:
 * allTicket off, no default connection. Queues and connections are other plugins' rows, so no
 * foreign key to them; the owners call releaseQueue / releaseConnection when they delete one.
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('attendants', (t) => {
    t.integer('userId').primary().references('users.id').onDelete('CASCADE')
    t.integer('companyId').notNullable().references('companies.id').onDelete('CASCADE')
    t.boolean('allTicket').notNullable().defaultTo(false)
    t.integer('whatsappId')
    t.index(['companyId', 'whatsappId'])
  })
  await knex.schema.createTable('attendant_queues', (t) => {
    t.integer('userId').notNullable().references('users.id').onDelete('CASCADE')
    t.integer('queueId').notNullable()
    t.integer('companyId').notNullable().references('companies.id').onDelete('CASCADE')
    t.primary(['userId', 'queueId'])
    t.index(['companyId', 'queueId'])
  })
  if (await knex.schema.hasTable('user_queues')) {
    await knex.raw(
      `INSERT INTO attendant_queues ("userId", "queueId", "companyId") SELECT "userId", "queueId", "companyId" FROM user_queues`,
    )
    await knex.schema.dropTable('user_queues')
  }
  if (await knex.schema.hasColumn('users', 'allTicket')) {
    await knex.raw(
      `INSERT INTO attendants ("userId", "companyId", "allTicket", "whatsappId")
       SELECT id, "companyId", "allTicket" = 'enabled', "whatsappId" FROM users
        WHERE "allTicket" = 'enabled' OR "whatsappId" IS NOT NULL`,
    )
    await knex.schema.alterTable('users', (t) => {
      t.dropColumn('allTicket')
      t.dropColumn('whatsappId')
    })
  }
}

/** Back to the kernel's columns, every row kept. */
export async function down(knex: Knex) {
  await knex.schema.alterTable('users', (t) => {
    t.string('allTicket', 10).notNullable().defaultTo('disabled')
    t.integer('whatsappId')
  })
  await knex.raw(
    `UPDATE users u SET "allTicket" = CASE WHEN a."allTicket" THEN 'enabled' ELSE 'disabled' END, "whatsappId" = a."whatsappId"
       FROM attendants a WHERE a."userId" = u.id`,
  )
  await knex.schema.createTable('user_queues', (t) => {
    t.integer('userId').notNullable().references('users.id').onDelete('CASCADE')
    t.integer('queueId').notNullable()
    t.integer('companyId').notNullable().references('companies.id').onDelete('CASCADE')
    t.primary(['userId', 'queueId'])
    t.index(['companyId', 'queueId'])
  })
  await knex.raw(
    `INSERT INTO user_queues ("userId", "queueId", "companyId") SELECT "userId", "queueId", "companyId" FROM attendant_queues`,
  )
  await knex.schema.dropTable('attendant_queues')
  await knex.schema.dropTable('attendants')
}
