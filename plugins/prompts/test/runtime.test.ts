import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { readFile } from 'node:fs/promises'
import { createTestApp, companyWithUser, until, type TestApp } from '@atende/kernel/testing'
import usersPlugin from '@atende/plugin-users'
import contactsPlugin from '@atende/plugin-contacts'
import ticketsPlugin from '@atende/plugin-tickets'
import connectionsPlugin from '@atende/plugin-connections'
import queuesPlugin from '@atende/plugin-queues'
import flowsPlugin from '@atende/plugin-flows'
import plugin from '../src/index.ts'
import { HANDOVER_MESSAGE, createPromptRuntime } from '../src/runtime.ts'
import { createPromptService } from '../src/service.ts'
import { opusHead } from '@atende/sdk'
import { completion, failure, fakeAi, oggOpus } from './fakes/ai.ts'

const PROMPT = 'Você é a assistente da Loja Azul. Responda com gentileza e em poucas frases.'
const ENV = [
  'OPENAI_BASE_URL',
  'AZURE_TTS_URL',
  'OPENAI_RETRY_MS',
  'OPENAI_TIMEOUT_MS',
  'SIMULATOR_ACK_MS',
  'PROMPT_COMPANY_SHARE',
]

describe('prompts answer customers through the simulator', () => {
  let t: TestApp
  const ai = fakeAi()
  beforeAll(async () => {
    const base = await ai.start()
    process.env.SIMULATOR_ACK_MS = '0'
    process.env.OPENAI_BASE_URL = `${base}/v1`
    process.env.AZURE_TTS_URL = `${base}/tts/{region}/cognitiveservices/v1`
    process.env.OPENAI_RETRY_MS = '0,0'
    process.env.OPENAI_TIMEOUT_MS = '5000'
    t = await createTestApp({
      plugins: [usersPlugin, contactsPlugin, ticketsPlugin, connectionsPlugin, queuesPlugin, flowsPlugin, plugin],
    })
  })
  afterAll(async () => {
    for (const k of ENV) delete process.env[k]
    await t?.close()
    await ai.close()
  })

  let seq = 0
  async function setup(prompt: object = {}, customer = 0) {
    const { headers, companyId, userId } = await companyWithUser(t.app, { profile: 'admin' })
    const call = (method: 'GET' | 'POST' | 'PUT', path: string, payload?: object) =>
      t.app.inject({ method, url: path, headers, payload })
    const ok = async (p: ReturnType<typeof call>) => {
      const res = await p
      expect(res.statusCode, res.body).toBe(200)
      return res.json()
    }
    const people = await ok(call('POST', '/api/queue', { name: 'Atendimento', color: '#0a0', greetingMessage: '' }))
    const key = `sk-test-${++seq}-0000000000`
    const p = await ok(
      call('POST', '/api/prompt', {
        name: 'Assistente',
        prompt: PROMPT,
        apiKey: key,
        queueId: people.id,
        temperature: 0.7,
        maxTokens: 120,
        ...prompt,
      }),
    )
    const w = await ok(call('POST', '/api/whatsapp', { name: `Sim ${seq}`, provider: 'simulator', promptId: p.id }))
    await ok(call('POST', `/api/simulator/${w.id}/scan`, {}))
    const from = `55479${String(60_000_001 + seq * 10 + customer)}`
    const outbox = async () => (await ok(call('GET', `/api/simulator/${w.id}/outbox?to=${from}`))).messages
    const texts = async () => (await outbox()).map((m: { body: string }) => m.body)
    const say = (body: string, extra: object = {}) =>
      ok(call('POST', `/api/simulator/${w.id}/inbound`, { from, name: 'Rita', body, ...extra }))
    const ticket = async (id: number) => t.db('tickets').where({ id }).first()
    const notes = async (ticketId: number) => (await t.db('ticket_notes').where({ ticketId })).map((n) => n.note)
    return { companyId, userId, prompt: p, people, key, w, say, outbox, texts, ticket, notes, call, ok }
  }

  it('answers with the prompt as system message and the LAST maxMessages turns, as configured', async () => {
    const s = await setup({ maxMessages: 3 })
    ai.answer(completion('R1'), completion('R2'), completion('R3'))
    const first = ai.chats.length
    await s.say('oi')
    await until(async () => (await s.texts()).length === 1)
    await s.say('segunda')
    await until(async () => (await s.texts()).length === 2)
    const { message } = await s.say('terceira')
    await until(async () => (await s.texts()).length === 3)
    expect(await s.texts()).toEqual(['R1', 'R2', 'R3'])
    expect(ai.chats.length - first).toBe(3)
    const last = ai.chats.at(-1)!
    expect(last.auth).toBe(`Bearer ${s.key}`)
    expect(last.body).toMatchObject({ model: 'gpt-3.5-turbo-1106', max_tokens: 120, temperature: 0.7 })
    expect(last.body.messages).toEqual([
      { role: 'system', content: PROMPT },
      { role: 'user', content: 'segunda' },
      { role: 'assistant', content: 'R2' },
      { role: 'user', content: 'terceira' },
    ])
    expect(last.body.tools[0].function.name).toBe('transfer_to_human')
    expect(await s.ticket(message.ticketId)).toMatchObject({
      useIntegration: true,
      promptId: s.prompt.id,
      status: 'pending',
    })
  })

  it("a transfer is the model's tool call: the ticket goes to the prompt's queue with the reason as a note", async () => {
    const s = await setup()
    ai.answer(
      completion('Vou chamar alguém da equipe.', {
        name: 'transfer_to_human',
        arguments: '{"reason":"quer falar com uma pessoa"}',
      }),
    )
    const { message } = await s.say('quero falar com um humano')
    await until(async () => (await s.ticket(message.ticketId)).useIntegration === false)
    expect(await s.ticket(message.ticketId)).toMatchObject({ queueId: s.people.id, status: 'pending', userId: null })
    await until(async () => (await s.texts()).length === 1)
    expect(await s.texts()).toEqual(['Vou chamar alguém da equipe.'])
    expect(await s.notes(message.ticketId)).toEqual([
      'O prompt "Assistente" transferiu o atendimento: quer falar com uma pessoa',
    ])
    const calls = ai.chats.length
    await s.say('alô?')
    expect(ai.chats.length).toBe(calls) // the team's now
  })

  it.each([
    ['a refused key', [failure(401, 'invalid_api_key')], 1, 'a chave da OpenAI foi recusada'],
    ['no quota (never retried)', [failure(429, 'insufficient_quota')], 1, 'a conta da OpenAI está sem créditos'],
    [
      'an outage (retried, then given up)',
      [failure(503, 'overloaded'), failure(503, 'overloaded'), failure(503, 'overloaded')],
      3,
      'a OpenAI não respondeu',
    ],
    ['malformed JSON', [{ status: 200, body: 'not json' as unknown }], 1, 'a OpenAI respondeu algo inválido'],
  ])('%s hands the ticket to people: the customer is told, a note says why', async (_, answers, calls, why) => {
    const s = await setup()
    ai.answer(...(answers as Parameters<typeof ai.answer>))
    const before = ai.chats.length
    const { message } = await s.say('oi')
    await until(async () => (await s.ticket(message.ticketId)).useIntegration === false)
    expect(ai.chats.length - before).toBe(calls)
    await until(async () => (await s.texts()).length === 1)
    expect(await s.texts()).toEqual([HANDOVER_MESSAGE])
    const [note] = await s.notes(message.ticketId)
    expect(note).toContain('O prompt "Assistente" parou')
    expect(note).toContain(why)
    expect(await s.ticket(message.ticketId)).toMatchObject({ status: 'pending', userId: null })
  })

  it('a rate limit is retried and then answered', async () => {
    const s = await setup()
    ai.answer(failure(429, 'rate_limit_exceeded'), completion('Pronto!'))
    const before = ai.chats.length
    await s.say('oi')
    await until(async () => (await s.texts()).length === 1)
    expect(await s.texts()).toEqual(['Pronto!'])
    expect(ai.chats.length - before).toBe(2)
  })

  it('with a voice, the reply is spoken by Azure and sent as an OGG/Opus voice note', async () => {
    const s = await setup({ voice: 'pt-BR-FranciscaNeural', voiceKey: 'azure-key-1', voiceRegion: 'brazilsouth' })
    ai.answer(completion('Olá, <Rita> & cia!'))
    const { message } = await s.say('oi')
    await until(async () => (await s.outbox()).length === 1)
    const [sent] = await s.outbox()
    expect(sent.media).toMatchObject({ kind: 'audio', mimetype: 'audio/ogg' })
    const req = ai.speech.at(-1)!
    expect(req.region).toBe('brazilsouth')
    expect(req.headers).toMatchObject({
      'ocp-apim-subscription-key': 'azure-key-1',
      'x-microsoft-outputformat': 'ogg-16khz-16bit-mono-opus',
      'content-type': 'application/ssml+xml',
    })
    expect(req.ssml).toContain('name="pt-BR-FranciscaNeural"')
    expect(req.ssml).toContain('Olá, &lt;Rita&gt; &amp; cia!')
    const row = await t.db('messages').where({ ticketId: message.ticketId, fromMe: true }).first()
    const bytes = await readFile(t.app.kernel.storage.path(row.mediaUrl))
    expect(opusHead(bytes)).toEqual({ channels: 1, sampleRate: 16_000 })
  })

  it('speech that is not OGG/Opus is not sent as a voice note: the text goes, a note says why', async () => {
    const s = await setup({ voice: 'pt-BR-AntonioNeural', voiceKey: 'azure-key-2', voiceRegion: 'eastus' })
    ai.speakWith(() => ({ status: 200, body: Buffer.from('ID3\x04\x00mp3 bytes') }))
    ai.answer(completion('Bom dia!'))
    const { message } = await s.say('oi')
    await until(async () => (await s.texts()).length === 1)
    ai.speakWith(() => ({ status: 200, body: oggOpus() }))
    expect(await s.texts()).toEqual(['Bom dia!'])
    expect((await s.outbox())[0].media).toBeUndefined()
    expect((await s.notes(message.ticketId))[0]).toContain('not OGG/Opus')
  })

  it("a customer's voice note is transcribed (as audio.ogg) and the model reads the words", async () => {
    const s = await setup()
    ai.transcribeAs('qual o horário de vocês?')
    ai.answer(completion('Das 8h às 18h.'))
    const before = ai.transcriptions.length
    await s.say('', {
      mediaUrl: `data:audio/ogg;base64,${oggOpus().toString('base64')}`,
      mediaType: 'audio',
      fileName: 'nota.opus',
    })
    await until(async () => (await s.texts()).length === 1)
    expect(ai.transcriptions.length - before).toBe(1)
    expect(ai.transcriptions.at(-1)).toMatchObject({
      auth: `Bearer ${s.key}`,
      fileName: 'audio.ogg',
      model: 'whisper-1',
    })
    expect(ai.chats.at(-1)!.body.messages.at(-1)).toEqual({ role: 'user', content: 'qual o horário de vocês?' })
    // Kept: the next turn reads the transcript without transcribing again.
    ai.answer(completion('De segunda a sexta.'))
    await s.say('e no sábado?')
    await until(async () => (await s.texts()).length === 2)
    expect(ai.transcriptions.length - before).toBe(1)
    expect(ai.chats.at(-1)!.body.messages.slice(-3)).toEqual([
      { role: 'user', content: 'qual o horário de vocês?' },
      { role: 'assistant', content: 'Das 8h às 18h.' },
      { role: 'user', content: 'e no sábado?' },
    ])
  })

  it("one company's hanging model calls hold neither the others' replies nor more than its share", async () => {
    process.env.PROMPT_COMPANY_SHARE = '2'
    process.env.OPENAI_TIMEOUT_MS = '60000'
    const a = await setup({ apiKey: 'sk-test-hang-000000000000' })
    const b = await setup()
    const release = ai.hangFor('sk-test-hang')
    try {
      // Three of A's customers write (each her own ticket): two calls hang, the third waits its turn.
      const w = a.w.id
      for (const n of [1, 2, 3])
        await a.ok(
          a.call('POST', `/api/simulator/${w}/inbound`, { from: `554791111000${n}`, name: `C${n}`, body: 'oi' }),
        )
      await until(async () => ai.hangingFor('sk-test-hang') === 2)
      // B's customer is answered while A's calls still hang.
      ai.always(completion('Olá! Como posso ajudar?'))
      await b.say('bom dia')
      await until(async () => (await b.texts()).includes('Olá! Como posso ajudar?'))
      expect(ai.hangingFor('sk-test-hang')).toBe(2)
    } finally {
      release()
      process.env.OPENAI_TIMEOUT_MS = '5000'
      delete process.env.PROMPT_COMPANY_SHARE
    }
    // Released, all three of A's customers are answered.
    for (const n of [1, 2, 3])
      await until(async () =>
        (await a.ok(a.call('GET', `/api/simulator/${a.w.id}/outbox?to=554791111000${n}`))).messages.some(
          (m: { body: string }) => m.body === 'Olá! Como posso ajudar?',
        ),
      )
  })

  it('never answers after an attendant took the ticket while the model thought', async () => {
    const s = await setup()
    const release = ai.holdChats()
    const before = ai.chats.length
    const { message } = await s.say('oi')
    await until(async () => ai.chats.length > before)
    // The same job as the pipeline queued, run here so the test knows when it is over.
    const runtime = createPromptRuntime(t.app.kernel, createPromptService(t.app.kernel))
    const job = runtime.reply({
      companyId: s.companyId,
      ticketId: message.ticketId,
      messageId: message.id,
      promptId: s.prompt.id,
    })
    await until(async () => ai.chats.length > before + 1)
    await s.ok(s.call('PUT', `/api/tickets/${message.ticketId}`, { status: 'open', userId: s.userId }))
    ai.answer(completion('tarde demais'), completion('tarde demais'))
    release()
    await job
    expect(await s.texts()).not.toContain('tarde demais')
    expect(await s.ticket(message.ticketId)).toMatchObject({ status: 'open', userId: s.userId })
  })

  it("a flow's OpenAI node hands the conversation to the assistant with the node's settings; its key never leaves", async () => {
    const { headers, companyId } = await companyWithUser(t.app, { profile: 'admin' })
    const call = (method: 'GET' | 'POST' | 'PUT', path: string, payload?: object) =>
      t.app.inject({ method, url: path, headers, payload })
    const ok = async (p: ReturnType<typeof call>) => {
      const res = await p
      expect(res.statusCode, res.body).toBe(200)
      return res.json()
    }
    const flow = await ok(call('POST', '/api/flowbuilder', { name: 'Com IA' }))
    const settings = {
      name: 'IA do fluxo',
      apiKey: 'sk-flow-node-key-1234',
      prompt: 'Você atende clientes da padaria do fluxo.',
      voice: 'texto',
      temperature: '0.4',
      maxTokens: '80',
      maxMessages: '5',
    }
    const graph = (openai: object) => ({
      idFlow: flow.id,
      nodes: [
        { id: '1', type: 'start', position: { x: 0, y: 0 }, data: {} },
        { id: 'm', type: 'message', position: { x: 0, y: 0 }, data: { label: 'Um instante…' } },
        { id: 'ai', type: 'openai', position: { x: 0, y: 0 }, data: { typebotIntegration: openai } },
      ],
      connections: [
        { source: '1', target: 'm', sourceHandle: null },
        { source: 'm', target: 'ai', sourceHandle: null },
      ],
    })
    await ok(call('POST', '/api/flowbuilder/flow', graph(settings)))
    const read = async () =>
      (await ok(call('GET', `/api/flowbuilder/flow/${flow.id}`))).flow.flow.nodes[2].data.typebotIntegration
    expect(await read()).toMatchObject({ apiKey: '', apiKeySet: true, prompt: settings.prompt })
    // The editor sends the node back without the key: the stored one stays.
    await ok(call('POST', '/api/flowbuilder/flow', graph({ ...(await read()), apiKey: '' })))
    expect(JSON.stringify(await t.db('flows').where({ id: flow.id }).first('flow'))).not.toContain('sk-flow')
    const w = await ok(call('POST', '/api/whatsapp', { name: `Sim fluxo ${++seq}`, provider: 'simulator' }))
    await ok(call('POST', `/api/simulator/${w.id}/scan`, {}))
    await ok(call('POST', '/api/flowcampaign', { name: 'ia', flowId: flow.id, whatsappId: w.id, phrase: 'padaria' }))
    const from = `55479${String(70_000_001 + seq)}`
    ai.answer(completion('Temos pão quentinho!'))
    const before = ai.chats.length
    const { message } = await ok(
      call('POST', `/api/simulator/${w.id}/inbound`, { from, name: 'Rita', body: 'padaria' }),
    )
    const texts = async () =>
      (await ok(call('GET', `/api/simulator/${w.id}/outbox?to=${from}`))).messages.map((m: { body: string }) => m.body)
    await until(async () => (await texts()).length === 2)
    expect(await texts()).toEqual(['Um instante…', 'Temos pão quentinho!'])
    const sent = ai.chats[before]
    expect(sent.auth).toBe('Bearer sk-flow-node-key-1234')
    expect(sent.body).toMatchObject({ max_tokens: 80, temperature: 0.4 })
    expect(sent.body.messages[0]).toEqual({ role: 'system', content: settings.prompt })
    const ticket = await t.db('tickets').where({ id: message.ticketId }).first()
    expect(ticket).toMatchObject({ useIntegration: true, status: 'pending' })
    // The node's prompt is no admin's: not listed, not editable.
    expect((await ok(call('GET', '/api/prompt'))).prompts).toEqual([])
    expect((await call('GET', `/api/prompt/${ticket.promptId}`)).statusCode).toBe(404)
    expect(await t.db('prompts').where({ companyId, id: ticket.promptId }).first('origin')).toEqual({
      origin: `flow:${flow.id}:ai`,
    })
  })

  it("a queue's prompt answers the customers the queue menu sent there", async () => {
    const { headers } = await companyWithUser(t.app, { profile: 'admin' })
    const call = (method: 'GET' | 'POST' | 'PUT', path: string, payload?: object) =>
      t.app.inject({ method, url: path, headers, payload })
    const ok = async (p: ReturnType<typeof call>) => {
      const res = await p
      expect(res.statusCode, res.body).toBe(200)
      return res.json()
    }
    const sales = await ok(
      call('POST', '/api/queue', { name: 'Vendas', color: '#0a0', greetingMessage: 'Bem-vinda a Vendas!' }),
    )
    const help = await ok(
      call('POST', '/api/queue', { name: 'Suporte', color: '#00a', greetingMessage: 'Suporte aqui.' }),
    )
    const p = await ok(
      call('POST', '/api/prompt', {
        name: 'Vendedora',
        prompt: PROMPT,
        apiKey: 'sk-queue-000000000000',
        queueId: help.id,
      }),
    )
    await ok(
      call('PUT', `/api/queue/${sales.id}`, {
        name: 'Vendas',
        color: '#0a0',
        greetingMessage: 'Bem-vinda a Vendas!',
        promptId: p.id,
      }),
    )
    const w = await ok(
      call('POST', '/api/whatsapp', {
        name: `Sim filas ${++seq}`,
        provider: 'simulator',
        greetingMessage: 'Escolha:',
        queueIds: [sales.id, help.id],
      }),
    )
    await ok(call('POST', `/api/simulator/${w.id}/scan`, {}))
    const from = `55479${String(80_000_001 + seq)}`
    const texts = async (): Promise<string[]> =>
      (await ok(call('GET', `/api/simulator/${w.id}/outbox?to=${from}`))).messages.map((m: { body: string }) => m.body)
    const say = (body: string) => ok(call('POST', `/api/simulator/${w.id}/inbound`, { from, name: 'Rita', body }))
    await say('oi')
    await until(async () => (await texts()).length === 1)
    expect((await texts())[0]).toContain('2 - Vendas') // the queue menu, by name
    const before = ai.chats.length
    await say('2')
    await until(async () => (await texts()).some((x) => x.includes('Bem-vinda a Vendas!')))
    expect(ai.chats.length).toBe(before) // choosing the queue is the menu's, not the assistant's
    ai.answer(completion('Custa R$ 10.'))
    await say('quanto custa?')
    await until(async () => (await texts()).includes('Custa R$ 10.'))
    const sent = ai.chats.at(-1)!
    expect(sent.auth).toBe('Bearer sk-queue-000000000000')
    expect(sent.body.messages.at(-1)).toEqual({ role: 'user', content: 'quanto custa?' })
  })
})
