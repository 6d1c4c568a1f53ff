import type { Knex } from 'knex'

/**
 * Announcements are the platform's (the super user writes them for every company), like plans and
 * helps: no companyId. Rich content is a JSON list of structured blocks (never HTML); image blocks
 * and the attachment hold storage keys, signed into URLs when read. `down` drops what `up` made.
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('announcements', (t) => {
    t.increments('id')
    t.string('title', 200).notNullable()
    t.text('text').notNullable().defaultTo('')
    t.jsonb('richContent').notNullable().defaultTo('[]')
    t.smallint('priority').notNullable().defaultTo(3)
    t.boolean('status').notNullable().defaultTo(true)
    t.string('mediaPath', 500).nullable()
    t.string('mediaName', 300).nullable()
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    // Readers list the active ones by priority, newest first.
    t.index(['status', 'priority', 'createdAt'])
  })
  await knex.raw('ALTER TABLE announcements ADD CONSTRAINT announcements_priority CHECK (priority BETWEEN 1 AND 3)')
}

export async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('announcements')
}
