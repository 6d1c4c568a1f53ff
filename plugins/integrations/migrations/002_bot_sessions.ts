import type { Knex } from 'knex'

/**
 * Conversations with Typebot and Dialogflow: one session per (company, ticket, integration), and an
 * inbox of the customer messages it still has to answer, drained in order by one job at a time (the
 * lease). Ticket and message ids are plain columns: those tables are the tickets plugin's.
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('integration_sessions', (t) => {
    t.increments('id')
    t.integer('companyId').notNullable().references('companies.id').onDelete('CASCADE')
    t.integer('ticketId').notNullable()
    t.integer('integrationId').notNullable().references('queue_integrations.id').onDelete('CASCADE')
    // The engine's session id (Typebot's sessionId); empty until a chat is started.
    t.string('sessionId', 200).notNullable().defaultTo('')
    t.string('status', 10).notNullable().defaultTo('active')
    // The last choice input's items, to turn a reply "2" into the second item.
    t.jsonb('input').nullable()
    t.timestamp('lastActivityAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    // Messages held back by a Typebot wait: [{ waitMs, items }], the first due at pendingDueAt.
    t.jsonb('pending').notNullable().defaultTo('[]')
    t.timestamp('pendingDueAt', { useTz: true }).nullable()
    // Who drains the inbox now, until when (a dead job's lease runs out).
    t.string('leaseOwner', 40).nullable()
    t.timestamp('leaseUntil', { useTz: true }).nullable()
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.unique(['companyId', 'ticketId', 'integrationId'])
    t.index(['pendingDueAt'])
  })
  await knex.schema.createTable('integration_inbox', (t) => {
    t.increments('id')
    t.integer('companyId').notNullable().references('companies.id').onDelete('CASCADE')
    t.integer('sessionRowId').notNullable().references('integration_sessions.id').onDelete('CASCADE')
    t.integer('messageId').notNullable()
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.unique(['companyId', 'messageId'])
    t.index(['sessionRowId', 'id'])
  })
}

export async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('integration_inbox')
  await knex.schema.dropTableIfExists('integration_sessions')
}
