import type { Knex } from 'knex'

/**
 * A checkout may choose another plan for an invoice (the subscription payload's
 * planId): `planChosen` marks the invoice's plan as the payer's choice, which the company switches
 * to when it is paid; until then the company's own plan changes do not re-term it.
 */
export async function up(knex: Knex) {
  await knex.schema.alterTable('invoices', (t) => {
    t.boolean('planChosen').notNullable().defaultTo(false)
  })
  await knex.raw('CREATE INDEX invoices_status_period ON invoices (status, "periodStart", id)')
}

export async function down(knex: Knex) {
  await knex.raw('DROP INDEX IF EXISTS invoices_status_period')
  await knex.schema.alterTable('invoices', (t) => {
    t.dropColumn('planChosen')
  })
}
