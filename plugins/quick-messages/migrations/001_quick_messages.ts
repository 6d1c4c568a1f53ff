import type { Knex } from 'knex'

/** Quick messages (the spec's quick replies): a user's own, or company-wide (`geral`). */
export async function up(knex: Knex) {
  await knex.schema.createTable('quick_messages', (t) => {
    t.increments('id')
    t.integer('companyId').notNullable().references('companies.id').onDelete('CASCADE')
    // The author. A deleted user's company-wide messages stay (userId null); their own are cleaned up.
    t.integer('userId').nullable().references('users.id').onDelete('SET NULL')
    t.string('shortcode', 100).notNullable()
    t.text('message').notNullable().defaultTo('')
    t.boolean('geral').notNullable().defaultTo(false)
    t.boolean('status').notNullable().defaultTo(true)
    // A kernel.storage key (never a URL or a path); answers carry a signed URL instead.
    t.string('mediaPath', 300).nullable()
    t.string('mediaName', 255).nullable()
    t.string('mediaType', 20).nullable()
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
  })
  // What a user sees is their own plus the company-wide ones, by shortcode: one index for each half
  // (Postgres ORs them), and each is also a uniqueness rule.
  await knex.raw(
    'CREATE UNIQUE INDEX quick_messages_author_shortcode ON quick_messages ("companyId", "userId", lower(shortcode))',
  )
  await knex.raw(
    'CREATE UNIQUE INDEX quick_messages_geral_shortcode ON quick_messages ("companyId", lower(shortcode)) WHERE geral',
  )
}

export async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('quick_messages')
}
