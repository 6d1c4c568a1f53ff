import type { Knex } from 'knex'

/**
 * How many connections and queues a plan allows (0: unlimited) are this plugin's data. They were the
 * kernel's plans.connections and plans.queues; databases made before keep every plan's limits
 * (moved here, then dropped there). A plan without a row allows any number (the old columns'
 * default); the platform's first plan, which the kernel makes, gets DEFAULT_LIMITS at start (index.ts).
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('plan_limits', (t) => {
    t.integer('planId').primary().references('plans.id').onDelete('CASCADE')
    t.integer('connections').notNullable().defaultTo(0)
    t.integer('queues').notNullable().defaultTo(0)
  })
  if (await knex.schema.hasColumn('plans', 'connections')) {
    await knex.raw(`INSERT INTO plan_limits ("planId", connections, queues) SELECT id, connections, queues FROM plans`)
    await knex.schema.alterTable('plans', (t) => {
      t.dropColumn('connections')
      t.dropColumn('queues')
    })
  }
}

/** Back to the kernel's columns, every plan's limits kept. */
export async function down(knex: Knex) {
  await knex.schema.alterTable('plans', (t) => {
    t.integer('connections').notNullable().defaultTo(0)
    t.integer('queues').notNullable().defaultTo(0)
  })
  await knex.raw(
    `UPDATE plans p SET connections = l.connections, queues = l.queues FROM plan_limits l WHERE l."planId" = p.id`,
  )
  await knex.schema.dropTable('plan_limits')
}
