import type { Knex } from 'knex'

/**
 * Tags and their links to tickets. Tickets are another plugin's rows: `ticket_tags.ticketId` has no
 * foreign key (the links go on the bus's 'ticket.deleted'); a deleted tag takes its links with it.
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('tags', (t) => {
    t.increments('id')
    t.integer('companyId').notNullable().references('companies.id').onDelete('CASCADE')
    t.string('name', 50).notNullable()
    t.string('color', 9).notNullable()
    // The spec's 0 or 1.
    t.smallint('kanban').notNullable().defaultTo(0)
    // Who made it (may edit it besides admins); kept when that user goes.
    t.integer('userId').nullable().references('users.id').onDelete('SET NULL')
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.index(['companyId', 'kanban'])
  })
  // One name per company whatever its case; also the index of every list (ordered by lower(name)).
  await knex.raw('CREATE UNIQUE INDEX tags_company_name_unique ON tags ("companyId", lower(name))')
  await knex.raw('ALTER TABLE tags ADD CONSTRAINT tags_kanban_check CHECK (kanban IN (0, 1))')

  await knex.schema.createTable('ticket_tags', (t) => {
    t.integer('ticketId').notNullable()
    t.integer('tagId').notNullable().references('tags.id').onDelete('CASCADE')
    t.integer('companyId').notNullable().references('companies.id').onDelete('CASCADE')
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.primary(['ticketId', 'tagId'])
    // ticketsCount: one grouped count per page of tags.
    t.index(['tagId'])
  })
}

export async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('ticket_tags')
  await knex.schema.dropTableIfExists('tags')
}
