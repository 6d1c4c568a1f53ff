import type { Knex } from 'knex'

/**
 * Ticket notes and the message-text search of GET /tickets: a GIN index
 * over the 'simple' text configuration (lower-cased words, no stemming, so a customer's exact word
 * or its prefix is found; accents are kept). The expression must match list.ts's MESSAGE_DOCUMENT.
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('ticket_notes', (t) => {
    t.increments('id')
    t.integer('companyId').notNullable().references('companies.id').onDelete('CASCADE')
    t.integer('ticketId').notNullable().references('tickets.id').onDelete('CASCADE')
    t.integer('contactId').notNullable()
    t.integer('userId').nullable()
    t.text('note').notNullable()
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.index(['companyId', 'contactId', 'id'])
    t.index(['ticketId'])
  })
  await knex.raw(`CREATE INDEX messages_body_search ON messages USING gin (to_tsvector('simple'::regconfig, body))`)
}

export async function down(knex: Knex) {
  await knex.raw('DROP INDEX IF EXISTS messages_body_search')
  await knex.schema.dropTableIfExists('ticket_notes')
}
