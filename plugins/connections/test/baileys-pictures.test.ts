import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { UserFacingSocketConfig, WAMessage } from '@whiskeysockets/baileys'
import type { Contact } from '@atende/plugin-contacts/api'
import { createBaileysProvider, type BaileysSession } from '../src/providers/baileys/index.ts'
import { createInboundPipeline } from '../src/pipeline/inbound.ts'
import { createRouting } from '../src/pipeline/routing.ts'
import { createTestApp, pipelinePlugins, until, type TestApp } from './support.ts'
import { connectionRow, FakeSocket, ManualTimers } from './baileys-support.ts'

const ME = '5511987654321'
const TS = 1_750_000_000
const HOUR = 3600_000
const boom = (statusCode: number, message: string) => Object.assign(new Error(message), { output: { statusCode } })

/** WhatsApp's side of pictures: which JIDs were asked for, and what each answers (a CDN path, an error, or a wait). */
class PictureSocket extends FakeSocket {
  readonly asked: string[] = []
  readonly answers = new Map<string, () => Promise<string | undefined>>()
  constructor(
    config: UserFacingSocketConfig,
    private readonly cdn: () => string,
  ) {
    super(config)
  }
  async profilePictureUrl(jid: string, type?: string) {
    expect(type).toBe('image')
    this.asked.push(jid)
    const answer = this.answers.get(jid)
    if (!answer) throw boom(404, 'item-not-found')
    const path = await answer()
    return path && `${this.cdn()}${path}?oh=${Math.random().toString(36).slice(2)}&oe=FFFF`
  }
}

