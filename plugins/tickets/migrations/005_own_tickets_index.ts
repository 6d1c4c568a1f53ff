import type { Knex } from 'knex'

/**
 * An attendant's own open or closed tickets, newest first (the lists without showAll, and their
 * counts): one index range instead of walking the company's tickets. Replaces 002's tickets_by_user,
 * whose (companyId, userId, status) prefix it keeps.
 */
export async function up(knex: Knex) {
  await knex.raw('DROP INDEX IF EXISTS tickets_by_user')
  await knex.raw('CREATE INDEX tickets_own_list ON tickets ("companyId", "userId", status, "updatedAt" DESC, id DESC)')
}

export async function down(knex: Knex) {
  await knex.raw('DROP INDEX IF EXISTS tickets_own_list')
  await knex.raw('CREATE INDEX IF NOT EXISTS tickets_by_user ON tickets ("companyId", "userId", status)')
}
