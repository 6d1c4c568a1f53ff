import type { Knex } from 'knex'

/** Help videos are platform-wide (the super user curates them for every company): no companyId. */
export async function up(knex: Knex) {
  await knex.schema.createTable('helps', (t) => {
    t.increments('id')
    t.string('title', 200).notNullable()
    t.string('video', 200).notNullable().defaultTo('')
    t.text('description').notNullable().defaultTo('')
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.index(['title'])
  })
}

export async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('helps')
}
