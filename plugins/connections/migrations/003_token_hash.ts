import type { Knex } from 'knex'

/**
 * A connection's API token is kept as its sha256 (as company API tokens are) with a preview to
 * recognise it, never in plain text. Tokens set before keep working: their hashes are taken here and
 * the plain column dropped. Down brings the column back empty — the plain tokens cannot return, so
 * integrations using them need the token set again.
 */
export async function up(knex: Knex) {
  await knex.schema.alterTable('whatsapps', (t) => {
    t.string('tokenHash', 64).nullable()
    t.string('tokenPreview', 20).notNullable().defaultTo('')
  })
  await knex.raw(`
    UPDATE whatsapps SET
      "tokenHash" = encode(sha256(convert_to(token, 'UTF8')), 'hex'),
      "tokenPreview" = CASE WHEN length(token) >= 12 THEN left(token, 4) || '…' || right(token, 4) ELSE '••••' END
    WHERE token <> ''`)
  await knex.schema.alterTable('whatsapps', (t) => {
    t.dropColumn('token')
    t.index(['tokenHash'])
  })
}

export async function down(knex: Knex) {
  await knex.schema.alterTable('whatsapps', (t) => {
    t.dropIndex(['tokenHash'])
    t.dropColumn('tokenHash')
    t.dropColumn('tokenPreview')
    t.string('token', 255).notNullable().defaultTo('')
  })
}
