import type { Knex } from 'knex'

/**
 * Billing: one invoice per company per billing period,
 * the platform's payment settings, and each provider notification recorded once (replays do nothing).
 * `down` drops everything `up` made.
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('invoices', (t) => {
    t.increments('id')
    t.integer('companyId').notNullable().references('companies.id').onDelete('CASCADE')
    // The plan billed (kernel table); kept as a number when the plan goes.
    t.integer('planId').nullable()
    t.string('detail', 200).notNullable()
    t.decimal('value', 12, 2).notNullable()
    // The period paid for: [periodStart, periodEnd); due on periodStart (the company's due date).
    t.date('periodStart').notNullable()
    t.date('periodEnd').notNullable()
    t.string('status', 10).notNullable().defaultTo('open')
    // Our own id for the charge: the static BR Code's txid / the PSP's externalReference (≤ 25 alnum).
    t.string('txid', 25).notNullable().unique()
    t.string('provider', 20).nullable()
    t.string('providerChargeId', 100).nullable()
    t.string('providerCustomerId', 100).nullable()
    t.timestamp('paidAt', { useTz: true }).nullable()
    // Who confirmed it (the super user marking a static Pix paid); null when a provider did.
    t.integer('paidBy').nullable().references('users.id').onDelete('SET NULL')
    t.string('paidVia', 20).nullable()
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    // One invoice per company per period: the job and the event listeners may race, the index decides.
    t.unique(['companyId', 'periodStart'])
    t.unique(['provider', 'providerChargeId'])
  })
  // The /financeiro list: newest due date first.
  await knex.raw('CREATE INDEX invoices_company_period ON invoices ("companyId", "periodStart" DESC, id DESC)')

  // The platform's settings (one row): provider, Pix key, merchant; provider secrets sealed by the vault.
  await knex.schema.createTable('billing_config', (t) => {
    t.integer('id').primary()
    t.string('provider', 20).notNullable().defaultTo('pix-static')
    t.string('pixKey', 77).notNullable().defaultTo('')
    t.string('merchantName', 100).notNullable().defaultTo('')
    t.string('merchantCity', 100).notNullable().defaultTo('')
    t.text('asaasApiKey').notNullable().defaultTo('')
    t.text('asaasWebhookToken').notNullable().defaultTo('')
    t.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
  })

  // Every provider notification acted on, once: a replayed event id finds its row and changes nothing.
  await knex.schema.createTable('billing_events', (t) => {
    t.increments('id')
    t.string('provider', 20).notNullable()
    t.string('eventId', 120).notNullable()
    t.string('chargeId', 100).nullable()
    t.integer('invoiceId').nullable().references('invoices.id').onDelete('SET NULL')
    t.jsonb('payload').notNullable()
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.unique(['provider', 'eventId'])
  })
}

export async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('billing_events')
  await knex.schema.dropTableIfExists('billing_config')
  await knex.schema.dropTableIfExists('invoices')
}
