import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { AiFailure, chat, transcribe } from '../src/openai.ts'
import { speak } from '../src/tts.ts'
import { isOggOpus } from '@atende/sdk'
import { completion, failure, fakeAi, oggOpus } from './fakes/ai.ts'

const input = (model = 'gpt-4o-mini') => ({
  apiKey: 'sk-1',
  model,
  messages: [{ role: 'user' as const, content: 'oi' }],
  maxTokens: 50,
  temperature: 0.3,
})
const kindOf = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e) => (e instanceof AiFailure ? e.kind : String(e)),
  )

describe('OpenAI and Azure clients against local servers speaking their protocols', () => {
  const ai = fakeAi()
  let silent: Server
  let silentUrl = ''
  beforeAll(async () => {
    const base = await ai.start()
    // Takes the request and never answers.
    silent = createServer(() => {})
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r))
    silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`
    process.env.OPENAI_BASE_URL = `${base}/v1`
    process.env.AZURE_TTS_URL = `${base}/tts/{region}/cognitiveservices/v1`
    process.env.OPENAI_RETRY_MS = '0'
    process.env.OPENAI_TIMEOUT_MS = '300'
  })
  afterAll(async () => {
    for (const k of [
      'OPENAI_BASE_URL',
      'AZURE_TTS_URL',
      'OPENAI_RETRY_MS',
      'OPENAI_TIMEOUT_MS',
      'AZURE_TTS_TIMEOUT_MS',
    ])
      delete process.env[k]
    silent.closeAllConnections()
    await new Promise((r) => silent.close(r))
    await ai.close()
  })

  it('sends max_tokens and the temperature as a fraction; a reasoning model gets max_completion_tokens and no temperature', async () => {
    ai.answer(completion('a'), completion('b'))
    expect(await chat(input())).toEqual({ text: 'a', handoff: null })
    expect(ai.chats.at(-1)!.body).toMatchObject({ max_tokens: 50, temperature: 0.3 })
    await chat(input('o4-mini'))
    const body = ai.chats.at(-1)!.body
    expect(body.max_completion_tokens).toBe(50)
    expect(body).not.toHaveProperty('temperature')
    expect(body).not.toHaveProperty('max_tokens')
  })

  it('classifies failures: key, quota, a refused parameter, rate limits and outages retried, malformed answers', async () => {
    ai.answer(failure(401, 'invalid_api_key'))
    expect(await kindOf(chat(input()))).toBe('auth')
    ai.answer(failure(429, 'insufficient_quota'))
    expect(await kindOf(chat(input()))).toBe('quota')
    ai.answer(failure(400, 'unsupported_parameter', "Unsupported parameter: 'max_tokens'"))
    await expect(chat(input())).rejects.toThrow(/Unsupported parameter/)
    ai.answer(failure(429, 'rate_limit_exceeded'), completion('depois'))
    expect((await chat(input())).text).toBe('depois')
    ai.answer(failure(500, 'server_error'), failure(502, 'bad_gateway'))
    expect(await kindOf(chat(input()))).toBe('unavailable')
    ai.answer({ status: 200, body: { choices: [] } })
    expect(await kindOf(chat(input()))).toBe('malformed')
    ai.answer(completion(''))
    expect(await kindOf(chat(input()))).toBe('malformed')
  })

  it('a server that never answers is a timeout, not a hang', async () => {
    const was = process.env.OPENAI_BASE_URL
    process.env.OPENAI_BASE_URL = `${silentUrl}/v1`
    try {
      await expect(chat(input())).rejects.toThrow(/did not answer in 300 ms/)
    } finally {
      process.env.OPENAI_BASE_URL = was
    }
  })

  it('transcribes as audio.ogg and refuses a note over 25 MB before sending it', async () => {
    ai.transcribeAs('olá')
    expect(await transcribe('sk-1', oggOpus())).toBe('olá')
    expect(ai.transcriptions.at(-1)).toMatchObject({ fileName: 'audio.ogg', model: 'whisper-1' })
    const before = ai.transcriptions.length
    expect(await kindOf(transcribe('sk-1', Buffer.alloc(25 * 1024 * 1024 + 1)))).toBe('config')
    expect(ai.transcriptions.length).toBe(before)
  })

  it('Azure: OGG/Opus comes back checked; a refused key and non-Opus bytes are failures', async () => {
    const audio = await speak({ key: 'k', region: 'brazilsouth', voice: 'pt-BR-YaraNeural', text: 'oi' })
    expect(isOggOpus(audio)).toBe(true)
    ai.speakWith(() => ({ status: 401, body: Buffer.alloc(0) }))
    expect(await kindOf(speak({ key: 'k', region: 'brazilsouth', voice: 'pt-BR-YaraNeural', text: 'oi' }))).toBe('auth')
    ai.speakWith(() => ({ status: 200, body: Buffer.from('RIFF....WAVEfmt ') }))
    expect(await kindOf(speak({ key: 'k', region: 'brazilsouth', voice: 'pt-BR-YaraNeural', text: 'oi' }))).toBe(
      'malformed',
    )
    ai.speakWith(() => ({ status: 200, body: oggOpus() }))
  })

  it('tells Ogg/Opus from other containers and codecs', () => {
    expect(isOggOpus(oggOpus())).toBe(true)
    const vorbis = oggOpus()
    vorbis.write('\x01vorbis\x00', 28, 'latin1')
    expect(isOggOpus(vorbis)).toBe(false)
    expect(isOggOpus(Buffer.from('ID3\x04mp3'))).toBe(false)
    const webm = Buffer.from([0x1a, 0x45, 0xdf, 0xa3, ...Buffer.alloc(60)])
    expect(isOggOpus(webm)).toBe(false)
  })
})
