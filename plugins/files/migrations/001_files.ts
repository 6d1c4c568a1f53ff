import type { Knex } from 'knex'

/**
 * File lists: a named message with options, each option one
 * stored file. `down` drops everything `up` made (the migrations test runs both).
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('file_lists', (t) => {
    t.increments('id')
    t.integer('companyId').notNullable().references('companies.id').onDelete('CASCADE')
    t.string('name', 100).notNullable()
    t.text('message').notNullable()
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
  })
  // A name names one list of a company, in any case; the list reads in name order.
  await knex.raw('CREATE UNIQUE INDEX file_lists_company_name ON file_lists ("companyId", lower(name))')

  await knex.schema.createTable('file_list_options', (t) => {
    t.increments('id')
    t.integer('companyId').notNullable().references('companies.id').onDelete('CASCADE')
    t.integer('fileId').notNullable().references('file_lists.id').onDelete('CASCADE')
    t.string('name', 100).notNullable()
    // A kernel.storage key (never a URL or a disk path); null until its file is uploaded.
    t.string('path', 300).nullable()
    t.string('mediaName', 255).nullable()
    t.string('mediaType', 20).nullable()
    t.string('mimetype', 127).nullable()
    t.integer('position').notNullable().defaultTo(0)
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.index(['fileId', 'position'])
  })
}

export async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('file_list_options')
  await knex.schema.dropTableIfExists('file_lists')
}
