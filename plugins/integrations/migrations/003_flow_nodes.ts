import type { Knex } from 'knex'

/**
 * A flow's Typebot node runs as an integration of its own ('flow:<flowId>:<nodeId>'), kept out of
 * the /queue-integration list and updated when the node changes; null for the integrations admins make.
 */
export async function up(knex: Knex) {
  await knex.schema.alterTable('queue_integrations', (t) => {
    t.string('origin', 100).nullable()
    t.unique(['companyId', 'origin'])
  })
}

export async function down(knex: Knex) {
  await knex.schema.alterTable('queue_integrations', (t) => {
    t.dropUnique(['companyId', 'origin'])
    t.dropColumn('origin')
  })
}
