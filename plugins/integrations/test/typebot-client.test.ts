import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { TypebotGone, continueChat, startChat } from '../src/typebot.ts'
import { EngineFailure } from '../src/http.ts'
import { answerFor, segments, toWhatsapp } from '../src/typebot-map.ts'
import { choice, fakeTypebot, text } from './fakes/typebot.ts'

describe('the Typebot client against a local Typebot (Chat API v1)', () => {
  const fake = fakeTypebot()
  let url = ''
  beforeAll(async () => {
    process.env.OUTBOUND_ALLOWED_HOSTS = '127.0.0.1'
    process.env.TYPEBOT_TIMEOUT_MS = '300'
    process.env.TYPEBOT_RETRY_MS = '0,0'
    url = await fake.start()
    fake.bot('vendas', (turn, answer) =>
      turn === 0
        ? { json: { messages: [text('b1', 'Olá **Ana**')], input: choice('Vendas', 'Suporte') } }
        : { json: { messages: [text('b2', `Você escolheu ${answer}`)] } },
    )
  })
  afterAll(async () => {
    for (const k of ['OUTBOUND_ALLOWED_HOSTS', 'TYPEBOT_TIMEOUT_MS', 'TYPEBOT_RETRY_MS']) delete process.env[k]
    fake.force(null)
    await fake.close()
  })

  it('starts and continues a chat with the documented bodies, never a "string" placeholder', async () => {
    const started = await startChat(`${url}/`, 'vendas', { number: '5511999990000', name: 'Ana' })
    expect(started.sessionId).toBeTruthy()
    expect(started.input?.type).toBe('choice input')
    const start = fake.calls.at(-1)!
    expect(start).toMatchObject({ route: 'start', slug: 'vendas' })
    expect(start.body).toEqual({
      prefilledVariables: { number: '5511999990000', name: 'Ana' },
      textBubbleContentFormat: 'markdown',
      isStreamEnabled: false,
      isOnlyRegistering: false,
    })
    const next = await continueChat(url, started.sessionId, 'Suporte')
    expect(fake.calls.at(-1)!.body).toEqual({ message: { type: 'text', text: 'Suporte' } })
    expect(next.input).toBeNull()
    expect(next.messages[0].content).toEqual({ type: 'markdown', markdown: 'Você escolheu Suporte' })
    for (const c of fake.calls) expect(c.raw).not.toContain('"string"')
  })

  it('a session Typebot does not know is TypebotGone; an unknown bot fails', async () => {
    await expect(continueChat(url, 'nope', 'oi')).rejects.toBeInstanceOf(TypebotGone)
    await expect(startChat(url, 'nenhum', {})).rejects.toThrow('no published typebot "nenhum"')
  })

  it('no answer in time, a 500 and broken JSON fail after the retries', async () => {
    const count = () => fake.calls.length
    fake.force({ raw: () => {} })
    let before = count()
    await expect(continueChat(url, 's1', 'oi')).rejects.toThrow('no answer in 300 ms')
    expect(count() - before).toBe(3)
    fake.force({ status: 500, json: { message: 'boom' } })
    before = count()
    await expect(startChat(url, 'vendas', {})).rejects.toThrow('answered HTTP 500')
    expect(count() - before).toBe(3)
    fake.force({ raw: (res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"messages": [') })
    await expect(continueChat(url, 's1', 'oi')).rejects.toThrow('the answer is not JSON')
    fake.force({ status: 400, json: { message: 'Invalid message' } })
    const refused = await continueChat(url, 's1', 'oi').catch((e: EngineFailure) => e)
    expect(refused).toBeInstanceOf(EngineFailure)
    expect((refused as EngineFailure).status).toBe(400)
    fake.force(null)
  })

  it('refuses private addresses that are not allowed', async () => {
    delete process.env.OUTBOUND_ALLOWED_HOSTS
    await expect(startChat(url, 'vendas', {})).rejects.toMatchObject({ code: 'ERR_OUTBOUND_URL_REFUSED' })
    process.env.OUTBOUND_ALLOWED_HOSTS = '127.0.0.1'
  })
})

describe('Typebot answers as WhatsApp messages', () => {
  it('turns markdown into WhatsApp marks', () => {
    expect(toWhatsapp('Olá **Ana**, *tudo* _bem_? ~~não~~ [site](https://a.b) \\!')).toBe(
      'Olá *Ana*, _tudo_ _bem_? ~não~ site (https://a.b) !',
    )
  })

  it('splits at waits, lists choices, and maps a number back to its item', () => {
    const segs = segments({
      messages: [
        text('b1', 'Um'),
        { id: 'b2', type: 'image', content: { url: 'https://x/y.png' } },
        text('b3', 'Três'),
      ],
      input: choice('Vendas', 'Suporte'),
      clientSideActions: [
        { type: 'wait', wait: { secondsToWaitFor: 3 }, lastBubbleBlockId: 'b2' },
        { type: 'redirect' },
      ],
    })
    expect(segs).toEqual([
      {
        waitMs: 0,
        items: [
          { kind: 'text', body: 'Um' },
          { kind: 'media', url: 'https://x/y.png', mediaType: 'image' },
        ],
      },
      {
        waitMs: 3000,
        items: [
          { kind: 'text', body: 'Três' },
          { kind: 'text', body: '1. Vendas\n2. Suporte' },
        ],
      },
    ])
    // A wait before every bubble holds them all; rich text (an older server) is read as plain text.
    expect(
      segments({
        messages: [
          { id: 'r', type: 'text', content: { type: 'richText', richText: [{ children: [{ text: 'Oi' }] }] } },
        ],
        input: null,
        clientSideActions: [{ type: 'wait', wait: { secondsToWaitFor: 2 } }],
      }),
    ).toEqual([{ waitMs: 2000, items: [{ kind: 'text', body: 'Oi' }] }])
    expect(answerFor('2', ['Vendas', 'Suporte'])).toBe('Suporte')
    expect(answerFor(' 1. ', ['Vendas', 'Suporte'])).toBe('Vendas')
    expect(answerFor('3', ['Vendas', 'Suporte'])).toBe('3')
    expect(answerFor('quero 2', ['Vendas', 'Suporte'])).toBe('quero 2')
  })
})
