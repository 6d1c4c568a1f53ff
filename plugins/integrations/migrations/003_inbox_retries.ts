import type { Knex } from 'knex'

/**
 * Webhook and n8n deliveries go through the conversations' inbox (bots.ts) like Typebot's: a message
 * whose endpoint failed in a way worth retrying stays first in its ticket's inbox with the attempts
 * made and when to try again, and a delayed job comes back then — no job waits through the pause.
 */
export async function up(knex: Knex) {
  await knex.schema.alterTable('integration_inbox', (t) => {
    t.integer('attempts').notNullable().defaultTo(0)
    t.timestamp('retryAt', { useTz: true }).nullable()
  })
}

export async function down(knex: Knex) {
  await knex.schema.alterTable('integration_inbox', (t) => {
    t.dropColumn('retryAt')
    t.dropColumn('attempts')
  })
}
