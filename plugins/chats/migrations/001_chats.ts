import type { Knex } from 'knex'

/**
 * Internal chat (Chat message): one company's team conversations, their members
 * (with each member's unread count) and their messages. `down` drops everything `up` made.
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('chats', (t) => {
    t.increments('id')
    t.uuid('uuid').notNullable().unique()
    t.integer('companyId').notNullable().references('companies.id').onDelete('CASCADE')
    t.string('title', 100).notNullable()
    // The owner renames, changes members and deletes; null once that user is deleted.
    t.integer('ownerId').nullable().references('users.id').onDelete('SET NULL')
    t.text('lastMessage').notNullable().defaultTo('')
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    // Last activity (a message, a rename): the list's order.
    t.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
  })
  await knex.schema.createTable('chat_users', (t) => {
    t.integer('chatId').notNullable().references('chats.id').onDelete('CASCADE')
    // A deleted user leaves every chat with their row.
    t.integer('userId').notNullable().references('users.id').onDelete('CASCADE')
    t.integer('companyId').notNullable().references('companies.id').onDelete('CASCADE')
    t.integer('unreads').notNullable().defaultTo(0)
    t.boolean('owner').notNullable().defaultTo(false)
    t.primary(['chatId', 'userId'])
    // A user's list: the chats they are a member of.
    t.index(['userId', 'chatId'])
  })
  // The list: a member's chats by last activity, newest first.
  await knex.raw('CREATE INDEX chats_company_activity ON chats ("companyId", "updatedAt" DESC, id DESC)')
  await knex.schema.createTable('chat_messages', (t) => {
    t.increments('id')
    t.integer('chatId').notNullable().references('chats.id').onDelete('CASCADE')
    t.integer('companyId').notNullable().references('companies.id').onDelete('CASCADE')
    // A deleted user's messages stay, without a sender.
    t.integer('senderId').nullable().references('users.id').onDelete('SET NULL')
    t.text('message').notNullable()
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    // The message pages: one chat's messages by id, newest page first.
    t.index(['chatId', 'id'])
  })
}

export async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('chat_messages')
  await knex.schema.dropTableIfExists('chat_users')
  await knex.schema.dropTableIfExists('chats')
}
