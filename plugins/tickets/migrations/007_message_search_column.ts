import type { Knex } from 'knex'

/**
 * The message-text search reads a stored tsvector instead of computing one per message: checking a
 * ticket's messages for a common word is then a comparison (bench:tickets: 14 → 3 ms a page), and
 * the column's statistics let the planner tell a rare word from a common one. Replaces 003's
 * expression index; list.ts's MESSAGE_DOCUMENT names the column.
 */
export async function up(knex: Knex) {
  await knex.raw(
    `ALTER TABLE messages ADD COLUMN "searchVector" tsvector GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, body)) STORED`,
  )
  await knex.raw('DROP INDEX IF EXISTS messages_body_search')
  await knex.raw('CREATE INDEX messages_search_vector ON messages USING gin ("searchVector")')
}

export async function down(knex: Knex) {
  await knex.raw('DROP INDEX IF EXISTS messages_search_vector')
  await knex.raw('ALTER TABLE messages DROP COLUMN IF EXISTS "searchVector"')
  await knex.raw(
    `CREATE INDEX IF NOT EXISTS messages_body_search ON messages USING gin (to_tsvector('simple'::regconfig, body))`,
  )
}
