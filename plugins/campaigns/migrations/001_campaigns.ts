import type { Knex } from 'knex'

/**
 * Contact lists, campaigns and their recipients ("Contact list
 * item", "Campaign", "Campaign settings"). A campaign's audience is frozen into campaign_recipients
 * when it starts: one row per (campaign, number), unique, carrying the variant drawn and the
 * message rendered, so a restart or a second worker can never send anyone twice.
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('contact_lists', (t) => {
    t.increments('id')
    t.integer('companyId').notNullable().references('companies.id').onDelete('CASCADE')
    t.string('name', 50).notNullable()
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.index(['companyId', 'name'])
  })
  await knex.schema.createTable('contact_list_items', (t) => {
    t.increments('id')
    t.integer('companyId').notNullable().references('companies.id').onDelete('CASCADE')
    t.integer('contactListId').notNullable().references('contact_lists.id').onDelete('CASCADE')
    t.string('name', 50).notNullable()
    t.string('number', 50).notNullable()
    t.string('email', 200).notNullable().defaultTo('')
    // null: not checked yet (the connection's provider answers when it can).
    t.boolean('isWhatsappValid').nullable()
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.unique(['contactListId', 'number'])
    t.index(['contactListId', 'name', 'id'])
  })
  await knex.schema.createTable('campaigns', (t) => {
    t.increments('id')
    t.integer('companyId').notNullable().references('companies.id').onDelete('CASCADE')
    t.string('name', 50).notNullable()
    for (const n of [1, 2, 3, 4, 5]) t.text(`message${n}`).notNullable().defaultTo('')
    t.string('status', 20).notNullable().defaultTo('INATIVA')
    t.timestamp('scheduledAt', { useTz: true }).nullable()
    t.timestamp('startedAt', { useTz: true }).nullable()
    // Since when its failures count for the automatic pause (set at start and restart).
    t.timestamp('resumedAt', { useTz: true }).nullable()
    t.timestamp('completedAt', { useTz: true }).nullable()
    // Other plugins' rows (connections, tags, file lists): ids checked as the company's on save.
    t.integer('whatsappId').nullable()
    t.integer('contactListId').nullable().references('contact_lists.id').onDelete('SET NULL')
    t.integer('tagListId').nullable()
    t.integer('fileListId').nullable()
    t.text('mediaPath').nullable()
    t.string('mediaName', 255).nullable()
    // Why the engine paused it (daily cap, window, failures, disconnection); empty while it runs.
    t.text('pauseReason').notNullable().defaultTo('')
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.index(['companyId', 'name', 'id'])
    t.index(['status', 'scheduledAt'])
  })
  await knex.schema.createTable('campaign_recipients', (t) => {
    t.bigIncrements('id')
    t.integer('companyId').notNullable().references('companies.id').onDelete('CASCADE')
    t.integer('campaignId').notNullable().references('campaigns.id').onDelete('CASCADE')
    t.string('number', 50).notNullable()
    t.string('name', 100).notNullable().defaultTo('')
    t.string('email', 200).notNullable().defaultTo('')
    t.smallint('variant').notNullable()
    t.text('message').notNullable()
    // pending → sending → sent → delivered → read, or failed (with error); never downgraded.
    t.string('status', 20).notNullable().defaultTo('pending')
    t.string('providerId', 100).nullable()
    t.integer('ticketId').nullable()
    t.integer('messageId').nullable()
    t.text('error').nullable()
    t.timestamp('queuedAt', { useTz: true }).nullable()
    t.timestamp('sentAt', { useTz: true }).nullable()
    t.timestamp('deliveredAt', { useTz: true }).nullable()
    t.unique(['campaignId', 'number'])
    t.index(['campaignId', 'status', 'id'])
    t.index(['messageId'])
    // The automatic pause reads a campaign's latest sends.
    t.index(['campaignId', 'queuedAt'])
  })
  // One pacer per sending connection: when it may send next and what it sent today (its daily limit).
  await knex.schema.createTable('campaign_pacers', (t) => {
    t.integer('companyId').notNullable().references('companies.id').onDelete('CASCADE')
    t.integer('whatsappId').notNullable()
    t.timestamp('nextAt', { useTz: true }).notNullable()
    t.integer('streak').notNullable().defaultTo(0)
    t.string('day', 10).notNullable().defaultTo('')
    t.integer('dayCount').notNullable().defaultTo(0)
    t.primary(['companyId', 'whatsappId'])
  })
  await knex.schema.createTable('campaign_settings', (t) => {
    t.integer('companyId').notNullable().references('companies.id').onDelete('CASCADE')
    t.string('key', 100).notNullable()
    t.text('value').notNullable()
    t.primary(['companyId', 'key'])
  })
}

export async function down(knex: Knex) {
  for (const table of [
    'campaign_settings',
    'campaign_pacers',
    'campaign_recipients',
    'campaigns',
    'contact_list_items',
    'contact_lists',
  ])
    await knex.schema.dropTableIfExists(table)
}
