import type { Knex } from 'knex'
import type { AuthService, KernelConfig } from '@atende/sdk'

/** The plan a fresh platform starts with (default plan id 1, price 30, 10 users, 10 connections). */
/** The first plan; the plans plugin gives it its connection and queue limits. */
export const DEFAULT_PLAN = { name: 'Plano 1', users: 10, value: 30 }

/**
 * First start: a default plan, the platform company (SUPERUSER_CNPJ) and its super user, who logs
 * in like everyone else. Idempotent and safe when several processes start together.
 */
export async function bootstrapPlatform(db: Knex, config: KernelConfig, auth: AuthService) {
  const { cnpj, email, password, name } = config.superuser
  const passwordHash = await auth.hashPassword(password)
  await db.transaction(async (trx) => {
    await trx.raw('SELECT pg_advisory_xact_lock(424242)')
    let plan = await trx('plans').orderBy('id').first('id')
    if (!plan) [plan] = await trx('plans').insert(DEFAULT_PLAN).returning('id')
    let company = await trx('companies').where({ cnpj }).first('id')
    if (!company) {
      ;[company] = await trx('companies')
        .insert({
          name: process.env.SUPERUSER_COMPANY_NAME || 'Atende',
          email,
          cnpj,
          planId: plan.id,
          status: true,
          dueDate: new Date('2099-12-31T00:00:00Z'),
          recurrence: 'ANUAL',
        })
        .returning('id')
    }
    const user = await trx('users').where({ companyId: company.id }).whereRaw('lower(email) = ?', [email]).first('id')
    if (!user)
      await trx('users').insert({ companyId: company.id, name, email, passwordHash, profile: 'admin', super: true })
  })
}
