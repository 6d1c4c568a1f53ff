import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { createServer, type Server } from 'node:http'
import { readFile, rm } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import type { WAMessage } from '@whiskeysockets/baileys'
import { loadBaileys, type BaileysLib } from '../src/providers/baileys/lib.ts'
import { vcard } from '../src/vcard.ts'
import { createTestApp, pipelinePlugins, type TestApp } from './support.ts'
import { connectionRow, openSocket, startHarness, type FakeSocket, type Harness } from './baileys-support.ts'

const ME = '5511987654321'
const PHONE = '5547991112222'
const LID = '98765432109876'
const TS = 1_750_000_000

describe('baileys messages: inbound mapping, acks, sending (fake socket)', () => {
  let t: TestApp
  let lib: BaileysLib
  let h: Harness
  let sock: FakeSocket
  let media: Server
  const served = new Map<string, Buffer>()
  beforeAll(async () => {
    t = await createTestApp({ plugins: pipelinePlugins })
    lib = await loadBaileys()
    const { ref } = await connectionRow(t)
    h = await startHarness(t.app.kernel, ref, { failInbound: (m) => m.body === 'poison' })
    sock = await openSocket(h, ME)
    // A stand-in for WhatsApp's media servers: serves encrypted files as Baileys uploads them.
    media = createServer((req, res) => {
      const body = served.get(req.url ?? '')
      res.writeHead(body ? 200 : 404).end(body)
    })
    await new Promise<void>((r) => media.listen(0, '127.0.0.1', r))
  })
  afterAll(async () => {
    await h?.session.stop({ silent: true })
    await new Promise((r) => media?.close(r))
    await t?.close()
  })

  const msg = (over: Partial<WAMessage> & { message?: WAMessage['message'] }): WAMessage => ({
    key: {
      remoteJid: `${PHONE}@s.whatsapp.net`,
      fromMe: false,
      id: `ID${Math.random().toString(36).slice(2, 10).toUpperCase()}`,
    },
    messageTimestamp: TS,
    pushName: 'Ana',
    ...over,
  })
  /** Hand messages to the session the way Baileys does and return what reached the pipeline. */
  const receive = async (messages: WAMessage[], type: 'notify' | 'append' = 'notify') => {
    const before = h.inbound.length
    sock.emit('messages.upsert', { messages, type })
    await h.settle()
    return h.inbound.slice(before)
  }
  const one = async (m: WAMessage) => {
    const got = await receive([m])
    expect(got).toHaveLength(1)
    return got[0]
  }

  it('text and extended text, with the sender name, time and quoted id', async () => {
    const a = await one(msg({ message: { conversation: 'Oi' } }))
    expect(a).toEqual({
      id: expect.any(String),
      chatId: PHONE,
      isGroup: false,
      fromMe: false,
      body: 'Oi',
      name: 'Ana',
      timestamp: new Date(TS * 1000),
    })
    const b = await one(
      msg({ message: { extendedTextMessage: { text: 'see this', contextInfo: { stanzaId: 'QUOTED1' } } } }),
    )
    expect(b).toMatchObject({ body: 'see this', quotedId: 'QUOTED1', chatId: PHONE })
    expect(b.mediaType).toBeUndefined()
    // Ephemeral and view-once wrappers unwrap to their content.
    const c = await one(msg({ message: { ephemeralMessage: { message: { conversation: 'vanishing' } } } }))
    expect(c.body).toBe('vanishing')
  })

  it('image with caption: mediaType, mimetype, and load() downloads and decrypts the bytes', async () => {
    const bytes = Buffer.from('not really a png, but bytes all the same')
    const enc = await lib.encryptedStream(bytes, 'image')
    served.set('/img1', await readFile(enc.encFilePath))
    await rm(enc.encFilePath, { force: true })
    const url = `http://127.0.0.1:${(media.address() as AddressInfo).port}/img1`
    const got = await one(
      msg({
        message: {
          imageMessage: {
            url,
            mediaKey: enc.mediaKey,
            mimetype: 'image/png',
            caption: 'look',
            contextInfo: { stanzaId: 'Q2' },
          },
        },
      }),
    )
    expect(got).toMatchObject({ body: 'look', mediaType: 'image', quotedId: 'Q2', media: { mimetype: 'image/png' } })
    expect((await got.media!.load()).equals(bytes)).toBe(true)
  })

  it('audio, video, document (file name, caption) and sticker', async () => {
    const [audio, video, doc, docNoCaption, sticker] = await receive([
      msg({ message: { audioMessage: { mimetype: 'audio/ogg; codecs=opus', ptt: true } } }),
      msg({ message: { videoMessage: { mimetype: 'video/mp4', caption: 'clip' } } }),
      msg({
        message: {
          documentWithCaptionMessage: {
            message: {
              documentMessage: { mimetype: 'application/pdf', fileName: 'invoice.pdf', caption: 'the invoice' },
            },
          },
        },
      }),
      msg({ message: { documentMessage: { mimetype: 'application/pdf', fileName: 'terms.pdf' } } }),
      msg({ message: { stickerMessage: {} } }),
    ])
    expect(audio).toMatchObject({ mediaType: 'audio', body: '', media: { mimetype: 'audio/ogg; codecs=opus' } })
    expect(video).toMatchObject({ mediaType: 'video', body: 'clip', media: { mimetype: 'video/mp4' } })
    expect(doc).toMatchObject({
      mediaType: 'document',
      body: 'the invoice',
      media: { mimetype: 'application/pdf', fileName: 'invoice.pdf' },
    })
    expect(docNoCaption).toMatchObject({ mediaType: 'document', body: 'terms.pdf', media: { fileName: 'terms.pdf' } })
    expect(sticker).toMatchObject({ mediaType: 'sticker', body: '', media: { mimetype: 'image/webp' } })
  })

  it('location and contact cards', async () => {
    const [loc, place, card, cards] = await receive([
      msg({ message: { locationMessage: { degreesLatitude: -23.5505, degreesLongitude: -46.6333 } } }),
      msg({
        message: {
          locationMessage: { degreesLatitude: -22.9, degreesLongitude: -43.2, name: 'Shop', address: 'Rua A, 1' },
        },
      }),
      msg({ message: { contactMessage: { displayName: 'Bia', vcard: vcard('Bia', '5521955554444') } } }),
      msg({
        message: {
          contactsArrayMessage: {
            contacts: [{ vcard: vcard('A', '551100000001') }, { vcard: vcard('B', '551100000002') }],
          },
        },
      }),
    ])
    expect(loc).toMatchObject({ mediaType: 'locationMessage', body: '-23.5505,-46.6333' })
    expect(place.body).toBe('-22.9,-43.2\nShop\nRua A, 1')
    expect(card).toMatchObject({ mediaType: 'vcard', body: vcard('Bia', '5521955554444') })
    expect(card.body).toContain('waid=5521955554444')
    expect(cards.mediaType).toBe('vcard')
    expect(cards.body.match(/BEGIN:VCARD/g)).toHaveLength(2)
  })

  it('group message: group id, group name, member number and name', async () => {
    sock.groups.set('120363000000000001@g.us', 'Team')
    const got = await one(
      msg({
        key: {
          remoteJid: '120363000000000001@g.us',
          participant: `${LID}@lid`,
          participantAlt: `${PHONE}@s.whatsapp.net`,
          fromMe: false,
          id: 'G1',
        },
        pushName: 'Caio',
        message: { conversation: 'hello group' },
      }),
    )
    expect(got).toMatchObject({
      chatId: '120363000000000001',
      isGroup: true,
      groupName: 'Team',
      participant: { number: PHONE, lid: LID, name: 'Caio' },
      body: 'hello group',
    })
    expect(got.name).toBeUndefined()
    expect(got.lid).toBeUndefined()
    // The metadata is cached, served to Baileys for its group sends, and dropped when the group changes.
    expect((await sock.config.cachedGroupMetadata!('120363000000000001@g.us'))?.subject).toBe('Team')
    sock.groups.set('120363000000000001@g.us', 'Team 2')
    const cached = await one(
      msg({
        key: { remoteJid: '120363000000000001@g.us', participant: `${PHONE}@s.whatsapp.net`, fromMe: false, id: 'G2' },
        message: { conversation: 'again' },
      }),
    )
    expect(cached).toMatchObject({ groupName: 'Team', participant: { number: PHONE } })
    expect(cached.participant!.lid).toBeUndefined()
    sock.emit('groups.update', [{ id: '120363000000000001@g.us', subject: 'Team 2' }])
    const renamed = await one(
      msg({
        key: { remoteJid: '120363000000000001@g.us', participant: `${PHONE}@s.whatsapp.net`, fromMe: true, id: 'G3' },
        message: { conversation: 'mine' },
      }),
    )
    expect(renamed).toMatchObject({ groupName: 'Team 2', fromMe: true })
    expect(renamed.participant).toBeUndefined()
  })

  it('identities: LID with its phone → phone chatId + lid; phone with its LID; LID only → LID in both; mapping store fills the phone', async () => {
    const lidWithPhone = await one(
      msg({
        key: { remoteJid: `${LID}@lid`, remoteJidAlt: `${PHONE}@s.whatsapp.net`, fromMe: false, id: 'L1' },
        message: { conversation: 'a' },
      }),
    )
    expect(lidWithPhone).toMatchObject({ chatId: PHONE, lid: LID })
    const phoneWithLid = await one(
      msg({
        key: { remoteJid: `${PHONE}:3@s.whatsapp.net`, remoteJidAlt: `${LID}@lid`, fromMe: false, id: 'L2' },
        message: { conversation: 'b' },
      }),
    )
    expect(phoneWithLid).toMatchObject({ chatId: PHONE, lid: LID })
    const lidOnly = await one(
      msg({ key: { remoteJid: '11122233344455@lid', fromMe: false, id: 'L3' }, message: { conversation: 'c' } }),
    )
    expect(lidOnly).toMatchObject({ chatId: '11122233344455', lid: '11122233344455' })
    sock.lidToPn.set('55566677788899@lid', '5531977776666@s.whatsapp.net')
    const mapped = await one(
      msg({ key: { remoteJid: '55566677788899@lid', fromMe: false, id: 'L4' }, message: { conversation: 'd' } }),
    )
    expect(mapped).toMatchObject({ chatId: '5531977776666', lid: '55566677788899' })
    // Replying to the LID-only person addresses their LID, not a phone number.
    await h.session.send({ chatId: '11122233344455', isGroup: false, body: 'reply' })
    expect(sock.sent.at(-1)!.jid).toBe('11122233344455@lid')
  })

  it('fromMe (sent from the phone): no sender name; our own identity in the alternate is ignored', async () => {
    const got = await one(
      msg({
        key: { remoteJid: `${LID}@lid`, remoteJidAlt: `${ME}@s.whatsapp.net`, fromMe: true, id: 'F1' },
        pushName: 'Shop',
        message: { conversation: 'sent on the phone' },
      }),
    )
    expect(got).toMatchObject({ fromMe: true, chatId: LID, lid: LID, body: 'sent on the phone' })
    expect(got.name).toBeUndefined()
    const appended = await receive(
      [
        msg({
          key: { remoteJid: `${PHONE}@s.whatsapp.net`, fromMe: true, id: 'F2' },
          message: { conversation: 'older' },
        }),
      ],
      'append',
    )
    expect(appended).toMatchObject([{ fromMe: true, chatId: PHONE, body: 'older' }])
  })

  it('skips status broadcasts, channels, reactions, protocol messages (edits, deletes), stubs; a failing message does not block the next', async () => {
    const got = await receive([
      msg({
        key: { remoteJid: 'status@broadcast', participant: `${PHONE}@s.whatsapp.net`, fromMe: false, id: 'S1' },
        message: { conversation: 'my status' },
      }),
      msg({ key: { remoteJid: '120363999@newsletter', fromMe: false, id: 'N1' }, message: { conversation: 'news' } }),
      msg({ message: { reactionMessage: { key: { id: 'X' }, text: '👍' } } }),
      msg({ message: { protocolMessage: { type: 14, key: { id: 'X' }, editedMessage: { conversation: 'edited' } } } }),
      msg({ message: { editedMessage: { message: { conversation: 'edited too' } } } }),
      msg({ message: { protocolMessage: { type: 0, key: { id: 'X' } } } }),
      msg({ messageStubType: 2, message: null }),
      msg({ message: { conversation: 'poison' } }),
      msg({ message: { conversation: 'kept' } }),
    ])
    expect(got.map((m) => m.body)).toEqual(['kept'])
    // Only notify and append carry messages.
    sock.emit('messages.upsert', { messages: [msg({ message: { conversation: 'x' } })], type: 'history' as 'append' })
    await h.settle()
    expect(h.inbound.at(-1)!.body).toBe('kept')
  })

  it('an incoming voice call is logged once, as a call_log message', async () => {
    const before = h.inbound.length
    const date = new Date(TS * 1000)
    sock.emit('call', [
      {
        chatId: `${LID}@lid`,
        from: `${LID}@lid`,
        callerPn: `${PHONE}@s.whatsapp.net`,
        id: 'CALL1',
        date,
        status: 'offer',
        offline: false,
      },
    ])
    sock.emit('call', [
      { chatId: `${LID}@lid`, from: `${LID}@lid`, id: 'CALL1', date, status: 'timeout', offline: false },
    ])
    sock.emit('call', [
      {
        chatId: 'g@g.us',
        from: `${PHONE}@s.whatsapp.net`,
        id: 'CALL2',
        date,
        status: 'offer',
        isGroup: true,
        offline: false,
      },
    ])
    await h.settle()
    expect(h.inbound.slice(before)).toEqual([
      {
        id: 'CALL1',
        chatId: PHONE,
        lid: LID,
        isGroup: false,
        fromMe: false,
        body: '',
        mediaType: 'call_log',
        timestamp: date,
      },
    ])
  })

  it('maps delivery statuses to acks 1..5 and ignores errors and non-status updates', async () => {
    const before = h.acks.length
    const key = (id: string) => ({ remoteJid: `${PHONE}@s.whatsapp.net`, fromMe: true, id })
    sock.emit('messages.update', [
      { key: key('A0'), update: { status: 0 } },
      { key: key('A1'), update: { status: 1 } },
      { key: key('A2'), update: { status: 2 } },
      { key: key('A3'), update: { status: 3 } },
      { key: key('A4'), update: { status: 4 } },
      { key: key('A5'), update: { status: 5 } },
      { key: key('A6'), update: { message: { conversation: 'edited' } } },
      { key: key('A7'), update: { status: 6 as 5 } },
    ])
    await h.settle()
    expect(h.acks.slice(before)).toEqual([
      { id: 'A1', ack: 1 },
      { id: 'A2', ack: 2 },
      { id: 'A3', ack: 3 },
      { id: 'A4', ack: 4 },
      { id: 'A5', ack: 5 },
      { id: 'A7', ack: 5 },
    ])
  })

  it('serves getMessage from our messages', async () => {
    h.stored.set('MINE1', { body: 'stored text', fromMe: true })
    const getMessage = sock.config.getMessage!
    expect(await getMessage({ remoteJid: `${PHONE}@s.whatsapp.net`, id: 'MINE1', fromMe: true })).toEqual({
      conversation: 'stored text',
    })
    expect(await getMessage({ remoteJid: `${PHONE}@s.whatsapp.net`, id: 'UNKNOWN', fromMe: true })).toBeUndefined()
  })

  it('sends text with our id, a quote and mentions; returns the network id with ack 1', async () => {
    const res = await h.session.send({
      id: '3EB0CUSTOM01',
      chatId: '120363000000000001',
      isGroup: true,
      body: 'hi @5547991112222',
      mentions: ['5547991112222'],
      quoted: { id: 'Q9', fromMe: false, body: 'question' },
    })
    expect(res).toEqual({ id: '3EB0CUSTOM01', ack: 1 })
    expect(sock.sent.at(-1)).toEqual({
      jid: '120363000000000001@g.us',
      content: { text: 'hi @5547991112222', mentions: ['5547991112222@s.whatsapp.net'] },
      options: {
        messageId: '3EB0CUSTOM01',
        quoted: {
          key: { remoteJid: '120363000000000001@g.us', id: 'Q9', fromMe: false },
          message: { conversation: 'question' },
        },
      },
    })
    const plain = await h.session.send({ chatId: PHONE, isGroup: false, body: 'plain' })
    expect(plain.id).toMatch(/^3EB0FAKE/)
    expect(sock.sent.at(-1)).toEqual({ jid: `${PHONE}@s.whatsapp.net`, content: { text: 'plain' }, options: {} })
  })

  it('sends every media kind from disk, a voice note as push-to-talk Opus', async () => {
    const to = { chatId: PHONE, isGroup: false }
    await h.session.send({
      ...to,
      body: 'photo',
      media: { kind: 'image', path: '/data/a.jpg', mimetype: 'image/jpeg', fileName: 'a.jpg' },
    })
    await h.session.send({
      ...to,
      media: { kind: 'video', path: '/data/v.mp4', mimetype: 'video/mp4', fileName: 'v.mp4' },
    })
    await h.session.send({
      ...to,
      media: { kind: 'audio', path: '/data/n.ogg', mimetype: 'audio/ogg', fileName: 'n.ogg', voiceNote: true },
    })
    await h.session.send({
      ...to,
      media: { kind: 'audio', path: '/data/song.mp3', mimetype: 'audio/mpeg', fileName: 'song.mp3' },
    })
    await h.session.send({
      ...to,
      body: 'read me',
      media: { kind: 'document', path: '/data/d.pdf', mimetype: 'application/pdf', fileName: 'd.pdf' },
    })
    expect(sock.sent.slice(-5).map((s) => s.content)).toEqual([
      { image: { url: '/data/a.jpg' }, caption: 'photo', mimetype: 'image/jpeg' },
      { video: { url: '/data/v.mp4' }, caption: undefined, mimetype: 'video/mp4' },
      { audio: { url: '/data/n.ogg' }, ptt: true, mimetype: 'audio/ogg; codecs=opus' },
      { audio: { url: '/data/song.mp3' }, mimetype: 'audio/mpeg' },
      { document: { url: '/data/d.pdf' }, mimetype: 'application/pdf', fileName: 'd.pdf', caption: 'read me' },
    ])
  })

  it('sends a contact card (vCard 3.0 with waid) and a location', async () => {
    await h.session.send({
      chatId: PHONE,
      isGroup: false,
      contact: { name: 'Dr. Ana; Clinic', number: '5521955554444' },
    })
    const card = vcard('Dr. Ana; Clinic', '5521955554444')
    expect(card).toBe(
      'BEGIN:VCARD\nVERSION:3.0\nN:;Dr. Ana\\; Clinic;;;\nFN:Dr. Ana\\; Clinic\nTEL;type=CELL;type=VOICE;waid=5521955554444:+5521955554444\nEND:VCARD',
    )
    expect(sock.sent.at(-1)!.content).toEqual({
      contacts: { displayName: 'Dr. Ana; Clinic', contacts: [{ displayName: 'Dr. Ana; Clinic', vcard: card }] },
    })
    await h.session.send({
      chatId: PHONE,
      isGroup: false,
      location: { latitude: -23.5, longitude: -46.6, name: 'Office' },
    })
    expect(sock.sent.at(-1)!.content).toEqual({
      location: { degreesLatitude: -23.5, degreesLongitude: -46.6, name: 'Office' },
    })
  })

  it('edits, deletes and marks read with the network keys; a refusal from the network throws', async () => {
    await h.session.edit({ chatId: PHONE, isGroup: false, id: 'E1', fromMe: true }, 'fixed text')
    expect(sock.sent.at(-1)).toMatchObject({
      jid: `${PHONE}@s.whatsapp.net`,
      content: { text: 'fixed text', edit: { remoteJid: `${PHONE}@s.whatsapp.net`, id: 'E1', fromMe: true } },
    })
    await h.session.delete({ chatId: '120363000000000001', isGroup: true, id: 'D1', fromMe: false, participant: PHONE })
    expect(sock.sent.at(-1)).toMatchObject({
      jid: '120363000000000001@g.us',
      content: {
        delete: {
          remoteJid: '120363000000000001@g.us',
          id: 'D1',
          fromMe: false,
          participant: `${PHONE}@s.whatsapp.net`,
        },
      },
    })
    await h.session.markRead([
      { chatId: PHONE, isGroup: false, id: 'R1', fromMe: false },
      { chatId: '120363000000000001', isGroup: true, id: 'R2', fromMe: false, participant: PHONE },
      { chatId: '11122233344455', lid: '11122233344455', isGroup: false, id: 'R3', fromMe: false },
    ])
    expect(sock.reads.at(-1)).toEqual([
      { remoteJid: `${PHONE}@s.whatsapp.net`, id: 'R1', fromMe: false },
      { remoteJid: '120363000000000001@g.us', id: 'R2', fromMe: false, participant: `${PHONE}@s.whatsapp.net` },
      { remoteJid: '11122233344455@lid', id: 'R3', fromMe: false },
    ])
    sock.refuse = new Error('not-acceptable')
    await expect(h.session.send({ chatId: PHONE, isGroup: false, body: 'x' })).rejects.toThrow('not-acceptable')
    sock.refuse = undefined
  })

  it("answers which numbers have WhatsApp from the network's own list", async () => {
    sock.accounts.add('5547991113333')
    expect(await h.session.onWhatsApp!(['5547991113333', '5547991114444'])).toEqual({
      '5547991113333': true,
      '5547991114444': false,
    })
  })
})
