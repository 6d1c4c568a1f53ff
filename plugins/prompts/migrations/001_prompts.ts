import type { Knex } from 'knex'

/** Prompts: an OpenAI assistant a queue or connection hands its customers to. */
export async function up(knex: Knex) {
  await knex.schema.createTable('prompts', (t) => {
    t.increments('id')
    t.integer('companyId').notNullable().references('companies.id').onDelete('CASCADE')
    t.string('name', 100).notNullable()
    t.text('prompt').notNullable()
    t.string('model', 50).notNullable()
    t.integer('maxTokens').notNullable().defaultTo(100)
    t.double('temperature').notNullable().defaultTo(1)
    // Sealed with the kernel's vault; never answered back.
    t.text('apiKey').notNullable().defaultTo('')
    // The queue a transfer to people goes to (the queues plugin's row: no foreign key across plugins).
    t.integer('queueId').nullable()
    t.integer('maxMessages').notNullable().defaultTo(10)
    t.string('voice', 50).notNullable().defaultTo('texto')
    t.text('voiceKey').notNullable().defaultTo('')
    t.string('voiceRegion', 50).notNullable().defaultTo('')
    // A flow's OpenAI node keeps its settings as a prompt of its own ('flow:<flowId>:<nodeId>'),
    // out of the lists; null for the prompts admins make.
    t.string('origin', 100).nullable()
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.index(['companyId', 'name'])
    t.unique(['companyId', 'origin'])
  })
  // What a customer's voice note said, once transcribed: later turns read it as text.
  await knex.schema.createTable('prompt_transcripts', (t) => {
    t.integer('companyId').notNullable().references('companies.id').onDelete('CASCADE')
    t.integer('messageId').notNullable()
    t.text('text').notNullable()
    t.primary(['companyId', 'messageId'])
  })
}

export async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('prompt_transcripts')
  await knex.schema.dropTableIfExists('prompts')
}
