import type { Knex } from 'knex'

/** Connections (the spec's "whatsapp" entity) and their queue links. */
export async function up(knex: Knex) {
  await knex.schema.createTable('whatsapps', (t) => {
    t.increments('id')
    t.integer('companyId').notNullable().references('companies.id').onDelete('CASCADE')
    t.string('name', 50).notNullable()
    t.string('status', 20).notNullable().defaultTo('DISCONNECTED')
    t.text('qrcode').notNullable().defaultTo('')
    t.integer('retries').notNullable().defaultTo(0)
    t.boolean('isDefault').notNullable().defaultTo(false)
    t.text('greetingMessage').notNullable().defaultTo('')
    t.text('complationMessage').notNullable().defaultTo('')
    t.text('outOfHoursMessage').notNullable().defaultTo('')
    t.text('ratingMessage').notNullable().defaultTo('')
    t.text('expiresInactiveMessage').notNullable().defaultTo('')
    t.string('token', 255).notNullable().defaultTo('')
    t.string('provider', 20).notNullable().defaultTo('beta')
    t.integer('expiresTicket').notNullable().defaultTo(0)
    t.integer('timeUseBotQueues').notNullable().defaultTo(0)
    t.integer('maxUseBotQueues').notNullable().defaultTo(3)
    // Rows of other plugins (integrations, prompts, queues): no foreign keys across plugins.
    t.integer('integrationId').nullable()
    t.integer('promptId').nullable()
    t.integer('transferQueueId').nullable()
    t.integer('redirectQueueId').nullable()
    t.integer('timeToTransfer').nullable()
    t.integer('maxAttemptsWithoutResponse').notNullable().defaultTo(0)
    t.jsonb('schedules').notNullable().defaultTo('[]')
    t.string('number', 30).nullable()
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.index(['companyId', 'isDefault'])
  })
  await knex.raw('CREATE UNIQUE INDEX whatsapps_company_name_unique ON whatsapps ("companyId", lower(name))')
  await knex.schema.createTable('whatsapp_queues', (t) => {
    t.integer('whatsappId').notNullable().references('whatsapps.id').onDelete('CASCADE')
    t.integer('queueId').notNullable()
    t.integer('companyId').notNullable().references('companies.id').onDelete('CASCADE')
    t.primary(['whatsappId', 'queueId'])
    t.index(['companyId'])
  })
}

export async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('whatsapp_queues')
  await knex.schema.dropTableIfExists('whatsapps')
}
