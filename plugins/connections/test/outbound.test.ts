import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import WebSocket from 'ws'
import { createTestApp, pairedSimulator, pipelinePlugins, until, type TestApp } from './support.ts'
import { mimetypeAs } from '../src/pipeline/outbound.ts'

describe('outgoing messages (simulator)', () => {
  let t: TestApp
  let sim: Awaited<ReturnType<typeof pairedSimulator>>
  let ticketId: number
  const customer = '5547981112222'
  beforeAll(async () => {
    process.env.SIMULATOR_ACK_MS = '20'
    t = await createTestApp({ plugins: pipelinePlugins })
    sim = await pairedSimulator(t)
    ticketId = (
      await sim.call('POST', `/api/simulator/${sim.whatsapp.id}/inbound`, { from: customer, name: 'Duda', body: 'oi' })
    ).json().message.ticketId
  })
  afterAll(async () => {
    await t?.close()
  })

  const outbox = async () =>
    (await sim.call('GET', `/api/simulator/${sim.whatsapp.id}/outbox?to=${customer}`)).json().messages as any[]
  const db = () => t.app.kernel.db

  it('tells the composer the default media limit (16 MiB) and the files per send', async () => {
    const res = await sim.call('GET', '/api/messages/limits')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({ mediaMaxBytes: 16 * 1024 * 1024, maxFiles: 10 })
  })

  it('a reply reaches the simulator outbox; acks advance to read in the database', async () => {
    const res = await sim.call('POST', `/api/messages/${ticketId}`, { body: 'Olá, Duda!' })
    expect(res.statusCode).toBe(200)
    const [m] = res.json().messages
    expect(m).toMatchObject({ body: 'Olá, Duda!', fromMe: true, sendStatus: 'sent', ticketId })
    expect(m.ack).toBeGreaterThanOrEqual(1)
    const sent = (await outbox()).find((o) => o.id === m.providerId)
    expect(sent).toMatchObject({ to: customer, body: 'Olá, Duda!' })
    await until(async () => (await db()('messages').where({ id: m.id }).first()).ack === 4)
    expect((await db()('tickets').where({ id: ticketId }).first()).lastMessage).toBe('Olá, Duda!')
  })

  it('a realtime client sees the message, its acks and the ticket update', async () => {
    const token = sim.headers.authorization.slice(7)
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' })
    const ws = new WebSocket(`${address.replace('http', 'ws')}/socket?token=${token}`)
    const frames: any[] = []
    ws.on('message', (d) => frames.push(JSON.parse(String(d))))
    await new Promise((r) => ws.once('open', r))
    // A ping round trip: once its pong is back the server has set the socket up in its rooms.
    ws.send(JSON.stringify({ type: 'ping' }))
    await until(() => frames.some((f) => f.event === 'pong'))
    const [m] = (await sim.call('POST', `/api/messages/${ticketId}`, { body: 'ao vivo' })).json().messages
    const cid = sim.whatsapp.companyId
    await until(() =>
      frames.some(
        (f) =>
          f.event === `company-${cid}-appMessage` &&
          f.data.action === 'update' &&
          f.data.message.id === m.id &&
          f.data.message.ack === 4,
      ),
    )
    expect(
      frames.some(
        (f) => f.event === `company-${cid}-appMessage` && f.data.action === 'create' && f.data.message.id === m.id,
      ),
    ).toBe(true)
    expect(frames.some((f) => f.event === `company-${cid}-ticket` && f.data.ticket.id === ticketId)).toBe(true)
    ws.close()
  })

  it('refuses empty bodies and closed tickets; unknown tickets are 404', async () => {
    expect((await sim.call('POST', `/api/messages/${ticketId}`, { body: '   ' })).json()).toMatchObject({
      statusCode: 400,
      error: 'ERR_VALIDATION',
    })
    expect((await sim.call('POST', `/api/messages/999999`, { body: 'x' })).json()).toMatchObject({
      statusCode: 404,
      error: 'ERR_NO_TICKET_FOUND',
    })
    const other = (
      await sim.call('POST', `/api/simulator/${sim.whatsapp.id}/inbound`, { from: '5547981113333', body: 'oi' })
    ).json().message.ticketId
    await db()('tickets').where({ id: other }).update({ status: 'closed' })
    expect((await sim.call('POST', `/api/messages/${other}`, { body: 'x' })).json()).toMatchObject({
      statusCode: 400,
      error: 'ERR_TICKET_CLOSED',
    })
  })

  it('a provider failure is ERR_SENDING_WAPP_MSG and the message is kept, marked failed', async () => {
    // The simulator refuses numbers ending in 0000 ("not on WhatsApp").
    const [m] = (await sim.call('POST', `/api/messages/${ticketId}`, { body: 'to forward' })).json().messages
    const res = await sim.call('POST', '/api/messages/forward-by-phone', { messageId: m.id, phone: '5547981110000' })
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'ERR_SENDING_WAPP_MSG' })
    const failed = await db()('messages').where({ id: res.json().messageId }).first()
    expect(failed).toMatchObject({ body: 'to forward', sendStatus: 'failed' })
    expect(failed.sendError).toMatch(/not on WhatsApp/)
  })

  it('multipart sends each file as its own message, the body captioning the first', async () => {
    const boundary = '----atende'
    const part = (name: string, value: string, file?: { filename: string; type: string }) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${file ? `; filename="${file.filename}"\r\nContent-Type: ${file.type}` : ''}\r\n\r\n${value}\r\n`
    const payload =
      part('body', 'segue') +
      part('medias', 'PDFDATA', { filename: 'contrato.pdf', type: 'application/pdf' }) +
      part('medias', 'JPEGDATA', { filename: 'foto.jpg', type: 'image/jpeg' }) +
      `--${boundary}--\r\n`
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/messages/${ticketId}`,
      headers: { ...sim.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    })
    expect(res.statusCode).toBe(200)
    const msgs = res.json().messages
    expect(msgs.map((m: any) => [m.mediaType, m.mediaName, m.body])).toEqual([
      ['document', 'contrato.pdf', 'segue'],
      ['image', 'foto.jpg', ''],
    ])
    const box = await outbox()
    expect(box.find((o) => o.id === msgs[0].providerId)).toMatchObject({
      media: { kind: 'document', fileName: 'contrato.pdf' },
      body: 'segue',
    })
    expect(box.find((o) => o.id === msgs[1].providerId)).toMatchObject({
      media: { kind: 'image', fileName: 'foto.jpg' },
    })
  })

  it('edits and deletes a sent message on the network and marks it; the ticket preview follows', async () => {
    const [before] = (await sim.call('POST', `/api/messages/${ticketId}`, { body: 'antes' })).json().messages
    const [m] = (await sim.call('POST', `/api/messages/${ticketId}`, { body: 'erro' })).json().messages
    const preview = async () => (await sim.call('GET', `/api/tickets/${ticketId}`)).json().lastMessage
    const edited = await sim.call('PUT', `/api/messages/${m.id}`, { body: 'certo' })
    expect(edited.json()).toMatchObject({ id: m.id, body: 'certo', isEdited: true })
    expect((await outbox()).find((o) => o.id === m.providerId)).toMatchObject({ body: 'certo', edited: true })
    expect(await preview()).toBe('certo')
    const deleted = await sim.call('DELETE', `/api/messages/${m.id}`)
    expect(deleted.json()).toMatchObject({ id: m.id, isDeleted: true })
    expect(await preview()).toBe(before.body)
    expect((await outbox()).find((o) => o.id === m.providerId)).toMatchObject({ deleted: true })
    expect((await sim.call('PUT', `/api/messages/${m.id}`, { body: 'de novo' })).statusCode).toBe(400)
  })

  it("sends a contact card, quotes, and forwards by phone into the number's ticket", async () => {
    const contact = await db()('contacts').where({ companyId: sim.whatsapp.companyId, number: customer }).first()
    const card = (await sim.call('POST', '/api/send-contact', { contactId: contact.id, ticketId })).json().messages[0]
    expect(card.mediaType).toBe('vcard')
    expect((await outbox()).find((o) => o.id === card.providerId)).toMatchObject({
      contact: { name: 'Duda', number: customer },
    })
    expect((await sim.call('POST', '/api/send-contact', { contactId: 999999, ticketId })).json()).toMatchObject({
      statusCode: 404,
      error: 'ERR_NO_CONTACT_FOUND',
    })

    const incoming = (
      await sim.call('POST', `/api/simulator/${sim.whatsapp.id}/inbound`, {
        from: customer,
        body: 'pergunta',
        id: 'quote-me',
      })
    ).json().message
    const reply = (
      await sim.call('POST', `/api/messages/${ticketId}`, { body: 'resposta', quotedMsg: { id: incoming.id } })
    ).json().messages[0]
    expect(reply.quotedMsgId).toBe(incoming.id)
    expect((await outbox()).find((o) => o.id === reply.providerId)).toMatchObject({ quotedId: 'quote-me' })

    const fwd = await sim.call('POST', '/api/messages/forward-by-phone', {
      messageId: reply.id,
      phone: '+55 47 98111-4444',
    })
    expect(fwd.statusCode).toBe(200)
    const f = fwd.json().messages[0]
    expect(f.ticketId).not.toBe(ticketId)
    const ticket = await db()('tickets').where({ id: f.ticketId }).first()
    expect(ticket).toMatchObject({ status: 'open' })
    const box = (await sim.call('GET', `/api/simulator/${sim.whatsapp.id}/outbox`)).json().messages
    expect(box.find((o: any) => o.id === f.providerId)).toMatchObject({ to: '5547981114444', body: 'resposta' })
  })
})

