import type { Knex } from 'knex'

/**
 * The parts inventory (one row per spreadsheet ID per company), the super user's grants (which
 * companies may use the feature) and the consult conversations in progress (one per ticket).
 * `down` drops everything `up` made (the migrations test runs both).
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('parts', (t) => {
    t.increments('id')
    t.integer('companyId').notNullable().references('companies.id').onDelete('CASCADE')
    // The spreadsheet's own ID column: a re-import updates the row with the same one.
    t.string('sheetId', 50).notNullable()
    t.string('name', 200).notNullable()
    t.string('position', 100).notNullable().defaultTo('')
    t.string('side', 100).notNullable().defaultTo('')
    t.string('year', 50).notNullable().defaultTo('')
    t.string('brand', 100).notNullable().defaultTo('')
    t.string('model', 100).notNullable().defaultTo('')
    t.string('type', 100).notNullable().defaultTo('')
    t.string('specificPart', 200).notNullable().defaultTo('')
    t.boolean('inStock').notNullable().defaultTo(false)
    t.string('branch', 100).notNullable().defaultTo('')
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.unique(['companyId', 'sheetId'])
    // The consult's lookups: a company's parts by model and brand (then year), and by name.
    t.index(['companyId', 'model', 'brand', 'year'])
    t.index(['companyId', 'name'])
  })
  await knex.schema.createTable('part_grants', (t) => {
    t.increments('id')
    t.integer('companyId').notNullable().unique().references('companies.id').onDelete('CASCADE')
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
  })
  await knex.schema.createTable('part_consults', (t) => {
    t.increments('id')
    t.integer('companyId').notNullable().references('companies.id').onDelete('CASCADE')
    // The ticket is the tickets plugin's: referenced by id only (no foreign key across plugins).
    t.integer('ticketId').notNullable().unique()
    t.string('step', 10).notNullable()
    t.string('part', 200).notNullable().defaultTo('')
    t.string('model', 100).notNullable().defaultTo('')
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.index(['companyId', 'ticketId'])
  })
}

export async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('part_consults')
  await knex.schema.dropTableIfExists('part_grants')
  await knex.schema.dropTableIfExists('parts')
}
