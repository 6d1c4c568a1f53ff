import type { Knex } from 'knex'

/**
 * The automations job (src/automations.ts) asks, per connection, for the oldest active tickets idle
 * since a cutoff and the oldest queueless waiting tickets created before one. Partial indexes keep
 * each an ordered range read of only the rows that can qualify (closed tickets, the bulk of the
 * table, are not in them), so a run costs its LIMIT whatever the company's history.
 */
export async function up(knex: Knex) {
  await knex.raw(
    `CREATE INDEX tickets_active_idle ON tickets ("companyId", "whatsappId", "updatedAt", id) WHERE status IN ('open', 'pending')`,
  )
  await knex.raw(
    `CREATE INDEX tickets_waiting_queueless ON tickets ("companyId", "whatsappId", "createdAt", id) WHERE status = 'pending' AND "queueId" IS NULL AND chatbot = false`,
  )
}

export async function down(knex: Knex) {
  await knex.raw('DROP INDEX IF EXISTS tickets_waiting_queueless')
  await knex.raw('DROP INDEX IF EXISTS tickets_active_idle')
}
