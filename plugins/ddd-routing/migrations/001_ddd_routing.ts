import type { Knex } from 'knex'

/**
 * Which users serve which Brazilian area codes (userId, ddd).
 * `lastAssignedAt` is the round robin's memory: of the tied users holding a DDD, the one assigned
 * longest ago (never first) gets the next ticket. `down` drops everything `up` made.
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('ddd_routing', (t) => {
    t.increments('id')
    t.integer('companyId').notNullable().references('companies.id').onDelete('CASCADE')
    // Users are kernel data: a deleted user's DDDs go with them.
    t.integer('userId').notNullable().references('users.id').onDelete('CASCADE')
    t.string('ddd', 2).notNullable()
    t.timestamp('lastAssignedAt', { useTz: true }).nullable()
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.unique(['companyId', 'userId', 'ddd'])
    // The routing step looks up a DDD's users.
    t.index(['companyId', 'ddd'])
  })
}

export async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('ddd_routing')
}
