import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { caller, companyOnPlan, createTestApp, queuePlugins, until, type TestApp } from '../../queues/test/support.ts'
import { AUTOMATIONS_JOB, runAutomations } from '../src/automations.ts'

const HOUR = 3_600_000
const MINUTE = 60_000

/**
 * The automations job, driven by hand: time moves by back-dating updatedAt/createdAt, and each pass
 * is runAutomations(kernel). The scheduled runs are off (runJobs false) so none races a test.
 */
describe('ticket automations (expiresTicket, timeToTransfer)', () => {
  let t: TestApp
  let seq = 0
  const updated: { companyId: number; id: number; status: string; queueId: number | null }[] = []
  beforeAll(async () => {
    process.env.SIMULATOR_ACK_MS = '0'
    t = await createTestApp({ plugins: queuePlugins, config: { runJobs: false } })
    t.app.kernel.bus.on('ticket.updated', ({ companyId, ticket }) => {
      updated.push({ companyId, id: ticket.id, status: ticket.status, queueId: ticket.queueId })
    })
  })
  afterAll(async () => {
    await t?.close()
  })
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
  const db = () => t.app.kernel.db
  const ticket = (id: number) => db()('tickets').where({ id }).first()
  const ago = (ms: number) => new Date(Date.now() - ms)
  const run = (opts?: Parameters<typeof runAutomations>[2]) => runAutomations(t.app.kernel, new Date(), opts)

  /** A company with a paired simulator connection (no queues linked, so no chatbot) and the given settings. */
  async function setup(connection: (call: ReturnType<typeof caller>) => Promise<object> | object = () => ({})) {
    const admin = await companyOnPlan(t)
    const call = caller(t, admin.headers)
    await t.app.kernel.settings.set(admin.companyId, 'CheckMsgIsGroup', 'disabled')
    const w = (
      await call('POST', '/api/whatsapp', {
        name: `Automations ${++seq}`,
        provider: 'simulator',
        ...(await connection(call)),
      })
    ).json()
    expect(w.id).toBeGreaterThan(0)
    expect((await call('POST', `/api/simulator/${w.id}/scan`, {})).statusCode).toBe(200)
    let n = 0
    return {
      ...admin,
      call,
      w,
      async customer(name = 'Maria Silva', extra: object = {}) {
        const from = `55479${String(60_000_000 + seq * 1000 + ++n)}`
        const res = await call('POST', `/api/simulator/${w.id}/inbound`, { from, name, body: 'oi', ...extra })
        expect(res.statusCode, res.body).toBe(200)
        return { from, ticketId: res.json().message.ticketId as number }
      },
      outbox: async (to: string) =>
        ((await call('GET', `/api/simulator/${w.id}/outbox?to=${to}`)).json().messages as { body: string }[]).map(
          (m) => m.body,
        ),
      accept: (ticketId: number) => call('PUT', `/api/tickets/${ticketId}`, { status: 'open', userId: admin.userId }),
    }
  }

  it('defines one repeating job', () => {
    expect(() => t.app.kernel.jobs.define(AUTOMATIONS_JOB, async () => {})).toThrow(/already defined/)
  })

  it('closes tickets idle past expiresTicket with the inactive message; recent ones and groups get none', async () => {
    const s = await setup(() => ({
      expiresTicket: 2,
      expiresInactiveMessage: 'Encerramos por inatividade, {{firstName}}.',
    }))
    const idleOpen = await s.customer('Maria Silva')
    expect((await s.accept(idleOpen.ticketId)).statusCode).toBe(200)
    const idlePending = await s.customer('João Souza')
    const recent = await s.customer('Ana Lima')
    const group = await s.customer('Bia', { groupId: '120363000000000101', groupName: 'Turma' })
    expect((await ticket(group.ticketId)).isGroup).toBe(true)
    await db()('tickets')
      .whereIn('id', [idleOpen.ticketId, idlePending.ticketId, group.ticketId])
      .update({ updatedAt: ago(2 * HOUR + MINUTE) })
    await db()('tickets')
      .where({ id: recent.ticketId })
      .update({ updatedAt: ago(2 * HOUR - MINUTE) })

    await run()
    for (const id of [idleOpen.ticketId, idlePending.ticketId, group.ticketId])
      expect((await ticket(id)).status).toBe('closed')
    expect(await ticket(recent.ticketId)).toMatchObject({ status: 'pending' })
    await until(
      async () => (await s.outbox(idleOpen.from)).length === 1 && (await s.outbox(idlePending.from)).length === 1,
    )
    expect(await s.outbox(idleOpen.from)).toEqual(['Encerramos por inatividade, Maria.'])
    expect(await s.outbox(idlePending.from)).toEqual(['Encerramos por inatividade, João.'])
    await until(() =>
      [idleOpen.ticketId, idlePending.ticketId, group.ticketId].every((id) =>
        updated.some((u) => u.id === id && u.status === 'closed' && u.companyId === s.companyId),
      ),
    )

    // Idempotent: a second pass finds nothing (the messages just sent bumped the closed tickets only).
    await run()
    await sleep(200)
    expect(await s.outbox(idleOpen.from)).toHaveLength(1)
    expect(await db()('messages').where({ ticketId: group.ticketId, fromMe: true })).toEqual([])
    expect(await s.outbox(recent.from)).toEqual([])

    // The customer writing again starts a new conversation.
    const again = await s.call('POST', `/api/simulator/${s.w.id}/inbound`, { from: idleOpen.from, body: 'voltei' })
    expect(again.json().message.ticketId).not.toBe(idleOpen.ticketId)
  })

  it('expiresTicket 0 (the default) closes nothing; an empty message closes without sending', async () => {
    const off = await setup()
    const c = await off.customer()
    await db()('tickets')
      .where({ id: c.ticketId })
      .update({ updatedAt: ago(10_000 * HOUR) })
    const quiet = await setup(() => ({ expiresTicket: 1, expiresInactiveMessage: '' }))
    const q = await quiet.customer()
    await db()('tickets')
      .where({ id: q.ticketId })
      .update({ updatedAt: ago(2 * HOUR) })
    await run()
    expect(await ticket(c.ticketId)).toMatchObject({ status: 'pending' })
    expect(await ticket(q.ticketId)).toMatchObject({ status: 'closed' })
    await sleep(200)
    expect(await quiet.outbox(q.from)).toEqual([])
  })

  it('drains a backlog oldest first, at most `limit` per company and run', async () => {
    const s = await setup(() => ({ expiresTicket: 1 }))
    const ids = [(await s.customer()).ticketId, (await s.customer()).ticketId, (await s.customer()).ticketId]
    for (const [i, id] of ids.entries())
      await db()('tickets')
        .where({ id })
        .update({ updatedAt: ago((5 - i) * HOUR) })
    await run({ limit: 2 })
    expect(await Promise.all(ids.map(async (id) => (await ticket(id)).status))).toEqual(['closed', 'closed', 'pending'])
    await run({ limit: 2 })
    expect((await ticket(ids[2])).status).toBe('closed')
  })

  it('moves queueless waiting tickets to transferQueueId after timeToTransfer; queued, bot-held, accepted and recent ones stay', async () => {
    let vendas = 0
    let suporte = 0
    const s = await setup(async (call) => {
      vendas = (await call('POST', '/api/queue', { name: 'Vendas', color: '#f00', greetingMessage: 'Olá' })).json().id
      suporte = (await call('POST', '/api/queue', { name: 'Suporte', color: '#0f0', greetingMessage: 'Olá' })).json().id
      expect(vendas && suporte).toBeTruthy()
      return { timeToTransfer: 10, transferQueueId: vendas }
    })
    await t.app.kernel.settings.set(s.companyId, 'sendMsgTransfTicket', 'enabled')
    const waiting = await s.customer('Maria')
    const recent = await s.customer('Ana')
    const queued = await s.customer('João')
    const bot = await s.customer('Bia')
    const accepted = await s.customer('Caio')
    await db()('tickets').where({ id: queued.ticketId }).update({ queueId: suporte })
    await db()('tickets').where({ id: bot.ticketId }).update({ chatbot: true })
    expect((await s.accept(accepted.ticketId)).statusCode).toBe(200)
    await db()('tickets')
      .whereIn('id', [waiting.ticketId, queued.ticketId, bot.ticketId, accepted.ticketId])
      .update({ createdAt: ago(11 * MINUTE) })
    await db()('tickets')
      .where({ id: recent.ticketId })
      .update({ createdAt: ago(9 * MINUTE) })

    await run()
    expect(await ticket(waiting.ticketId)).toMatchObject({ status: 'pending', queueId: vendas, userId: null })
    expect(await ticket(recent.ticketId)).toMatchObject({ status: 'pending', queueId: null })
    expect(await ticket(queued.ticketId)).toMatchObject({ status: 'pending', queueId: suporte })
    expect(await ticket(bot.ticketId)).toMatchObject({ status: 'pending', queueId: null, chatbot: true })
    expect(await ticket(accepted.ticketId)).toMatchObject({ status: 'open', queueId: null, userId: s.userId })
    await until(() => updated.some((u) => u.id === waiting.ticketId && u.queueId === vendas))
    // The transfer notice, as for a manual transfer to a queue.
    await until(async () => (await s.outbox(waiting.from)).length === 1)
    expect((await s.outbox(waiting.from))[0]).toContain('*Vendas*')

    await run()
    await sleep(200)
    expect(await s.outbox(waiting.from)).toHaveLength(1)
    expect(await s.outbox(recent.from)).toEqual([])
  })

  it('an accept between the read and the write wins, for a close and for a transfer', async () => {
    let queueId = 0
    const s = await setup(async (call) => {
      queueId = (await call('POST', '/api/queue', { name: 'Fila', color: '#00f', greetingMessage: '' })).json().id
      return { expiresTicket: 1, expiresInactiveMessage: 'Tchau', timeToTransfer: 5, transferQueueId: queueId }
    })
    const idle = await s.customer()
    await db()('tickets')
      .where({ id: idle.ticketId })
      .update({ updatedAt: ago(2 * HOUR), createdAt: ago(2 * HOUR) })
    const raced: string[] = []
    await run({
      async beforeWrite(kind, companyId, ids) {
        if (companyId !== s.companyId || !ids.includes(idle.ticketId)) return
        raced.push(kind)
        expect((await s.accept(idle.ticketId)).statusCode).toBe(200)
      },
    })
    expect(raced).toEqual(['close'])
    expect(await ticket(idle.ticketId)).toMatchObject({ status: 'open', userId: s.userId, queueId: null })

    const waiting = await s.customer('Outra')
    await db()('tickets')
      .where({ id: waiting.ticketId })
      .update({ createdAt: ago(6 * MINUTE) })
    await run({
      async beforeWrite(kind, companyId, ids) {
        if (companyId !== s.companyId || !ids.includes(waiting.ticketId)) return
        raced.push(kind)
        expect((await s.accept(waiting.ticketId)).statusCode).toBe(200)
      },
    })
    expect(raced).toEqual(['close', 'transfer'])
    expect(await ticket(waiting.ticketId)).toMatchObject({ status: 'open', userId: s.userId, queueId: null })
    await sleep(200)
    expect(await s.outbox(idle.from)).toEqual([])
  })

  it("never touches another company's tickets, even one naming this company's connection", async () => {
    const a = await setup(() => ({ expiresTicket: 1, expiresInactiveMessage: 'Tchau' }))
    const b = await setup()
    const mine = await a.customer()
    const theirs = await b.customer()
    await db()('tickets')
      .whereIn('id', [mine.ticketId, theirs.ticketId])
      .update({ updatedAt: ago(3 * HOUR) })
    // A stray row of company B pointing at A's connection: scoped queries must not see it.
    const contactId = (await ticket(theirs.ticketId)).contactId
    const [stray] = await db()('tickets')
      .insert({
        uuid: crypto.randomUUID(),
        companyId: b.companyId,
        contactId,
        whatsappId: a.w.id,
        status: 'open',
        updatedAt: ago(3 * HOUR),
      })
      .returning('id')
    await run()
    expect((await ticket(mine.ticketId)).status).toBe('closed')
    expect((await ticket(theirs.ticketId)).status).toBe('pending')
    expect((await ticket(stray.id)).status).toBe('open')
  })
})
