import type { Knex } from 'knex'

/**
 * Customer ratings of closed tickets (1 unsatisfied, 2 satisfied, 3 very satisfied).
 * A row with a null rate is a question still waiting for its answer; the partial index is how the
 * inbound rating step finds one for a customer's first message on a connection. Contact, connection,
 * user and queue are other plugins' rows: kept as plain ids (the user and queue as they were at close).
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('ticket_ratings', (t) => {
    t.increments('id')
    t.integer('companyId').notNullable().references('companies.id').onDelete('CASCADE')
    t.integer('ticketId').notNullable().unique().references('tickets.id').onDelete('CASCADE')
    t.integer('contactId').notNullable()
    t.integer('whatsappId').nullable()
    t.integer('userId').nullable()
    t.integer('queueId').nullable()
    t.smallint('rate').nullable()
    t.timestamp('askedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('ratedAt', { useTz: true }).nullable()
    t.index(['companyId', 'userId', 'ratedAt'])
  })
  await knex.raw('ALTER TABLE ticket_ratings ADD CONSTRAINT ticket_ratings_rate_scale CHECK (rate BETWEEN 1 AND 3)')
  await knex.raw(
    'CREATE INDEX ticket_ratings_awaiting ON ticket_ratings ("companyId", "contactId", "whatsappId") WHERE rate IS NULL',
  )
}

export async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('ticket_ratings')
}
