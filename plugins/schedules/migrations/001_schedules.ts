import type { Knex } from 'knex'

/** Scheduled messages, each one company's. `down` drops everything `up` made (the migrations test runs both). */
export async function up(knex: Knex) {
  await knex.schema.createTable('schedules', (t) => {
    t.increments('id')
    t.integer('companyId').notNullable().references('companies.id').onDelete('CASCADE')
    t.text('body').notNullable()
    t.string('description', 500).notNullable().defaultTo('')
    t.integer('contactId').notNullable().references('contacts.id').onDelete('CASCADE')
    t.integer('userId').nullable().references('users.id').onDelete('SET NULL')
    t.timestamp('scheduleDate', { useTz: true }).notNullable()
    t.timestamp('sendAt', { useTz: true }).notNullable()
    t.timestamp('sentAt', { useTz: true }).nullable()
    t.string('status', 20).notNullable().defaultTo('PENDENTE')
    t.string('error', 500).nullable()
    t.string('mediaPath', 500).nullable()
    t.string('mediaName', 255).nullable()
    // Where it went: the ticket, the connection and the message (failures follow the message).
    t.integer('ticketId').nullable()
    t.integer('whatsappId').nullable()
    t.integer('messageId').nullable()
    // Bumped each time a sent (or failed) schedule is put back to PENDENTE: a new send gets a new providerId.
    t.integer('round').notNullable().defaultTo(0)
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    // The calendar reads one company's rows by date (and status); the dispatcher finds due rows across companies.
    t.index(['companyId', 'scheduleDate'])
    t.index(['companyId', 'status', 'scheduleDate'])
    t.index(['companyId', 'contactId'])
    t.index(['companyId', 'messageId'])
  })
  await knex.raw(`create index schedules_due on schedules ("sendAt") where status = 'PENDENTE'`)
}

export async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('schedules')
}
