import type { Knex } from 'knex'

/**
 * The audit log and the last version of each audited record it has seen (to tell what changed).
 * companyId is a plain column, not a foreign key: entries outlive a deleted company, and platform
 * changes (plans) are kept under company 0. `down` drops everything `up` made.
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('audit_entries', (t) => {
    t.bigIncrements('id')
    t.integer('companyId').notNullable()
    t.integer('userId').nullable()
    t.string('userName', 255).nullable()
    t.boolean('bySuper').notNullable().defaultTo(false)
    t.string('entity', 40).notNullable()
    t.string('entityId', 100).nullable()
    t.string('action', 20).notNullable()
    t.jsonb('changes').notNullable().defaultTo('{}')
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    // The screen reads newest first, a company's whole log or filtered by user or entity.
    t.index(['companyId', 'id'])
    t.index(['companyId', 'userId', 'id'])
    t.index(['companyId', 'entity', 'id'])
    // Retention deletes by age.
    t.index(['createdAt'])
  })
  await knex.schema.createTable('audit_snapshots', (t) => {
    t.integer('companyId').notNullable()
    t.string('entity', 40).notNullable()
    t.string('entityId', 100).notNullable()
    t.jsonb('record').notNullable()
    t.primary(['companyId', 'entity', 'entityId'])
  })
}

export async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('audit_snapshots')
  await knex.schema.dropTableIfExists('audit_entries')
}
