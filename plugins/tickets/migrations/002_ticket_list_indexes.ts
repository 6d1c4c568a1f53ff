import type { Knex } from 'knex'

/**
 * Indexes of GET /tickets (issue 6): the page order within a status, and the access scopes of
 * non-admin users (their queues, their own tickets). 001's (companyId, status, updatedAt) is
 * replaced by one carrying the id tiebreak in the list's direction.
 */
export async function up(knex: Knex) {
  await knex.raw('DROP INDEX IF EXISTS tickets_companyid_status_updatedat_index')
  await knex.raw('CREATE INDEX tickets_list_order ON tickets ("companyId", status, "updatedAt" DESC, id DESC)')
  await knex.raw('CREATE INDEX tickets_list_updated ON tickets ("companyId", "updatedAt" DESC, id DESC)')
  await knex.raw('CREATE INDEX tickets_by_queue ON tickets ("companyId", "queueId", status)')
  await knex.raw('CREATE INDEX tickets_by_user ON tickets ("companyId", "userId", status)')
}

export async function down(knex: Knex) {
  for (const name of ['tickets_list_order', 'tickets_list_updated', 'tickets_by_queue', 'tickets_by_user'])
    await knex.raw(`DROP INDEX IF EXISTS ${name}`)
  await knex.raw(
    'CREATE INDEX IF NOT EXISTS tickets_companyid_status_updatedat_index ON tickets ("companyId", status, "updatedAt")',
  )
}
