import { pathToFileURL } from 'node:url'
import type { Kernel } from '@atende/sdk'

/** The demo tenant a first-time user can log in to (printed by `pnpm start`). */
export const DEMO = {
  company: { name: 'Empresa Demo', cnpj: '11222333000181', email: 'admin@demo.com' },
  password: 'Demo@1234',
  users: [
    { name: 'Admin Demo', email: 'admin@demo.com', profile: 'admin' as const },
    { name: 'Atendente Demo', email: 'atendente@demo.com', profile: 'user' as const },
  ],
}

/**
 * Creates the demo company and its two users on the first plan. Idempotent: existing rows are
 * left alone (a changed demo password stays changed), and concurrent starts cannot double-insert.
 * Identity rows are the kernel's tables, so this writes them directly, like bootstrapPlatform.
 */
export async function seedDemo(kernel: Pick<Kernel, 'db' | 'auth'>): Promise<{ companyId: number; created: string[] }> {
  const { db, auth } = kernel
  const passwordHash = await auth.hashPassword(DEMO.password)
  const created: string[] = []
  const companyId = await db.transaction(async (trx) => {
    await trx.raw('SELECT pg_advisory_xact_lock(424243)')
    let company = await trx('companies').where({ cnpj: DEMO.company.cnpj }).first('id')
    if (!company) {
      const plan = await trx('plans').orderBy('id').first('id')
      const dueDate = new Date(Date.now() + 365 * 24 * 3600 * 1000)
      ;[company] = await trx('companies')
        .insert({ ...DEMO.company, planId: plan?.id ?? null, status: true, dueDate, recurrence: 'MENSAL' })
        .returning('id')
      created.push(`company ${DEMO.company.name}`)
    }
    for (const u of DEMO.users) {
      const found = await trx('users').where({ companyId: company.id }).whereRaw('lower(email) = ?', [u.email]).first('id')
      if (found) continue
      await trx('users').insert({ companyId: company.id, name: u.name, email: u.email, passwordHash, profile: u.profile, super: false })
      created.push(`user ${u.email}`)
    }
    return company.id as number
  })
  return { companyId, created }
}

/** Should this start seed the demo? Embedded mode does unless SEED_DEMO=false; production only with SEED_DEMO=true. */
export function wantsDemo(mode: 'embedded' | 'production', env: NodeJS.ProcessEnv = process.env) {
  if (env.SEED_DEMO === 'false') return false
  return mode === 'embedded' || env.SEED_DEMO === 'true'
}

// `tsx scripts/seed-demo.ts` seeds without serving.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { createApp } = await import('@atende/kernel')
  const app = await createApp({ logger: false, config: { runJobs: false } })
  const { created } = await seedDemo(app.kernel)
  console.log(created.length ? `Demo seeded: ${created.join(', ')}` : 'Demo already present')
  await app.close()
}
