import type { Knex } from 'knex'

/**
 * The dashboard's own record of tickets, fed by the tickets plugin's `ticket.updated` events (never
 * a read of its tables):
 * - dashboard_tickets: where each ticket stands (status, attendant, queue) and since when it waits
 *   or is being attended; `seenAt` (the event's ticket.updatedAt) makes a repeated or late event a
 *   no-op, so every process may apply the same event.
 * - dashboard_daily: per company, local day and attendant (0: none), the moments counted — created,
 *   accepted, transferred, closed — with the sums of waiting and attending seconds. Every dashboard
 *   call reads at most days × attendants rows of it, whatever the number of tickets.
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('dashboard_tickets', (t) => {
    t.integer('ticketId').primary()
    t.integer('companyId').notNullable().references('companies.id').onDelete('CASCADE')
    t.string('status', 10).notNullable()
    t.integer('userId').nullable()
    t.integer('queueId').nullable()
    t.timestamp('waitingSince', { useTz: true }).nullable()
    t.timestamp('acceptedAt', { useTz: true }).nullable()
    t.timestamp('seenAt', { useTz: true }).notNullable()
    t.index(['companyId', 'status'])
  })
  await knex.schema.createTable('dashboard_daily', (t) => {
    t.integer('companyId').notNullable().references('companies.id').onDelete('CASCADE')
    t.date('day').notNullable()
    t.integer('userId').notNullable().defaultTo(0)
    t.integer('created').notNullable().defaultTo(0)
    t.integer('accepted').notNullable().defaultTo(0)
    t.integer('transferred').notNullable().defaultTo(0)
    t.integer('closed').notNullable().defaultTo(0)
    t.bigInteger('waitSeconds').notNullable().defaultTo(0)
    t.integer('waitCount').notNullable().defaultTo(0)
    t.bigInteger('supportSeconds').notNullable().defaultTo(0)
    t.integer('supportCount').notNullable().defaultTo(0)
    t.primary(['companyId', 'day', 'userId'])
  })
}

export async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('dashboard_daily')
  await knex.schema.dropTableIfExists('dashboard_tickets')
}
