import type { Knex } from 'knex'

/** Why the engine holds a campaign, as a code with values (for each language) beside the text. */
export async function up(knex: Knex) {
  await knex.schema.alterTable('campaigns', (t) => {
    t.jsonb('pause').nullable()
  })
}

export async function down(knex: Knex) {
  await knex.schema.alterTable('campaigns', (t) => {
    t.dropColumn('pause')
  })
}
