import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import type { WAMessage, WAMessageUpdate, proto } from '@whiskeysockets/baileys'
import type { Message } from '@atende/plugin-tickets/api'
import { createBaileysProvider, type BaileysSession } from '../src/providers/baileys/index.ts'
import { loadBaileys, type BaileysLib } from '../src/providers/baileys/lib.ts'
import { createInboundPipeline } from '../src/pipeline/inbound.ts'
import { createRouting } from '../src/pipeline/routing.ts'
import { createTestApp, pipelinePlugins, until, type TestApp } from './support.ts'
import { connectionRow, FakeSocket, ManualTimers } from './baileys-support.ts'

const ME = '5511987654321'
const PHONE = '5547992220001'
const GROUP = '120363000000000088@g.us'
const MEMBER = '5547992220002'
const TS = 1_750_000_000

describe('baileys: edits and deletes made on the phone are mirrored (fake socket, real pipeline)', () => {
  let t: TestApp
  let lib: BaileysLib
  let session: BaileysSession
  let sock: FakeSocket
  const updated: Message[] = []

  beforeAll(async () => {
    t = await createTestApp({ plugins: pipelinePlugins })
    lib = await loadBaileys()
    const { ref } = await connectionRow(t)
    const kernel = t.app.kernel
    await kernel.settings.set(ref.companyId, 'CheckMsgIsGroup', 'disabled')
    kernel.bus.on('message.updated', (p) => {
      if (p.companyId === ref.companyId) updated.push(p.message)
    })
    const pipeline = createInboundPipeline(kernel, createRouting(kernel.log), async () => {
      throw new Error('no replies here')
    })
    const provider = createBaileysProvider({
      kernel,
      makeSocket: (config) => (sock = new FakeSocket(config)),
      backoff: { baseMs: 100, maxMs: 1000 },
      timers: new ManualTimers(),
      random: () => 1,
    })
    session = (await provider.start(ref, async () => {}, pipeline.eventsFor(ref))) as BaileysSession
    sock.user = { id: `${ME}:7@s.whatsapp.net` }
    sock.groups.set(GROUP, 'Team')
    sock.emit('connection.update', { connection: 'open' })
    await session.idle()
  })
  afterAll(async () => {
    await session?.stop({ silent: true })
    await t?.close()
  })

  const Type = () => lib.proto.Message.ProtocolMessage.Type
  let seq = 0
  const key = (over: Partial<proto.IMessageKey> = {}): proto.IMessageKey => ({
    remoteJid: `${PHONE}@s.whatsapp.net`,
    fromMe: false,
    id: `CHG${++seq}`,
    ...over,
  })
  const upsert = async (...messages: WAMessage[]) => {
    sock.emit('messages.upsert', { messages, type: 'notify' })
    await session.idle()
  }
  const update = async (...updates: WAMessageUpdate[]) => {
    sock.emit('messages.update', updates)
    await session.idle()
  }
  /** A message of the chat, stored through the pipeline; returns its key. */
  const stored = async (body: string, over: Partial<proto.IMessageKey> = {}, pushName = 'Ana') => {
    const k = key(over)
    await upsert({ key: k, messageTimestamp: TS, pushName, message: { conversation: body } })
    expect(await row(k.id!)).toBeTruthy()
    return k
  }
  const row = (providerId: string) => t.db('messages').where({ providerId }).first()
  /** What the network sends when `by` edits the message with key `target`. */
  const editMsg = (target: proto.IMessageKey, body: string, by: Partial<proto.IMessageKey> = {}): WAMessage => ({
    key: key({ remoteJid: target.remoteJid, fromMe: target.fromMe, participant: target.participant, ...by }),
    messageTimestamp: TS + 60,
    message: {
      editedMessage: {
        message: { protocolMessage: { type: Type().MESSAGE_EDIT, key: target, editedMessage: { conversation: body } } },
      },
    },
  })
  const revokeMsg = (target: proto.IMessageKey, by: Partial<proto.IMessageKey> = {}): WAMessage => ({
    key: key({ remoteJid: target.remoteJid, fromMe: target.fromMe, participant: target.participant, ...by }),
    messageTimestamp: TS + 60,
    message: { protocolMessage: { type: Type().REVOKE, key: target } },
  })
  const updatesFor = (id: string) => updated.filter((m) => m.providerId === id)
  /**
   * The announcements of a change. upsert/update wait for session.idle() (every queued event
   * handled) and a unit of work delivers its events to this process's subscribers before it
   * resolves, so any extra announcement is already here: no pause needed to catch one.
   */
  const announced = async (id: string, n: number) => {
    await until(() => updatesFor(id).length >= n)
    return updatesFor(id)
  }

  it('an edit (protocol message) changes our stored body, sets isEdited and announces it once, though Baileys reports it twice', async () => {
    const k = await stored('I want 2 pizzas')
    const before = await row(k.id!)
    await upsert(editMsg(k, 'I want 3 pizzas'))
    // Baileys also reports the same edit as an update of the message.
    await update({
      key: { ...k },
      update: {
        message: { editedMessage: { message: { conversation: 'I want 3 pizzas' } } },
        messageTimestamp: TS + 60,
      },
    })
    const after = await row(k.id!)
    expect(after).toMatchObject({ id: before.id, body: 'I want 3 pizzas', isEdited: true, isDeleted: false })
    const frames = await announced(k.id!, 1)
    expect(frames).toHaveLength(1)
    expect(frames[0]).toMatchObject({ id: before.id, body: 'I want 3 pizzas', isEdited: true })
    // The edit is not a message of its own.
    expect(await t.db('messages').where({ ticketId: before.ticketId })).toHaveLength(1)
  })

  it('a delete for everyone (REVOKE) sets isDeleted and announces it once', async () => {
    const k = await stored('oops, wrong chat')
    await upsert(revokeMsg(k))
    await update({ key: { ...k }, update: { message: null, messageStubType: lib.WAMessageStubType.REVOKE, key: k } })
    expect(await row(k.id!)).toMatchObject({ body: 'oops, wrong chat', isDeleted: true })
    const frames = await announced(k.id!, 1)
    expect(frames).toHaveLength(1)
    expect(frames[0]).toMatchObject({ isDeleted: true })
  })

  it('the update shapes alone (edit of a caption, revoke as a protocol message) are mirrored too', async () => {
    const k = key()
    await upsert({
      key: k,
      messageTimestamp: TS,
      pushName: 'Ana',
      message: { imageMessage: { mimetype: 'image/jpeg', caption: 'old caption' } },
    })
    await update({
      key: { ...k },
      update: { message: { editedMessage: { message: { imageMessage: { caption: 'new caption' } } } } },
    })
    expect(await row(k.id!)).toMatchObject({ body: 'new caption', isEdited: true })
    const d = await stored('to delete')
    await update({ key: { ...d }, update: { message: { protocolMessage: { type: Type().REVOKE, key: d } } } })
    expect(await row(d.id!)).toMatchObject({ isDeleted: true })
  })

  it('the account owner editing and deleting on the phone (fromMe)', async () => {
    const k = await stored('sent from the phone', { fromMe: true })
    expect(await row(k.id!)).toMatchObject({ fromMe: true })
    await upsert(editMsg(k, 'edited on the phone'))
    expect(await row(k.id!)).toMatchObject({ body: 'edited on the phone', isEdited: true })
    await upsert(revokeMsg(k))
    expect(await row(k.id!)).toMatchObject({ isDeleted: true })
  })

  it('group messages: a member edits and deletes theirs', async () => {
    const k = await stored('hi team', { remoteJid: GROUP, participant: `${MEMBER}@s.whatsapp.net` }, 'Caio')
    await upsert(editMsg(k, 'hi everyone'))
    expect(await row(k.id!)).toMatchObject({ body: 'hi everyone', isEdited: true })
    await upsert(revokeMsg(k))
    expect(await row(k.id!)).toMatchObject({ isDeleted: true })
  })

  it('an unknown id changes nothing and announces nothing; nor does an edit by someone who is not the author', async () => {
    const count = updated.length
    const total = (await t.db('messages').count({ n: '*' }).first())!.n
    await upsert(editMsg(key({ id: 'NEVER-STORED' }), 'ghost'), revokeMsg(key({ id: 'NEVER-STORED-2' })))
    await update({
      key: key({ id: 'NEVER-STORED-3' }),
      update: { message: null, messageStubType: lib.WAMessageStubType.REVOKE },
    })
    // Handled (session.idle) and announced in this process by now, had anything been announced.
    expect(updated).toHaveLength(count)
    expect((await t.db('messages').count({ n: '*' }).first())!.n).toBe(total)

    // The customer cannot edit what we wrote.
    const ours = await stored('our words', { fromMe: true })
    await upsert(editMsg(ours, 'their words', { fromMe: false }))
    expect(await row(ours.id!)).toMatchObject({ body: 'our words', isEdited: false })
    // A deleted message stays deleted: a late edit is ignored.
    const gone = await stored('gone')
    await upsert(revokeMsg(gone), editMsg(gone, 'back?'))
    expect(await row(gone.id!)).toMatchObject({ body: 'gone', isDeleted: true, isEdited: false })
  })

  it('the session keeps going: a message after the changes is recorded as usual', async () => {
    const k = await stored('still here')
    expect(await row(k.id!)).toMatchObject({ body: 'still here', isEdited: false, isDeleted: false })
  })
})
