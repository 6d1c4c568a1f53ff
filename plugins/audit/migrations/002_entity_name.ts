import type { Knex } from 'knex'

/**
 * What the screen calls the changed record ("a campanha Black Friday"), kept with the entry: the
 * record may be renamed or deleted later, and the sentence should read as it was then.
 */
export async function up(knex: Knex) {
  await knex.schema.alterTable('audit_entries', (t) => {
    t.string('entityName', 255).nullable()
  })
}

export async function down(knex: Knex) {
  await knex.schema.alterTable('audit_entries', (t) => {
    t.dropColumn('entityName')
  })
}
