import type { Knex } from 'knex'

/** NPS answers, each one company's. `down` drops everything `up` made (the migrations test runs both). */
export async function up(knex: Knex) {
  await knex.schema.createTable('nps_responses', (t) => {
    t.increments('id')
    t.integer('companyId').notNullable().references('companies.id').onDelete('CASCADE')
    t.smallint('score').notNullable()
    t.text('comment').notNullable().defaultTo('')
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    // The list reads one company's answers newest first; the summary counts them.
    t.index(['companyId', 'id'])
  })
}

export async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('nps_responses')
}
