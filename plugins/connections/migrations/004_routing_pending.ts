import type { Knex } from 'knex'

/**
 * The routing outbox (pipeline/routing-outbox.ts): one row per stored customer message whose
 * routing chain has not finished, written in the transaction that stores the message and deleted
 * once the chain ran. No foreign key to messages or tickets (the tickets plugin's tables): a row
 * whose message or ticket is gone is dropped when it is replayed.
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('routing_pending', (t) => {
    t.integer('messageId').primary()
    t.integer('companyId').notNullable().references('companies.id').onDelete('CASCADE')
    t.integer('whatsappId').notNullable().references('whatsapps.id').onDelete('CASCADE')
    t.integer('ticketId').notNullable()
    t.integer('contactId').notNullable()
    t.boolean('isNewTicket').notNullable().defaultTo(false)
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.index(['whatsappId', 'messageId'])
  })
}

export async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('routing_pending')
}
