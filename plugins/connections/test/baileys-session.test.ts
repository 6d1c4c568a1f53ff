import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { backoffDelay } from '../src/providers/baileys/index.ts'
import { createTestApp, pipelinePlugins, type TestApp } from './support.ts'
import { connectionRow, openSocket, startHarness } from './baileys-support.ts'

const LOGGED_OUT = 401
const RESTART_REQUIRED = 515
const CONNECTION_CLOSED = 428
const TIMED_OUT = 408
const BAD_SESSION = 500

describe('baileys session state machine (fake socket)', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ plugins: pipelinePlugins })
  })
  afterAll(async () => {
    await t?.close()
  })

  const authRows = async (id: number) => ({
    creds: (await t.db('baileys_creds').where({ whatsappId: id })).length,
    keys: (await t.db('baileys_keys').where({ whatsappId: id })).length,
  })

  it('connecting → OPENING, each QR → qrcode with retries counted, then TIMEOUT without reconnecting', async () => {
    const { ref } = await connectionRow(t)
    const h = await startHarness(t.app.kernel, ref, { maxQrRetries: 3 })
    const s = h.sock()
    expect(s.config.emitOwnEvents).toBe(false)
    s.emit('connection.update', { connection: 'connecting', qr: undefined })
    for (const qr of ['qr-1', 'qr-2', 'qr-3']) s.emit('connection.update', { qr })
    await h.settle()
    expect(h.reports).toEqual([
      { status: 'OPENING', qrcode: '', retries: 0 },
      { status: 'qrcode', qrcode: 'qr-1', retries: 1 },
      { status: 'qrcode', qrcode: 'qr-2', retries: 2 },
      { status: 'qrcode', qrcode: 'qr-3', retries: 3 },
    ])
    // The third QR expired unscanned: the next one is not shown.
    s.emit('connection.update', { qr: 'qr-4' })
    await h.settle()
    expect(h.reports.at(-1)).toEqual({ status: 'TIMEOUT', qrcode: '', retries: 3 })
    expect(s.ended).toBe(1)
    expect(h.timers.pending.size).toBe(0)
    expect(h.sockets).toHaveLength(1)
  })

  it('requestNewQr wipes the pairing, resets retries and starts a new socket; the old socket is ignored', async () => {
    const { ref } = await connectionRow(t)
    const h = await startHarness(t.app.kernel, ref, { maxQrRetries: 2 })
    const old = h.sock()
    old.emit('creds.update', { registrationId: 4242 })
    old.emit('connection.update', { qr: 'a' })
    old.emit('connection.update', { qr: 'b' })
    old.emit('connection.update', { qr: 'c' })
    await h.settle()
    expect(h.reports.at(-1)).toMatchObject({ status: 'TIMEOUT', retries: 2 })
    expect((await authRows(ref.id)).creds).toBe(1)

    await h.session.requestNewQr()
    expect(h.sockets).toHaveLength(2)
    expect((await authRows(ref.id)).creds).toBe(0)
    const fresh = h.sock()
    expect(fresh.config.auth!.creds.registrationId).not.toBe(4242)
    expect(h.reports.at(-1)).toEqual({ status: 'OPENING', qrcode: '', retries: 0 })
    old.emit('connection.update', { qr: 'stale' })
    fresh.emit('connection.update', { qr: 'new-1' })
    await h.settle()
    expect(h.reports.at(-1)).toEqual({ status: 'qrcode', qrcode: 'new-1', retries: 1 })
    expect(h.reports.some((r) => r.qrcode === 'stale')).toBe(false)
    await h.session.stop({ silent: true })
  })

  it('open → CONNECTED with the paired number (no device suffix); requestNewQr when connected unlinks the old device', async () => {
    const { ref } = await connectionRow(t)
    const h = await startHarness(t.app.kernel, ref)
    h.sock().emit('connection.update', { qr: 'q' })
    await h.settle()
    const s = await openSocket(h, '5521912345678')
    expect(h.reports.at(-1)).toEqual({ status: 'CONNECTED', qrcode: '', retries: 0, number: '5521912345678' })
    await h.session.requestNewQr()
    expect(s.loggedOut).toBe(1)
    expect(s.ended).toBe(1)
    expect(h.sockets).toHaveLength(2)
    await h.session.stop({ silent: true })
  })

  it('loggedOut wipes creds and keys, reports DISCONNECTED and never reconnects', async () => {
    const { ref } = await connectionRow(t)
    const h = await startHarness(t.app.kernel, ref)
    const s = await openSocket(h)
    s.emit('creds.update', { registered: true })
    await s.config.auth!.keys.set({ session: { peer: new Uint8Array([1]) } })
    await h.settle()
    expect(await authRows(ref.id)).toEqual({ creds: 1, keys: 1 })

    s.close(LOGGED_OUT)
    await h.settle()
    expect(h.reports.at(-1)).toEqual({ status: 'DISCONNECTED', qrcode: '', retries: 0 })
    expect(await authRows(ref.id)).toEqual({ creds: 0, keys: 0 })
    expect(h.timers.pending.size).toBe(0)
    h.timers.fireAll()
    await h.settle()
    expect(h.sockets).toHaveLength(1)
  })

  it('other close reasons reconnect after growing delays, reset once open', async () => {
    const { ref } = await connectionRow(t)
    const h = await startHarness(t.app.kernel, ref) // backoff 100 ms .. 1 s, jitter factor 1
    await openSocket(h)
    for (const code of [CONNECTION_CLOSED, TIMED_OUT, BAD_SESSION, undefined, CONNECTION_CLOSED, CONNECTION_CLOSED]) {
      const before = h.sockets.length
      h.sock().close(code)
      await h.settle()
      expect(h.reports.at(-1)).toMatchObject({ status: 'OPENING' })
      expect(h.sockets).toHaveLength(before) // not before the timer fires
      h.timers.fireAll()
      await h.settle()
      expect(h.sockets).toHaveLength(before + 1)
    }
    expect(h.timers.delays).toEqual([100, 200, 400, 800, 1000, 1000])
    await openSocket(h)
    h.sock().close(CONNECTION_CLOSED)
    await h.settle()
    expect(h.timers.delays.at(-1)).toBe(100)
    await h.session.stop({ silent: true })
  })

  it('jitter keeps each delay between half and all of its step', () => {
    const b = { baseMs: 1000, maxMs: 60_000 }
    expect([0, 1, 2, 3, 6, 7, 20].map((a) => backoffDelay(a, b, () => 1))).toEqual([
      1000, 2000, 4000, 8000, 60_000, 60_000, 60_000,
    ])
    expect([0, 1, 6].map((a) => backoffDelay(a, b, () => 0))).toEqual([500, 1000, 30_000])
    expect(backoffDelay(2, b, () => 0.5)).toBe(3000)
  })

  it('restartRequired (after pairing) reconnects at once with the saved pairing', async () => {
    const { ref } = await connectionRow(t)
    const h = await startHarness(t.app.kernel, ref)
    const s = h.sock()
    s.emit('connection.update', { qr: 'q' })
    s.emit('creds.update', { me: { id: '5511987654321:7@s.whatsapp.net' }, registered: true })
    s.close(RESTART_REQUIRED)
    await h.settle()
    expect(h.timers.delays).toEqual([])
    expect(h.sockets).toHaveLength(2)
    expect(h.sock().config.auth!.creds.me?.id).toBe('5511987654321:7@s.whatsapp.net')
    const saved = await t.db('baileys_creds').where({ whatsappId: ref.id }).first()
    expect(saved.creds.me.id).toBe('5511987654321:7@s.whatsapp.net')
    await openSocket(h)
    expect(h.reports.at(-1)).toMatchObject({ status: 'CONNECTED', number: '5511987654321' })
    await h.session.stop({ silent: true })
  })

  it('QRs keep counting across reconnects until the first open', async () => {
    const { ref } = await connectionRow(t)
    const h = await startHarness(t.app.kernel, ref, { maxQrRetries: 3 })
    h.sock().emit('connection.update', { qr: 'a' })
    h.sock().emit('connection.update', { qr: 'b' })
    h.sock().close(TIMED_OUT) // Baileys ran out of QR refs
    await h.settle()
    h.timers.fireAll()
    await h.settle()
    h.sock().emit('connection.update', { qr: 'c' })
    h.sock().emit('connection.update', { qr: 'd' })
    await h.settle()
    expect(h.reports.filter((r) => r.status !== 'OPENING').map((r) => `${r.status}:${r.retries}`)).toEqual([
      'qrcode:1',
      'qrcode:2',
      'qrcode:3',
      'TIMEOUT:3',
    ])
  })

  it('stop() cancels a pending reconnect, ends the socket and reports DISCONNECTED; silent reports nothing', async () => {
    const { ref } = await connectionRow(t)
    const h = await startHarness(t.app.kernel, ref)
    await openSocket(h)
    h.sock().close(CONNECTION_CLOSED)
    await h.settle()
    expect(h.timers.pending.size).toBe(1)
    await h.session.stop()
    expect(h.timers.pending.size).toBe(0)
    expect(h.reports.at(-1)).toEqual({ status: 'DISCONNECTED', qrcode: '', retries: 0 })
    h.timers.fireAll()
    await h.settle()
    expect(h.sockets).toHaveLength(1)

    const other = await connectionRow(t)
    const q = await startHarness(t.app.kernel, other.ref)
    const s = await openSocket(q)
    s.emit('creds.update', { registered: true })
    await q.settle()
    const count = q.reports.length
    await q.session.stop({ silent: true })
    await q.settle()
    expect(s.ended).toBe(1)
    // Our own end closes the socket: that close is not the network's, nothing reconnects.
    expect(q.reports).toHaveLength(count)
    expect(q.timers.pending.size).toBe(0)
    expect(q.sockets).toHaveLength(1)
    // Credentials stay: a restart resumes the pairing.
    expect(await t.db('baileys_creds').where({ whatsappId: other.ref.id })).toHaveLength(1)
  })

  it('refuses to send while not connected', async () => {
    const { ref } = await connectionRow(t)
    const h = await startHarness(t.app.kernel, ref)
    await expect(h.session.send({ chatId: '5511900000000', isGroup: false, body: 'hi' })).rejects.toMatchObject({
      code: 'ERR_WAPP_NOT_INITIALIZED',
    })
    await h.session.stop({ silent: true })
  })
})
