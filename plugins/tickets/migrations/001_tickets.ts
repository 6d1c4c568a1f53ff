import type { Knex } from 'knex'

/** Tickets (conversations) and their messages. Contacts, users, queues and connections are other plugins' rows: no FKs to them. */
export async function up(knex: Knex) {
  await knex.schema.createTable('tickets', (t) => {
    t.increments('id')
    t.uuid('uuid').notNullable().unique()
    t.integer('companyId').notNullable().references('companies.id').onDelete('CASCADE')
    t.integer('contactId').notNullable()
    t.integer('whatsappId').nullable()
    t.integer('userId').nullable()
    t.integer('queueId').nullable()
    t.string('status', 20).notNullable().defaultTo('pending')
    t.boolean('isGroup').notNullable().defaultTo(false)
    t.boolean('chatbot').notNullable().defaultTo(false)
    t.text('lastMessage').notNullable().defaultTo('')
    t.integer('unreadMessages').notNullable().defaultTo(0)
    t.string('origin', 30).notNullable().defaultTo('')
    t.boolean('useIntegration').notNullable().defaultTo(false)
    t.integer('integrationId').nullable()
    t.integer('promptId').nullable()
    t.boolean('isReturningCustomer').notNullable().defaultTo(false)
    t.integer('amountUsedBotQueues').notNullable().defaultTo(0)
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.index(['companyId', 'status', 'updatedAt'])
    t.index(['companyId', 'contactId'])
  })
  // The pipeline's invariant, held by the database: at most one open or pending ticket per contact and connection.
  await knex.raw(
    `CREATE UNIQUE INDEX tickets_one_active_per_contact ON tickets ("contactId", "whatsappId") WHERE status IN ('open', 'pending')`,
  )

  await knex.schema.createTable('messages', (t) => {
    t.increments('id')
    t.integer('companyId').notNullable().references('companies.id').onDelete('CASCADE')
    t.integer('ticketId').notNullable().references('tickets.id').onDelete('CASCADE')
    t.integer('contactId').nullable()
    t.integer('whatsappId').nullable()
    // The provider's message id: a re-delivery carries the same one.
    t.string('providerId', 128).nullable()
    t.text('body').notNullable().defaultTo('')
    t.boolean('fromMe').notNullable().defaultTo(false)
    t.text('mediaUrl').nullable()
    t.string('mediaType', 30).nullable()
    t.string('mediaName', 255).nullable()
    t.smallint('ack').notNullable().defaultTo(0)
    t.boolean('read').notNullable().defaultTo(false)
    t.boolean('isDeleted').notNullable().defaultTo(false)
    t.boolean('isEdited').notNullable().defaultTo(false)
    t.integer('quotedMsgId').nullable()
    t.string('participant', 64).nullable()
    // Outgoing only: pending (queued for the connection), sent, failed.
    t.string('sendStatus', 10).nullable()
    t.text('sendError').nullable()
    t.integer('userId').nullable()
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.index(['ticketId', 'id'])
    t.index(['companyId', 'createdAt'])
  })
  await knex.raw(
    `CREATE UNIQUE INDEX messages_provider_id_unique ON messages ("whatsappId", "providerId") WHERE "providerId" IS NOT NULL`,
  )
  await knex.raw(`CREATE INDEX messages_pending_send ON messages ("whatsappId", id) WHERE "sendStatus" = 'pending'`)
}

export async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('messages')
  await knex.schema.dropTableIfExists('tickets')
}
