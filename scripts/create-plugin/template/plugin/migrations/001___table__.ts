import type { Knex } from 'knex'

/** __Title__ records, each one company's. `down` drops everything `up` made (the migrations test runs both). */
export async function up(knex: Knex) {
  await knex.schema.createTable('__table__', (t) => {
    t.increments('id')
    t.integer('companyId').notNullable().references('companies.id').onDelete('CASCADE')
    t.string('name', 100).notNullable()
    t.text('description').notNullable().defaultTo('')
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    // Every list reads one company's rows in name order.
    t.index(['companyId', 'name'])
  })
}

export async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('__table__')
}
