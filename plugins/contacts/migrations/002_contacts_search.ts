import type { Knex } from 'knex'

/**
 * Search and list indexes for the contacts screen (200k contacts in one company stay fast):
 * - `contacts_search_key(text)`: lower case without Portuguese/Spanish accents, an IMMUTABLE SQL
 *   function (translate, no extension), so "Márcia" is found by "marcia";
 * - `searchName`, a stored generated column with that key of `name`: the list is ordered by it and
 *   its filter costs a column read instead of a function call per row;
 * - ("companyId", "searchName", id) INCLUDE (number, email): the ordered, paginated list walks it,
 *   and a search filters on the index alone (an index-only scan: no heap visit per skipped row) —
 *   a broad search like "mar" skips tens of thousands of rows before its first page fills;
 * - trigram GIN indexes on searchName, number and email for "contains" searches, when the pg_trgm
 *   extension can be created. PGlite (embedded mode) ships without it: there the searches scan,
 *   which embedded-sized data affords. down() leaves the extension installed (it is the database's,
 *   and other objects may use it).
 * The (companyId, name) index of 001 is replaced by the searchName one (the list no longer sorts by name).
 */
const KEY_FROM = 'áàâãäåéèêëíìîïóòôõöúùûüçñýÁÀÂÃÄÅÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑÝ'
const KEY_TO = 'aaaaaaeeeeiiiiooooouuuucnyaaaaaaeeeeiiiiooooouuuucny'

const TRGM_INDEXES = [
  ['contacts_search_name_trgm', '"searchName"'],
  ['contacts_number_trgm', 'number'],
  ['contacts_email_trgm', 'email'],
] as const

/** Creates pg_trgm and its indexes inside a savepoint; false (and nothing created) when the server lacks it. */
async function tryTrigram(knex: Knex): Promise<boolean> {
  const available = await knex.raw(`SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm'`)
  if (!available.rows?.length) return false
  try {
    await knex.transaction(async (trx) => {
      await trx.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm')
      for (const [name, column] of TRGM_INDEXES)
        await trx.raw(`CREATE INDEX ${name} ON contacts USING gin (${column} gin_trgm_ops)`)
    })
    return true
  } catch {
    return false // e.g. no privilege to create the extension: search still works, by scanning
  }
}

export async function up(knex: Knex) {
  await knex.raw(`CREATE FUNCTION contacts_search_key(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT translate(lower($1), '${KEY_FROM}', '${KEY_TO}') $$`)
  await knex.raw(
    `ALTER TABLE contacts ADD COLUMN "searchName" text GENERATED ALWAYS AS (contacts_search_key(name)) STORED`,
  )
  await knex.raw('DROP INDEX IF EXISTS contacts_companyid_name_index')
  await knex.raw(
    'CREATE INDEX contacts_company_search_name ON contacts ("companyId", "searchName", id) INCLUDE (number, email)',
  )
  // Emails are stored lower-cased from now on; earlier rows (the pipeline never set one) follow.
  await knex.raw(`UPDATE contacts SET email = lower(email) WHERE email <> lower(email)`)
  await tryTrigram(knex)
}

export async function down(knex: Knex) {
  for (const [name] of TRGM_INDEXES) await knex.raw(`DROP INDEX IF EXISTS ${name}`)
  await knex.raw('DROP INDEX IF EXISTS contacts_company_search_name')
  await knex.raw('ALTER TABLE contacts DROP COLUMN IF EXISTS "searchName"')
  await knex.raw('DROP FUNCTION IF EXISTS contacts_search_key(text)')
  await knex.raw('CREATE INDEX IF NOT EXISTS contacts_companyid_name_index ON contacts ("companyId", name)')
}
