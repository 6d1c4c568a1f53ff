import type { Knex } from 'knex'

/** Contacts: one row per person (or group) and company; `number` is the canonical form (see number.ts). */
export async function up(knex: Knex) {
  await knex.schema.createTable('contacts', (t) => {
    t.increments('id')
    t.integer('companyId').notNullable().references('companies.id').onDelete('CASCADE')
    t.string('name', 100).notNullable()
    t.string('number', 64).notNullable()
    // WhatsApp's second identity of a person (LID); resolves to the same row as the number.
    t.string('lid', 64).nullable()
    t.string('email', 254).notNullable().defaultTo('')
    t.string('cnpj', 20).notNullable().defaultTo('')
    t.string('custumerCode', 50).notNullable().defaultTo('')
    t.string('companyName', 100).notNullable().defaultTo('')
    t.text('profilePicUrl').notNullable().defaultTo('')
    t.boolean('isGroup').notNullable().defaultTo(false)
    // Owner attendant and the connection the contact first wrote through: other plugins' rows, no FK.
    t.integer('userId').nullable()
    t.integer('whatsappId').nullable()
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.unique(['companyId', 'number'])
    t.index(['companyId', 'name'])
    t.index(['companyId', 'createdAt'])
  })
  await knex.raw('CREATE UNIQUE INDEX contacts_company_lid_unique ON contacts ("companyId", lid) WHERE lid IS NOT NULL')
  await knex.schema.createTable('contact_extra_info', (t) => {
    t.increments('id')
    t.integer('contactId').notNullable().references('contacts.id').onDelete('CASCADE')
    t.integer('companyId').notNullable().references('companies.id').onDelete('CASCADE')
    t.string('name', 100).notNullable()
    t.text('value').notNullable().defaultTo('')
    t.index(['contactId'])
  })
}

export async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('contact_extra_info')
  await knex.schema.dropTableIfExists('contacts')
}
