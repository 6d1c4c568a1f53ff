import type { Knex } from 'knex'

/**
 * A company's weekly opening hours (the queues chatbot's "company" schedule type) are this plugin's
 * data. They were the kernel's companies.schedules column; databases made before keep every
 * company's hours (moved here, then dropped there). No row: no hours set (always open).
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('company_hours', (t) => {
    t.integer('companyId').primary().references('companies.id').onDelete('CASCADE')
    t.jsonb('schedules').notNullable().defaultTo('[]')
  })
  if (await knex.schema.hasColumn('companies', 'schedules')) {
    await knex.raw(
      `INSERT INTO company_hours ("companyId", schedules)
       SELECT id, schedules FROM companies WHERE schedules IS NOT NULL AND schedules <> '[]'::jsonb`,
    )
    await knex.schema.alterTable('companies', (t) => {
      t.dropColumn('schedules')
    })
  }
}

/** Back to the kernel's column, every company's hours kept. */
export async function down(knex: Knex) {
  await knex.schema.alterTable('companies', (t) => {
    t.jsonb('schedules').notNullable().defaultTo('[]')
  })
  await knex.raw(`UPDATE companies c SET schedules = h.schedules FROM company_hours h WHERE h."companyId" = c.id`)
  await knex.schema.dropTable('company_hours')
}
