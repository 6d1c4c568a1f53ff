import type { Knex } from 'knex'

/**
 * Baileys' auth state in the database, never in files: the credentials of a paired device (one row
 * per connection) and its Signal keys (pre-keys, sessions, sender keys, app-state keys, LID mappings…).
 * Values are JSON written with Baileys' BufferJSON replacer, so binary keys survive as base64.
 * Deleting the connection (or its company) deletes its keys.
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('baileys_creds', (t) => {
    t.integer('whatsappId').primary().references('whatsapps.id').onDelete('CASCADE')
    t.integer('companyId').notNullable().references('companies.id').onDelete('CASCADE')
    t.jsonb('creds').notNullable()
    t.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.index(['companyId'])
  })
  await knex.schema.createTable('baileys_keys', (t) => {
    t.integer('whatsappId').notNullable().references('whatsapps.id').onDelete('CASCADE')
    t.integer('companyId').notNullable().references('companies.id').onDelete('CASCADE')
    t.string('type', 40).notNullable()
    // Sender-key ids join a group and a member address: longer than a phone number.
    t.string('id', 500).notNullable()
    t.jsonb('value').notNullable()
    t.primary(['whatsappId', 'type', 'id'])
    t.index(['companyId'])
  })
}

export async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('baileys_keys')
  await knex.schema.dropTableIfExists('baileys_creds')
}
