import { pathToFileURL } from 'node:url'
import type { Kernel } from '@atende/sdk'
import type { AtendeApp } from '@atende/kernel'
import type { TicketsRef } from '@atende/plugin-tickets/api'

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
 * Identity rows are the kernel's tables, so this writes them directly, like bootstrapPlatform; the
 * users' ticket access is the tickets plugin's, set through its service.
 */
export async function seedDemo(
  kernel: Pick<Kernel, 'db' | 'auth' | 'services' | 'unitOfWork'>,
): Promise<{ companyId: number; created: string[] }> {
  const { db, auth } = kernel
  const passwordHash = await auth.hashPassword(DEMO.password)
  const created: string[] = []
  const newUsers: number[] = []
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
      const found = await trx('users')
        .where({ companyId: company.id })
        .whereRaw('lower(email) = ?', [u.email])
        .first('id')
      if (found) continue
      const [user] = await trx('users')
        .insert({
          companyId: company.id,
          name: u.name,
          email: u.email,
          passwordHash,
          profile: u.profile,
          super: false,
        })
        .returning('id')
      newUsers.push(user.id)
      created.push(`user ${u.email}`)
    }
    // Campaigns, contact lists and the flow builder hang on this company switch (the super user's,
    // under Empresas): on, so the demo admin sees every screen. Only while the company has none.
    if (!(await trx('settings').where({ companyId: company.id, key: 'campaignsEnabled' }).first('key'))) {
      await trx('settings').insert({ companyId: company.id, key: 'campaignsEnabled', value: 'true' })
      created.push('campaigns and flows switched on')
    }
    return company.id as number
  })
  // allTicket: the demo's customers arrive without a queue, and the attendant should see them.
  const tickets = kernel.services.find<TicketsRef>('tickets')
  if (tickets && newUsers.length)
    await kernel.unitOfWork(companyId, async (uow) => {
      for (const id of newUsers) await tickets.setAttendant(uow, id, { allTicket: true })
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
export async function seedDemoConversations(
  app: { inject: AtendeApp['inject']; kernel: Pick<Kernel, 'db' | 'auth'> },
  companyId: number,
): Promise<string[]> {
  const { db, auth } = app.kernel
  if (await db('whatsapps').where({ companyId }).first('id')) return []
  const admin = await db('users')
    .where({ companyId, profile: 'admin' })
    .orderBy('id')
    .first('id', 'companyId', 'profile', 'super')
  if (!admin) return []
  const { accessToken, sessionId } = await auth.issue(admin)
  const headers = { authorization: `Bearer ${accessToken}` }
  const call = async (method: 'POST', url: string, payload: object) => {
    const res = await app.inject({ method, url, headers, payload })
    if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`)
    return res.json()
  }
  const w = await call('POST', '/api/whatsapp', {
    name: 'WhatsApp Demo',
    provider: 'simulator',
    greetingMessage: 'Olá! Em instantes um atendente fala com você.',
  })
  await call('POST', `/api/simulator/${w.id}/scan`, {})
  for (const c of DEMO_CONVERSATIONS) await call('POST', `/api/simulator/${w.id}/inbound`, c)
  // The session this seed used is not a person's: end it.
  await auth.revoke(sessionId)
  return [`connection ${w.name}`, `${DEMO_CONVERSATIONS.length} customers waiting`]
}

/** The demo's queues: colours, a greeting and a chatbot menu (queue options) each. */
export const DEMO_QUEUES = [
  {
    name: 'Vendas',
    color: '#2563EB',
    greetingMessage: 'Você está falando com Vendas. Escolha uma opção:',
    options: [
      {
        title: 'Fazer um pedido',
        message: 'Ótimo! Envie o nome do produto e a quantidade, e um vendedor confirma o seu pedido.',
      },
      { title: 'Prazo e frete', message: 'Informe o seu CEP que calculamos o prazo de entrega e o frete.' },
    ],
  },
  {
    name: 'Suporte',
    color: '#16A34A',
    greetingMessage: 'Você está falando com o Suporte. Escolha uma opção:',
    options: [
      {
        title: 'Problema com um pedido',
        message: 'Envie o número do pedido e, se puder, uma foto. Um atendente já vai ver.',
      },
      {
        title: 'Trocas e devoluções',
        message: 'Trocas em até 30 dias após a entrega. Envie o número do pedido para começarmos.',
      },
    ],
  },
]
export const DEMO_TAGS = [
  { name: 'Novo cliente', color: '#0EA5E9' },
  { name: 'Urgente', color: '#DC2626' },
  { name: 'Pós-venda', color: '#9333EA' },
]
export const DEMO_QUICK_MESSAGES = [
  { shortcode: 'ola', message: 'Olá! Tudo bem? Em que posso ajudar?' },
  { shortcode: 'prazo', message: 'O prazo de entrega é de 3 a 5 dias úteis após a confirmação do pagamento.' },
  { shortcode: 'obrigado', message: 'Obrigado pelo contato! Qualquer dúvida, é só chamar por aqui.' },
]
export const DEMO_CONTACTS = [
  { name: 'Bruno Lima', number: '5511987650004', email: 'bruno.lima@example.com' },
  { name: 'Carla Mendes', number: '5521987650005', email: 'carla.mendes@example.com' },
  { name: 'Diego Ferreira', number: '5531987650006' },
  { name: 'Elisa Rocha', number: '5541987650007' },
]
/**
 * The Ajuda (help) screen's videos. Helps are the platform's (the super user curates them for every
 * company), so these are written through the super user's routes. The video is YouTube's own
 * sample (the IFrame API documentation's), a stand-in the super user replaces under Configurações →
 * Ajuda.
 */
export const DEMO_HELPS = [
  {
    title: 'Primeiros passos no Atende',
    description: 'Conheça o painel, a lista de atendimentos e o menu lateral: por onde começar no primeiro dia.',
    video: 'https://www.youtube.com/watch?v=M7lc1UVf-VE',
  },
  {
    title: 'Como atender um cliente',
    description: 'Aceite um ticket pendente, responda pelo chat, transfira para outra fila ou resolva o atendimento.',
    video: 'https://www.youtube.com/watch?v=M7lc1UVf-VE',
  },
  {
    title: 'Respostas rápidas e agendamentos',
    description: 'Responda mais rápido com atalhos digitando / no chat, e agende mensagens para enviar depois.',
    video: 'https://www.youtube.com/watch?v=M7lc1UVf-VE',
  },
]
/** Tags the seeded customers' tickets carry (by the customer's number). */
const DEMO_TICKET_TAGS: Record<string, string[]> = {
  '5511987650001': ['Novo cliente'],
  '5511987650002': ['Urgente', 'Pós-venda'],
}

/**
 * The rest of the demo company, so every screen has something real on first start: two queues with
 * a chatbot menu (the demo users in both, the demo connection offering them, so the transfer dialog
 * works), tags (two of the waiting tickets tagged), quick messages, a few more contacts, and the
 * Ajuda screen's videos (the platform's: only while it has none). Written through the routes as the
 * demo admin (the helps as the super user), like the conversations. Idempotent: each kind is seeded
 * only while the company has none of it (contacts: by number), so a second start adds nothing and
 * what a person deleted or changed stays that way. Returns what it created.
 */
export async function seedDemoSetup(
  app: { inject: AtendeApp['inject']; kernel: Pick<Kernel, 'db' | 'auth'> },
  companyId: number,
): Promise<string[]> {
  const { db, auth } = app.kernel
  const admin = await db('users')
    .where({ companyId, profile: 'admin' })
    .orderBy('id')
    .first('id', 'companyId', 'profile', 'super')
  if (!admin) return []
  const has = async (table: string) => !!(await db(table).where({ companyId }).first('id'))
  const created: string[] = []
  const { accessToken, sessionId } = await auth.issue(admin)
  const headers = { authorization: `Bearer ${accessToken}` }
  const call = async (method: 'POST' | 'PUT', url: string, payload: object) => {
    const res = await app.inject({ method, url, headers, payload })
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 200)}`)
    return res.json()
  }
  try {
    if (!(await has('queues'))) {
      const queueIds: number[] = []
      for (const [i, q] of DEMO_QUEUES.entries()) {
        const queue = await call('POST', '/api/queue', {
          name: q.name,
          color: q.color,
          greetingMessage: q.greetingMessage,
          orderQueue: i + 1,
        })
        queueIds.push(queue.id)
        for (const [n, o] of q.options.entries())
          await call('POST', '/api/queue-options', {
            queueId: queue.id,
            title: o.title,
            message: o.message,
            option: n + 1,
          })
      }
      const emails = DEMO.users.map((u) => u.email)
      const demoUsers: number[] = await db('users')
        .where({ companyId })
        .whereRaw(`lower(email) in (${emails.map(() => '?').join(', ')})`, emails)
        .pluck('id')
      for (const id of demoUsers) await call('PUT', `/api/users/${id}`, { queueIds })
      // The demo connection offers the queues: a customer writing in gets the menu.
      const connections: number[] = await db('whatsapps').where({ companyId }).pluck('id')
      for (const id of connections) {
        if (!(await db('whatsapp_queues').where({ whatsappId: id }).first('queueId')))
          await call('PUT', `/api/whatsapp/${id}`, { queueIds })
      }
      created.push(`${DEMO_QUEUES.length} queues with a chatbot menu`)
    }
    if (!(await has('tags'))) {
      const ids = new Map<string, number>()
      for (const tag of DEMO_TAGS) ids.set(tag.name, (await call('POST', '/api/tags', tag)).id)
      for (const [number, names] of Object.entries(DEMO_TICKET_TAGS)) {
        const ticket = await db('tickets as t')
          .join('contacts as c', 'c.id', 't.contactId')
          .where({ 't.companyId': companyId, 'c.number': number })
          .orderBy('t.id', 'desc')
          .first('t.id')
        if (ticket) await call('POST', '/api/tags/sync', { ticketId: ticket.id, tags: names.map((n) => ids.get(n)!) })
      }
      created.push(`${DEMO_TAGS.length} tags`)
    }
    if (!(await has('quick_messages'))) {
      for (const m of DEMO_QUICK_MESSAGES)
        await call('POST', '/api/quick-messages', { ...m, geral: true, status: true })
      created.push(`${DEMO_QUICK_MESSAGES.length} quick messages`)
    }
    let contacts = 0
    for (const c of DEMO_CONTACTS) {
      if (await db('contacts').where({ companyId, number: c.number }).first('id')) continue
      await call('POST', '/api/contacts', c)
      contacts += 1
    }
    if (contacts) created.push(`${contacts} contacts`)
  } finally {
    // The session this seed used is not a person's: end it.
    await auth.revoke(sessionId)
  }
  created.push(...(await seedDemoHelps(app)))
  return created
}

/**
 * The help videos (DEMO_HELPS), through POST /api/helps as the super user, only while the platform
 * has none (so a second start adds nothing, and a curated list is never added to). Returns what it
 * created.
 */
async function seedDemoHelps(app: {
  inject: AtendeApp['inject']
  kernel: Pick<Kernel, 'db' | 'auth'>
}): Promise<string[]> {
  const { db, auth } = app.kernel
  if (!(await db.schema.hasTable('helps')) || (await db('helps').first('id'))) return []
  const root = await db('users').where({ super: true }).orderBy('id').first('id', 'companyId', 'profile', 'super')
  if (!root) return []
  const { accessToken, sessionId } = await auth.issue(root)
  try {
    for (const help of DEMO_HELPS) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/helps',
        headers: { authorization: `Bearer ${accessToken}` },
        payload: help,
      })
      if (res.statusCode >= 300) throw new Error(`POST /api/helps: ${res.statusCode} ${res.body.slice(0, 200)}`)
    }
  } finally {
    await auth.revoke(sessionId)
  }
  return [`${DEMO_HELPS.length} help videos`]
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
  const { companyId, created } = await seedDemo(app.kernel)
  created.push(...(await seedDemoSetup(app, companyId)))
  console.log(created.length ? `Demo seeded: ${created.join(', ')}` : 'Demo already present')
  await app.close()
}
