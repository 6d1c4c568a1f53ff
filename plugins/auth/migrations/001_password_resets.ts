import type { Knex } from 'knex'

/** One row per emailed verification code; only a keyed hash of the code is kept. */
export async function up(knex: Knex) {
  await knex.schema.createTable('password_resets', (t) => {
    t.increments('id')
    t.integer('userId').notNullable().references('users.id').onDelete('CASCADE')
    t.integer('companyId').notNullable().references('companies.id').onDelete('CASCADE')
    t.string('codeHash', 128).notNullable()
    t.timestamp('expiresAt', { useTz: true }).notNullable()
    t.timestamp('usedAt', { useTz: true })
    t.integer('attempts').notNullable().defaultTo(0)
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.index(['userId'])
  })
}

export async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('password_resets')
}
