import type { Knex } from 'knex'

/**
 * Identity and tenancy are the kernel's data: companies, plans and which modules each plan
 * enables, users, login sessions and company settings. Plugins reach them through kernel services.
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('plans', (t) => {
    t.increments('id')
    t.string('name', 100).notNullable().unique()
    t.integer('users').notNullable().defaultTo(0)
    // Until 2026-11 also connections and queues (limits): the plans plugin's plan_limits now (its
    // migration 001 moves them out of databases made before).
    t.decimal('value', 12, 2).notNullable().defaultTo(0)
    t.boolean('isPublic').notNullable().defaultTo(true)
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
  })
  // Plan flags are data: one row per (plan, module key). No row = enabled (the spec's default true).
  await knex.schema.createTable('plan_modules', (t) => {
    t.integer('planId').notNullable().references('plans.id').onDelete('CASCADE')
    t.string('module', 64).notNullable()
    t.boolean('enabled').notNullable()
    t.primary(['planId', 'module'])
  })
  await knex.schema.createTable('companies', (t) => {
    t.increments('id')
    t.string('name', 100).notNullable()
    t.string('email', 200)
    t.string('phone', 30)
    t.string('cnpj', 14).notNullable().unique()
    t.integer('planId').references('plans.id').onDelete('RESTRICT')
    t.boolean('status').notNullable().defaultTo(true)
    t.timestamp('dueDate', { useTz: true })
    t.string('recurrence', 20).notNullable().defaultTo('MENSAL')
    // Until 2026-11 also schedules (the company's opening hours): the companies plugin's
    // company_hours now (its migration 001 moves them out of databases made before).
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.index(['planId'])
  })
  await knex.schema.createTable('users', (t) => {
    t.increments('id')
    t.integer('companyId').notNullable().references('companies.id').onDelete('CASCADE')
    t.string('name', 50).notNullable()
    t.string('email', 200).notNullable()
    t.string('passwordHash', 100).notNullable()
    t.string('profile', 10).notNullable().defaultTo('user')
    t.boolean('super').notNullable().defaultTo(false)
    t.text('profilePicture')
    t.string('language', 5)
    t.boolean('online').notNullable().defaultTo(false)
    t.timestamp('lastSeenAt', { useTz: true })
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.index(['companyId', 'name'])
  })
  await knex.raw('CREATE UNIQUE INDEX users_company_email_unique ON users ("companyId", lower(email))')
  // Until 2026-11 this also made users.allTicket, users.whatsappId and user_queues: who sees which
  // tickets is the tickets plugin's data now, and its migration 011_attendants moves those rows out
  // of databases made before (a new database never has them).
  await knex.schema.createTable('user_sessions', (t) => {
    t.string('id', 36).primary()
    t.integer('userId').notNullable().references('users.id').onDelete('CASCADE')
    t.integer('companyId').notNullable().references('companies.id').onDelete('CASCADE')
    t.string('refreshHash', 128).notNullable()
    t.timestamp('expiresAt', { useTz: true }).notNullable()
    t.timestamp('revokedAt', { useTz: true })
    t.string('userAgent', 300)
    t.string('ip', 64)
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('lastUsedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.index(['userId', 'revokedAt'])
  })
  await knex.schema.createTable('settings', (t) => {
    t.increments('id')
    t.integer('companyId').notNullable().references('companies.id').onDelete('CASCADE')
    t.string('key', 64).notNullable()
    t.string('value', 200).notNullable()
    t.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.unique(['companyId', 'key'])
  })
}

export async function down(knex: Knex) {
  // user_queues: what the tickets plugin's 011_attendants gives back on its way down.
  for (const table of ['settings', 'user_sessions', 'user_queues', 'users', 'companies', 'plan_modules', 'plans']) {
    await knex.schema.dropTableIfExists(table)
  }
}
