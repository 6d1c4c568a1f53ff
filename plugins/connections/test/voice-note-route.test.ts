import { describe, it, expect, beforeAll, afterAll, vi } from 'vitest'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { opusHead } from '@atende/sdk'
import { createTestApp, pairedSimulator, pipelinePlugins, type TestApp } from './support.ts'
import { hasFfmpeg, probe, sine } from './audio-support.ts'

type Part = { name: string; value: Buffer | string; file?: { filename: string; type: string } }

/** A multipart body as the composer's FormData makes it. */
function multipart(parts: Part[]) {
  const boundary = '----atende-voice'
  const chunks = parts.flatMap((p) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"` +
        (p.file ? `; filename="${p.file.filename}"\r\nContent-Type: ${p.file.type}` : '') +
        '\r\n\r\n',
    ),
    Buffer.from(p.value),
    Buffer.from('\r\n'),
  ])
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}

/** A ticket of a paired simulator and a sender of multipart messages on it, reading back what was stored and sent. */
let customers = 0
async function setup(t: TestApp) {
  const sim = await pairedSimulator(t)
  // One number per call, never ending in 0000 (the simulator's "not on WhatsApp").
  const from = `55479811${String(++customers).padStart(5, '0')}`
  const inbound = await sim.call('POST', `/api/simulator/${sim.whatsapp.id}/inbound`, { from, name: 'Bia', body: 'oi' })
  const ticketId = inbound.json().message.ticketId as number
  return {
    async send(parts: Part[]) {
      const body = multipart(parts)
      return t.app.inject({
        method: 'POST',
        url: `/api/messages/${ticketId}`,
        headers: { ...sim.headers, ...body.headers },
        payload: body.payload,
      })
    },
    stored: async (mediaUrl: string) => (await t.app.inject({ method: 'GET', url: mediaUrl })).rawPayload,
    async sent(providerId: string) {
      const box = await sim.call('GET', `/api/simulator/${sim.whatsapp.id}/outbox?to=${from}`)
      return (
        box.json().messages as Array<{ id: string; media?: { kind: string; mimetype: string; voiceNote: boolean } }>
      ).find((o) => o.id === providerId)
    },
  }
}

const voice = (data: Buffer, filename: string, type: string): Part[] => [
  { name: 'voiceNote', value: 'true' },
  { name: 'medias', value: data, file: { filename, type } },
  { name: 'body', value: '' },
]

/** POST /messages/{ticketId} multipart with voiceNote=true: the composer's recording goes out as OGG/Opus push-to-talk. */
describe.skipIf(!hasFfmpeg)('recorded voice notes (skipped: install ffmpeg with libopus to run them)', () => {
  let t: TestApp
  let dir: string
  let webm: Buffer
  beforeAll(async () => {
    t = await createTestApp({ plugins: pipelinePlugins })
    dir = await mkdtemp(join(tmpdir(), 'atende-voice-route-'))
    webm = await sine(dir, 'rec.webm', ['-ac', '2', '-c:a', 'libopus', '-f', 'webm']) // what Chrome records
  })
  afterAll(async () => {
    await t?.close()
    await rm(dir, { recursive: true, force: true })
  })

  it("stores Chrome's WebM/Opus recording as Ogg/Opus 16 kHz mono and sends it as audio/ogg", async () => {
    const s = await setup(t)
    const res = await s.send(voice(webm, 'audio.webm', 'audio/webm;codecs=opus'))
    expect(res.statusCode, res.body).toBe(200)
    const [m] = res.json().messages
    expect(m).toMatchObject({ mediaType: 'audio', mediaName: 'audio.ogg', fromMe: true })
    const bytes = await s.stored(m.mediaUrl)
    expect(opusHead(bytes)).toEqual({ channels: 1, sampleRate: 16000 })
    expect(await probe(bytes, dir)).toEqual({ format: 'ogg', codec: 'opus', channels: 1 })
    expect(await s.sent(m.providerId)).toMatchObject({
      media: { kind: 'audio', mimetype: 'audio/ogg', voiceNote: true },
    })
  })

  it("converts Safari's MP4/AAC recording too, whatever the order of the form's fields", async () => {
    const m4a = await sine(dir, 'rec.m4a', ['-c:a', 'aac', '-f', 'mp4'])
    const s = await setup(t)
    const res = await s.send(voice(m4a, 'audio.m4a', 'audio/mp4').reverse())
    expect(res.statusCode, res.body).toBe(200)
    const [m] = res.json().messages
    expect(m.mediaName).toBe('audio.ogg')
    const bytes = await s.stored(m.mediaUrl)
    expect(opusHead(bytes)).toEqual({ channels: 1, sampleRate: 16000 })
    expect(await probe(bytes, dir)).toEqual({ format: 'ogg', codec: 'opus', channels: 1 })
    expect(await s.sent(m.providerId)).toMatchObject({ media: { kind: 'audio', mimetype: 'audio/ogg' } })
  })

  it('leaves an audio file attached as a file untouched (sent as an audio file, not push-to-talk)', async () => {
    const mp3 = await sine(dir, 'song.mp3', ['-c:a', 'libmp3lame', '-f', 'mp3'])
    const s = await setup(t)
    const res = await s.send([
      { name: 'medias', value: webm, file: { filename: 'reuniao.webm', type: 'audio/webm' } },
      { name: 'medias', value: mp3, file: { filename: 'song.mp3', type: 'audio/mpeg' } },
    ])
    expect(res.statusCode, res.body).toBe(200)
    const [a, b] = res.json().messages
    expect([a.mediaName, b.mediaName]).toEqual(['reuniao.webm', 'song.mp3'])
    expect((await s.stored(a.mediaUrl)).equals(webm)).toBe(true)
    expect((await s.stored(b.mediaUrl)).equals(mp3)).toBe(true)
    expect(await s.sent(a.providerId)).toMatchObject({
      media: { kind: 'audio', mimetype: 'audio/webm', voiceNote: false },
    })
    expect(await s.sent(b.providerId)).toMatchObject({
      media: { kind: 'audio', mimetype: 'audio/mpeg', voiceNote: false },
    })
  })

  it('an .ogg in Vorbis is sent as an audio file, not as Opus push-to-talk (decided by its bytes)', async () => {
    const vorbis = await sine(dir, 'song.ogg', ['-c:a', 'libvorbis', '-f', 'ogg'])
    const s = await setup(t)
    const res = await s.send([{ name: 'medias', value: vorbis, file: { filename: 'song.ogg', type: 'audio/ogg' } }])
    expect(res.statusCode, res.body).toBe(200)
    const [m] = res.json().messages
    expect(await s.sent(m.providerId)).toMatchObject({
      media: { kind: 'audio', mimetype: 'audio/ogg', voiceNote: false },
    })
  })

  it('sends a recording ffmpeg cannot read as recorded, with a warning each time', async () => {
    const warn = vi.spyOn(t.app.log, 'warn')
    try {
      const s = await setup(t)
      const broken = Buffer.from('a truncated recording, no audio in it')
      const res = await s.send(voice(broken, 'audio.webm', 'audio/webm'))
      expect(res.statusCode, res.body).toBe(200)
      const [m] = res.json().messages
      expect(m).toMatchObject({ mediaType: 'audio', mediaName: 'audio.webm' })
      expect((await s.stored(m.mediaUrl)).equals(broken)).toBe(true)
      expect(warn.mock.calls.filter(([, msg]) => /voice note not converted/.test(String(msg)))).toHaveLength(1)
    } finally {
      warn.mockRestore()
    }
  })
})

