import type { Knex } from 'knex'

/**
 * Integrators' API: company tokens stored as a sha256 hash with
 * the preview parts the screen shows (never the secret), and the Idempotency-Key ledger of
 * POST /messages/send. `down` drops everything `up` made (the migrations test runs both).
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('api_tokens', (t) => {
    t.increments('id')
    t.integer('companyId').notNullable().references('companies.id').onDelete('CASCADE')
    t.string('name', 100).notNullable()
    // sha256 hex of the whole token: what a request is looked up by (unique index).
    t.string('tokenHash', 64).notNullable().unique()
    // The screen's preview: the first 20 and the last 10 characters.
    t.string('head', 20).notNullable()
    t.string('tail', 10).notNullable()
    t.boolean('isActive').notNullable().defaultTo(true)
    t.timestamp('expiresAt', { useTz: true }).nullable()
    t.timestamp('lastUsed', { useTz: true }).nullable()
    t.bigInteger('usageCount').notNullable().defaultTo(0)
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
  })
  // The admin list: one company's tokens, newest first.
  await knex.raw('CREATE INDEX api_tokens_company_id ON api_tokens ("companyId", id DESC)')
  await knex.schema.createTable('api_idempotency_keys', (t) => {
    t.increments('id')
    t.integer('companyId').notNullable().references('companies.id').onDelete('CASCADE')
    t.string('key', 255).notNullable()
    // The answer the first request gave, replayed to its retries.
    t.jsonb('response').nullable()
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    // One claim per company and key: a concurrent duplicate waits on it and then replays.
    t.unique(['companyId', 'key'])
    t.index(['createdAt'])
  })
}

export async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('api_idempotency_keys')
  await knex.schema.dropTableIfExists('api_tokens')
}
