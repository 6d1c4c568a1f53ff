import { pathToFileURL } from 'node:url'
import type { Kernel } from '@atende/sdk'
import type { AtendeApp } from '@atende/kernel'

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
      // allTicket: the demo's customers arrive without a queue, and the attendant should see them.
      await trx('users').insert({ companyId: company.id, name: u.name, email: u.email, passwordHash, profile: u.profile, super: false, allTicket: 'enabled' })
      created.push(`user ${u.email}`)
    }
    return company.id as number
  })
  return { companyId, created }
}

/** What the demo's customers say on first start, so the tickets screen has conversations to work. */
export const DEMO_CONVERSATIONS = [
  { from: '5511987650001', name: 'Marina Costa', body: 'Olá! Gostaria de saber o prazo de entrega para Campinas.' },
  { from: '5511987650002', name: 'Rafael Souza', body: 'Bom dia, meu pedido 4471 chegou com a caixa amassada.' },
  { from: '5511987650003', name: 'Luciana Alves', body: 'Vocês abrem no sábado?' },
]

/**
 * On the demo company's first start: a paired simulator connection ("WhatsApp Demo") and a few
 * customers waiting, through the same routes a person would use. Skipped when the company already
 * has a connection or the simulator is off; a failure is reported, never fatal.
 */
export async function seedDemoConversations(app: { inject: AtendeApp['inject']; kernel: Pick<Kernel, 'db' | 'auth'> }, companyId: number): Promise<string[]> {
  const { db, auth } = app.kernel
  if (await db('whatsapps').where({ companyId }).first('id')) return []
  const admin = await db('users').where({ companyId, profile: 'admin' }).orderBy('id').first('id', 'companyId', 'profile', 'super')
  if (!admin) return []
  const { accessToken, sessionId } = await auth.issue(admin)
  const headers = { authorization: `Bearer ${accessToken}` }
  const call = async (method: 'POST', url: string, payload: object) => {
    const res = await app.inject({ method, url, headers, payload })
    if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`)
    return res.json()
  }
  const w = await call('POST', '/api/whatsapp', { name: 'WhatsApp Demo', provider: 'simulator', greetingMessage: 'Olá! Em instantes um atendente fala com você.' })
  await call('POST', `/api/simulator/${w.id}/scan`, {})
  for (const c of DEMO_CONVERSATIONS) await call('POST', `/api/simulator/${w.id}/inbound`, c)
  // The session this seed used is not a person's: end it.
  await auth.revoke(sessionId)
  return [`connection ${w.name}`, `${DEMO_CONVERSATIONS.length} customers waiting`]
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
