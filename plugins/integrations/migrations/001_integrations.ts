import type { Knex } from 'knex'

/** Queue integrations: outside engines a queue or connection hands its customers to. */
export async function up(knex: Knex) {
  await knex.schema.createTable('queue_integrations', (t) => {
    t.increments('id')
    t.integer('companyId').notNullable().references('companies.id').onDelete('CASCADE')
    t.string('type', 20).notNullable()
    t.string('name', 50).notNullable()
    t.string('projectName', 100).notNullable().defaultTo('')
    // Dialogflow's service-account key: a secret, never answered back to a browser.
    t.text('jsonContent').notNullable().defaultTo('')
    t.string('language', 10).notNullable().defaultTo('pt-BR')
    t.string('urlN8N', 500).notNullable().defaultTo('')
    t.string('typebotSlug', 200).notNullable().defaultTo('')
    t.integer('typebotExpires').notNullable().defaultTo(1)
    t.integer('typebotDelayMessage').notNullable().defaultTo(1000)
    t.string('typebotKeywordFinish', 100).notNullable().defaultTo('')
    t.string('typebotKeywordRestart', 100).notNullable().defaultTo('')
    t.text('typebotRestartMessage').notNullable().defaultTo('')
    t.text('typebotUnknownMessage').notNullable().defaultTo('')
    // flowbuilder: the flow it starts (a flows plugin id; no foreign key across plugins).
    t.integer('flowId').nullable()
    // webhook / n8n: the HMAC key their calls are signed with.
    t.string('secret', 64).notNullable()
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.index(['companyId', 'name'])
  })
}

export async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('queue_integrations')
}
