import type { Knex } from 'knex'
import { DEFAULT_SCHEDULES } from '../src/schedule.ts'

/**
 * Queues, their chatbot option tree and the bot's place in each ticket's walk. Tickets,
 * integrations and prompts are other plugins' rows: no foreign keys to them.
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('queues', (t) => {
    t.increments('id')
    t.integer('companyId').notNullable().references('companies.id').onDelete('CASCADE')
    t.string('name', 50).notNullable()
    t.string('color', 9).notNullable()
    t.integer('orderQueue').nullable()
    t.text('greetingMessage').notNullable().defaultTo('')
    t.text('outOfHoursMessage').notNullable().defaultTo('')
    t.text('completionMessage').notNullable().defaultTo('')
    t.text('ratingMessage').notNullable().defaultTo('')
    t.string('token', 255).notNullable().defaultTo('')
    t.integer('integrationId').nullable()
    t.integer('promptId').nullable()
    t.jsonb('schedules').notNullable().defaultTo(JSON.stringify(DEFAULT_SCHEDULES))
    t.integer('maxAttemptsWithoutResponse').notNullable().defaultTo(0)
    // A queue id or 'option-{id}'.
    t.string('redirectQueueId', 30).nullable()
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
  })
  // The list order (orderQueue, then name) is the index of every list and of the bot's menu.
  await knex.raw('CREATE INDEX queues_company_order ON queues ("companyId", "orderQueue", lower(name))')
  await knex.raw('CREATE UNIQUE INDEX queues_company_color_unique ON queues ("companyId", lower(color))')

  await knex.schema.createTable('queue_options', (t) => {
    t.increments('id')
    t.integer('companyId').notNullable().references('companies.id').onDelete('CASCADE')
    t.integer('queueId').notNullable().references('queues.id').onDelete('CASCADE')
    // null = top level (the API's -1).
    t.integer('parentId').nullable().references('queue_options.id').onDelete('CASCADE')
    t.string('title', 100).notNullable()
    t.text('message').notNullable().defaultTo('')
    t.integer('option').notNullable().defaultTo(1)
    t.integer('maxAttemptsWithoutResponse').notNullable().defaultTo(0)
    t.string('redirectQueueId', 30).nullable()
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.index(['companyId', 'queueId', 'parentId', 'option'])
    t.index(['parentId'])
  })

  await knex.schema.createTable('queue_bot_state', (t) => {
    t.integer('ticketId').primary()
    t.integer('companyId').notNullable().references('companies.id').onDelete('CASCADE')
    // null: at the connection's queue menu; else inside this queue's options.
    t.integer('queueId').nullable().references('queues.id').onDelete('CASCADE')
    // null: at the queue's top-level options.
    t.integer('optionId').nullable().references('queue_options.id').onDelete('CASCADE')
    t.integer('attempts').notNullable().defaultTo(0)
    t.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.index(['companyId'])
  })
}

export async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('queue_bot_state')
  await knex.schema.dropTableIfExists('queue_options')
  await knex.schema.dropTableIfExists('queues')
}