describe('voice notes without ffmpeg (FFMPEG_PATH names a missing binary)', () => {
  let t: TestApp
  const saved = process.env.FFMPEG_PATH
  beforeAll(async () => {
    process.env.FFMPEG_PATH = '/nonexistent/ffmpeg'
    t = await createTestApp({ plugins: pipelinePlugins })
  })
  afterAll(async () => {
    if (saved === undefined) delete process.env.FFMPEG_PATH
    else process.env.FFMPEG_PATH = saved
    await t?.close()
  })

  it('sends the recording as recorded (an audio file, not push-to-talk) and warns once per process', async () => {
    const warn = vi.spyOn(t.app.log, 'warn')
    try {
      const s = await setup(t)
      const recorded = Buffer.from('webm bytes as the browser recorded them')
      for (const i of [1, 2]) {
        const res = await s.send(voice(recorded, 'audio.webm', 'audio/webm;codecs=opus'))
        expect(res.statusCode, `send ${i}: ${res.body}`).toBe(200)
        const [m] = res.json().messages
        expect(m).toMatchObject({ mediaType: 'audio', mediaName: 'audio.webm' })
        expect((await s.stored(m.mediaUrl)).equals(recorded)).toBe(true)
        expect(await s.sent(m.providerId)).toMatchObject({ media: { kind: 'audio', mimetype: 'audio/webm' } })
      }
      expect(warn.mock.calls.filter(([, msg]) => /ffmpeg not found/.test(String(msg)))).toHaveLength(1)
    } finally {
      warn.mockRestore()
    }
  })

  it('refuses a voice note that is not one audio file, and a voiceNote that is not true or false (400 naming the field)', async () => {
    const s = await setup(t)
    const image = await s.send(voice(Buffer.from('PNGDATA'), 'foto.png', 'image/png'))
    expect(image.statusCode).toBe(400)
    expect(image.json()).toMatchObject({ error: 'ERR_VOICE_NOTE_NOT_AUDIO', field: 'voiceNote' })
    const two = await s.send([
      ...voice(Buffer.from('a'), 'a.webm', 'audio/webm'),
      ...voice(Buffer.from('b'), 'b.webm', 'audio/webm'),
    ])
    expect(two.json()).toMatchObject({ error: 'ERR_VOICE_NOTE_NOT_AUDIO', field: 'voiceNote' })
    const odd = await s.send([
      { name: 'voiceNote', value: 'yes' },
      { name: 'body', value: 'oi' },
    ])
    expect(odd.statusCode).toBe(400)
    expect(odd.json()).toMatchObject({ error: 'ERR_VALIDATION', field: 'voiceNote' })
  })
})
