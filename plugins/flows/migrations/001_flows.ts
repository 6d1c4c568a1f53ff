import type { Knex } from 'knex'

/**
 * Flows (Flow campaign, Queue flow) and their runs. Ids of other
 * plugins' records (tickets, connections, queues) are plain columns, never foreign keys: this plugin
 * does not reach into their tables; their `*.deleted` events clean up instead.
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('flows', (t) => {
    t.increments('id')
    t.integer('companyId').notNullable().references('companies.id').onDelete('CASCADE')
    t.string('name', 50).notNullable()
    t.boolean('active').notNullable().defaultTo(true)
    // The last saved graph ({ nodes, connections }) as the editor sent it; null until the first save.
    t.jsonb('flow').nullable()
    t.integer('versionId').nullable()
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.index(['companyId', 'name'])
  })
  // Immutable: a save publishes one; a run keeps the version it started on, whatever happens to the flow.
  await knex.schema.createTable('flow_versions', (t) => {
    t.increments('id')
    t.integer('companyId').notNullable().references('companies.id').onDelete('CASCADE')
    t.integer('flowId').nullable().references('flows.id').onDelete('SET NULL')
    t.jsonb('graph').notNullable()
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.index(['companyId', 'flowId'])
  })
  await knex.schema.createTable('flow_campaigns', (t) => {
    t.increments('id')
    t.integer('companyId').notNullable().references('companies.id').onDelete('CASCADE')
    t.string('name', 50).notNullable()
    t.integer('flowId').notNullable().references('flows.id').onDelete('CASCADE')
    t.integer('whatsappId').notNullable()
    t.string('phrase', 255).notNullable()
    // Lowercase, no accents, spaces collapsed: what an inbound message is matched against.
    t.string('phraseKey', 255).notNullable()
    t.boolean('status').notNullable().defaultTo(true)
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.index(['companyId', 'name'])
    t.index(['companyId', 'whatsappId', 'phraseKey'])
  })
  await knex.schema.createTable('queue_flows', (t) => {
    t.increments('id')
    t.integer('companyId').notNullable().references('companies.id').onDelete('CASCADE')
    t.string('name', 50).notNullable()
    t.text('description').notNullable().defaultTo('')
    t.integer('queueId').notNullable()
    t.text('welcomeMessage').notNullable().defaultTo('')
    t.boolean('isActive').notNullable().defaultTo(true)
    t.jsonb('subFlows').notNullable().defaultTo('[]')
    // The flow version it runs as (a menu of its options, each a transfer), published on every save.
    t.integer('versionId').nullable().references('flow_versions.id').onDelete('SET NULL')
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.index(['companyId', 'queueId'])
  })
  await knex.schema.createTable('flow_runs', (t) => {
    t.bigIncrements('id')
    t.integer('companyId').notNullable().references('companies.id').onDelete('CASCADE')
    t.integer('ticketId').notNullable()
    t.integer('whatsappId').notNullable()
    // The ticket's queue as the run last saw it: a move by someone else ends the run.
    t.integer('queueId').nullable()
    t.integer('flowId').nullable()
    t.integer('queueFlowId').nullable()
    t.integer('versionId').notNullable().references('flow_versions.id')
    t.string('startedBy', 20).notNullable()
    // running | waiting_input | waiting_timer while alive; done | failed | cancelled after.
    t.string('status', 20).notNullable()
    t.string('nodeId', 64).notNullable()
    // The fencing token: every move bumps it; a timer that carries an older value is ignored.
    t.integer('step').notNullable().defaultTo(0)
    t.integer('seqIndex').notNullable().defaultTo(0)
    t.integer('attempts').notNullable().defaultTo(0)
    t.jsonb('vars').notNullable().defaultTo('{}')
    t.bigInteger('rng').notNullable()
    t.timestamp('wakeAt', { useTz: true }).nullable()
    // The newest customer message the run has taken: a re-delivered one is not an answer twice.
    t.bigInteger('lastInputId').notNullable().defaultTo(0)
    // The loop guard's window: bot messages sent since windowStart.
    t.timestamp('windowStart', { useTz: true }).nullable()
    t.integer('windowCount').notNullable().defaultTo(0)
    t.string('endedReason', 60).nullable()
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
  })
  // One live run per conversation: two starts racing end with one run.
  await knex.raw(
    `CREATE UNIQUE INDEX flow_runs_live ON flow_runs ("companyId", "ticketId") WHERE status IN ('running', 'waiting_input', 'waiting_timer')`,
  )
  // A sub-queue flow runs once per ticket (entering the queue again does not restart it).
  await knex.raw(
    `CREATE UNIQUE INDEX flow_runs_queue_flow ON flow_runs ("companyId", "ticketId", "queueFlowId") WHERE "queueFlowId" IS NOT NULL`,
  )
  // The sweeper's scan: waits whose job may have been lost.
  await knex.raw(`CREATE INDEX flow_runs_due ON flow_runs ("wakeAt") WHERE status = 'waiting_timer'`)
  // What happened in a run, step by step (menu answers, randomizer draws, why it ended).
  await knex.schema.createTable('flow_run_events', (t) => {
    t.bigIncrements('id')
    t.integer('companyId').notNullable().references('companies.id').onDelete('CASCADE')
    t.bigInteger('runId').notNullable().references('flow_runs.id').onDelete('CASCADE')
    t.integer('step').notNullable()
    t.string('type', 40).notNullable()
    t.jsonb('payload').notNullable().defaultTo('{}')
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.index(['runId', 'id'])
  })
}

export async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('flow_run_events')
  await knex.schema.dropTableIfExists('flow_runs')
  await knex.schema.dropTableIfExists('queue_flows')
  await knex.schema.dropTableIfExists('flow_campaigns')
  await knex.schema.dropTableIfExists('flow_versions')
  await knex.schema.dropTableIfExists('flows')
}