describe("the files a send takes (GET /messages/limits): the server's media limit, for the composer", () => {
  let t: TestApp
  let sim: Awaited<ReturnType<typeof pairedSimulator>>
  beforeAll(async () => {
    // A deployment's MEDIA_MAX_BYTES (here 2 KiB), not the default.
    t = await createTestApp({ plugins: pipelinePlugins, config: { mediaMaxBytes: 2048 } })
    sim = await pairedSimulator(t)
  })
  afterAll(async () => {
    await t?.close()
  })

  it('answers the configured limit and the files per send; a file over it is refused with ERR_FILE_TOO_LARGE', async () => {
    const res = await sim.call('GET', '/api/messages/limits')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({ mediaMaxBytes: 2048, maxFiles: 10 })
    expect((await t.app.inject({ method: 'GET', url: '/api/messages/limits' })).statusCode).toBe(401)

    const ticketId = (
      await sim.call('POST', `/api/simulator/${sim.whatsapp.id}/inbound`, {
        from: '5547981113333',
        name: 'Lia',
        body: 'oi',
      })
    ).json().message.ticketId
    const boundary = '----atende-limit'
    const file = (size: number) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="medias"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n${'x'.repeat(size)}\r\n--${boundary}--\r\n`
    const send = (size: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/messages/${ticketId}`,
        headers: { ...sim.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: file(size),
      })
    const over = await send(4096)
    expect(over.statusCode).toBe(400)
    expect(over.json().error).toBe('ERR_FILE_TOO_LARGE')
    expect((await send(1024)).statusCode).toBe(200)
  })
})

describe('outgoing media types', () => {
  it('types an ambiguous container as the kind it is sent as; others stay', () => {
    expect(mimetypeAs('audio', 'video/webm')).toBe('audio/webm')
    expect(mimetypeAs('audio', 'video/mp4')).toBe('audio/mp4')
    expect(mimetypeAs('video', 'audio/ogg')).toBe('video/ogg')
    expect(mimetypeAs('audio', 'audio/ogg')).toBe('audio/ogg')
    expect(mimetypeAs('image', 'image/png')).toBe('image/png')
    expect(mimetypeAs('document', 'video/webm')).toBe('video/webm')
    expect(mimetypeAs('audio', 'video/quicktime')).toBe('video/quicktime')
  })
})
