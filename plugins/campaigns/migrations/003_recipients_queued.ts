import type { Knex } from 'knex'

/** The delivery reconciliation walks queued recipients by id (delivery.ts): only those rows, indexed. */
export async function up(knex: Knex) {
  await knex.raw(`CREATE INDEX campaign_recipients_queued_idx ON campaign_recipients (id) WHERE status = 'queued'`)
}

export async function down(knex: Knex) {
  await knex.raw('DROP INDEX IF EXISTS campaign_recipients_queued_idx')
}