describe("baileys: contacts' pictures (fake socket, real pipeline and storage)", () => {
  let t: TestApp
  let cdn: Server
  let session: BaileysSession
  let sock: PictureSocket
  let clock = Date.now()
  let downloads = 0
  const images = new Map<string, Buffer>()
  const updated: Contact[] = []

  beforeAll(async () => {
    t = await createTestApp({ plugins: pipelinePlugins })
    // A stand-in for WhatsApp's picture CDN (its URLs expire, hence the copy we keep).
    cdn = createServer((req, res) => {
      const body = images.get((req.url ?? '').split('?')[0])
      downloads += 1
      if (!body) {
        res.writeHead(404).end()
        return
      }
      res.writeHead(200, { 'content-type': 'image/jpeg' }).end(body)
    })
    await new Promise<void>((r) => cdn.listen(0, '127.0.0.1', r))
    const base = () => `http://127.0.0.1:${(cdn.address() as AddressInfo).port}`
    const { ref } = await connectionRow(t)
    const kernel = t.app.kernel
    await kernel.settings.set(ref.companyId, 'CheckMsgIsGroup', 'disabled') // groups are ticketed
    kernel.bus.on('contact.updated', (p) => {
      if (p.companyId === ref.companyId) updated.push(p.contact)
    })
    const pipeline = createInboundPipeline(kernel, createRouting(kernel.log), async () => {
      throw new Error('no replies here')
    })
    const provider = createBaileysProvider({
      kernel,
      makeSocket: (config) => (sock = new PictureSocket(config, base)),
      backoff: { baseMs: 100, maxMs: 1000 },
      timers: new ManualTimers(),
      random: () => 1,
      pictures: { now: () => clock },
    })
    session = (await provider.start(ref, async () => {}, pipeline.eventsFor(ref))) as BaileysSession
    sock.user = { id: `${ME}:7@s.whatsapp.net` }
    sock.emit('connection.update', { connection: 'open' })
    await session.idle()
  })
  afterAll(async () => {
    await session?.stop({ silent: true })
    await new Promise((r) => cdn?.close(r))
    await t?.close()
  })

  let seq = 0
  const text = (phone: string, over: Partial<WAMessage> = {}): WAMessage => ({
    key: { remoteJid: `${phone}@s.whatsapp.net`, fromMe: false, id: `PIC${++seq}` },
    messageTimestamp: TS,
    pushName: 'Ana',
    message: { conversation: `hello ${seq}` },
    ...over,
  })
  const receive = async (m: WAMessage) => {
    sock.emit('messages.upsert', { messages: [m], type: 'notify' })
    await session.idle()
  }
  const contact = (number: string) => t.db('contacts').where({ number }).first()
  /** Fetch a stored picture the way the browser does: through the signed URL, no bearer. */
  const served = async (url: string) => t.app.inject({ method: 'GET', url })

  it('first sighting looks the picture up once, stores a copy and shows it through a signed URL', async () => {
    const phone = '5547991110001'
    images.set('/v/pic-a.jpg', Buffer.from('jpeg bytes of A'))
    sock.answers.set(`${phone}@s.whatsapp.net`, async () => '/v/pic-a.jpg')
    await receive(text(phone))
    await receive(text(phone))
    expect(sock.asked.filter((j) => j.startsWith(phone))).toEqual([`${phone}@s.whatsapp.net`])
    const c = await contact(phone)
    expect(c.profilePicUrl).toMatch(/^\/api\/media\/\d+\/avatars\/.+\?exp=\d+&sig=/)
    const res = await served(c.profilePicUrl)
    expect(res.statusCode).toBe(200)
    expect(res.rawPayload.toString()).toBe('jpeg bytes of A')
    await until(() => updated.some((u) => u.number === phone && u.profilePicUrl === c.profilePicUrl))
  })

  it('no picture to see (404, 401) leaves it empty; a slow lookup never holds up the message', async () => {
    const none = '5547991110002'
    const hidden = '5547991110003'
    sock.answers.set(`${hidden}@s.whatsapp.net`, async () => {
      throw boom(401, 'not-authorized')
    })
    await receive(text(none))
    await receive(text(hidden))
    expect((await contact(none)).profilePicUrl).toBe('')
    expect((await contact(hidden)).profilePicUrl).toBe('')
    expect(await t.db('messages').whereIn('providerId', [`PIC${seq - 1}`, `PIC${seq}`])).toHaveLength(2)

    const slow = '5547991110004'
    let release = () => {}
    images.set('/v/slow.jpg', Buffer.from('slow'))
    sock.answers.set(
      `${slow}@s.whatsapp.net`,
      () =>
        new Promise((r) => {
          release = () => r('/v/slow.jpg')
        }),
    )
    const m = text(slow)
    sock.emit('messages.upsert', { messages: [m], type: 'notify' })
    // The message is committed while WhatsApp has not answered for the picture yet.
    await until(async () => !!(await t.db('messages').where({ providerId: m.key.id }).first()))
    expect((await contact(slow)).profilePicUrl).toBe('')
    release()
    await session.idle()
    expect((await contact(slow)).profilePicUrl).toMatch(/^\/api\/media\//)
  })

  it('looks again only after 24 h; a failed refresh keeps the stored picture; the same picture is not downloaded again', async () => {
    const phone = '5547991110005'
    const jid = `${phone}@s.whatsapp.net`
    images.set('/v/pic-b.jpg', Buffer.from('B'))
    sock.answers.set(jid, async () => '/v/pic-b.jpg')
    await receive(text(phone))
    const first = (await contact(phone)).profilePicUrl
    expect(first).toMatch(/^\/api\/media\//)

    clock += 23 * HOUR
    await receive(text(phone))
    expect(sock.asked.filter((j) => j === jid)).toHaveLength(1)

    // A day later WhatsApp fails (a timeout, a server error): what we have stays.
    clock += 2 * HOUR
    sock.answers.set(jid, async () => {
      throw boom(500, 'internal-server-error')
    })
    await receive(text(phone))
    expect(sock.asked.filter((j) => j === jid)).toHaveLength(2)
    expect((await contact(phone)).profilePicUrl).toBe(first)

    // And a day after that it answers 404 (privacy changed, say): kept too.
    clock += 25 * HOUR
    sock.answers.delete(jid)
    await receive(text(phone))
    expect(sock.asked.filter((j) => j === jid)).toHaveLength(3)
    expect((await contact(phone)).profilePicUrl).toBe(first)

    // The same picture (same CDN path, fresh signature) is not fetched from the CDN again.
    clock += 25 * HOUR
    sock.answers.set(jid, async () => '/v/pic-b.jpg')
    const before = downloads
    await receive(text(phone))
    expect(sock.asked.filter((j) => j === jid)).toHaveLength(4)
    expect(downloads).toBe(before)
    expect((await contact(phone)).profilePicUrl).toBe(first)

    // A download that fails keeps it as well.
    clock += 25 * HOUR
    sock.answers.set(jid, async () => '/v/gone.jpg')
    await receive(text(phone))
    expect((await contact(phone)).profilePicUrl).toBe(first)
  })

  it('a picture change refetches at once and replaces the stored copy; a removal clears it', async () => {
    const phone = '5547991110006'
    const jid = `${phone}@s.whatsapp.net`
    images.set('/v/old.jpg', Buffer.from('old'))
    images.set('/v/new.jpg', Buffer.from('new'))
    sock.answers.set(jid, async () => '/v/old.jpg')
    await receive(text(phone))
    const old = (await contact(phone)).profilePicUrl
    expect((await served(old)).rawPayload.toString()).toBe('old')

    sock.answers.set(jid, async () => '/v/new.jpg')
    sock.emit('contacts.update', [{ id: jid, imgUrl: 'changed' }])
    await session.idle()
    expect(sock.asked.filter((j) => j === jid)).toHaveLength(2)
    const now = (await contact(phone)).profilePicUrl
    expect(now).not.toBe(old)
    expect((await served(now)).rawPayload.toString()).toBe('new')
    // The replaced copy is gone from storage.
    expect((await served(old)).statusCode).toBe(404)

    sock.emit('contacts.update', [{ id: jid, imgUrl: 'removed' }])
    await session.idle()
    expect((await contact(phone)).profilePicUrl).toBe('')
    expect((await served(now)).statusCode).toBe(404)

    // Changes of people this session has not seen (the whole address book) are not fetched.
    const asked = sock.asked.length
    sock.emit('contacts.update', [{ id: '5547991119999@s.whatsapp.net', imgUrl: 'changed' }])
    await session.idle()
    expect(sock.asked).toHaveLength(asked)
    expect(await contact('5547991119999')).toBeUndefined()
  })

  it('groups: the group and the member who wrote, each once; a LID-only member is asked by LID', async () => {
    const group = '120363000000000077'
    const lid = '77788899900011'
    sock.groups.set(`${group}@g.us`, 'Team')
    images.set('/v/group.jpg', Buffer.from('group'))
    sock.answers.set(`${group}@g.us`, async () => '/v/group.jpg')
    const m = text('x', { key: { remoteJid: `${group}@g.us`, participant: `${lid}@lid`, fromMe: false, id: 'PICG1' } })
    await receive(m)
    await receive({ ...m, key: { ...m.key, id: 'PICG2' } })
    expect(sock.asked.filter((j) => j.startsWith(group) || j.startsWith(lid))).toEqual([`${group}@g.us`, `${lid}@lid`])
    const g = await t.db('contacts').where({ number: group }).first()
    expect(g.isGroup).toBe(true)
    expect((await served(g.profilePicUrl)).rawPayload.toString()).toBe('group')
  })

  it('at most two lookups at a time', async () => {
    const waiting: Array<() => void> = []
    let inFlight = 0
    let most = 0
    const phones = ['5547991110011', '5547991110012', '5547991110013', '5547991110014', '5547991110015']
    for (const p of phones) {
      sock.answers.set(`${p}@s.whatsapp.net`, () => {
        inFlight += 1
        most = Math.max(most, inFlight)
        return new Promise((r) =>
          waiting.push(() => {
            inFlight -= 1
            r(undefined)
          }),
        )
      })
    }
    sock.emit('messages.upsert', { messages: phones.map((p) => text(p)), type: 'notify' })
    await until(() => waiting.length === 2)
    // Answer one at a time as they come (messages still arriving start more lookups).
    for (let answered = 0; answered < phones.length; answered++) {
      await until(() => waiting.length > 0)
      await new Promise((r) => setTimeout(r, 5))
      waiting.shift()!()
    }
    await session.idle()
    expect(most).toBe(2)
    expect(sock.asked.filter((j) => phones.some((p) => j.startsWith(p)))).toHaveLength(5)
  })
})
