import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** The first Ogg page of an Opus stream (16 kHz mono), as Azure's ogg-16khz-16bit-mono-opus begins. */
export function oggOpus(): Buffer {
  const head = Buffer.alloc(19)
  head.write('OpusHead', 0, 'latin1')
  head[8] = 1 // version
  head[9] = 1 // channels
  head.writeUInt16LE(312, 10) // pre-skip
  head.writeUInt32LE(16_000, 12) // input sample rate
  const page = Buffer.alloc(27)
  page.write('OggS', 0, 'latin1')
  page[5] = 0x02 // beginning of stream
  page.writeUInt32LE(0x41544e44, 14) // serial
  page[26] = 1 // one segment
  return Buffer.concat([page, Buffer.from([head.length]), head, Buffer.alloc(64, 0xfc)])
}

type Answer = { status: number; body: unknown; headers?: Record<string, string> }
export const completion = (content: string | null, toolCall?: { name: string; arguments: string }): Answer => ({
  status: 200,
  body: {
    id: 'chatcmpl-1',
    object: 'chat.completion',
    choices: [
      {
        index: 0,
        finish_reason: toolCall ? 'tool_calls' : 'stop',
        message: {
          role: 'assistant',
          content,
          ...(toolCall ? { tool_calls: [{ id: 'call_1', type: 'function', function: toolCall }] } : {}),
        },
      },
    ],
  },
})
export const failure = (status: number, code: string, message = code): Answer => ({
  status,
  body: { error: { message, type: code, code } },
})

/**
 * A local stand-in for OpenAI (/v1/chat/completions, /v1/audio/transcriptions) and Azure speech
 * (/tts/{region}/cognitiveservices/v1): records every call, answers what the test scripts.
 */
export function fakeAi() {
  const chats: { auth: string; body: any }[] = []
  const transcriptions: { auth: string; fileName: string; model: string; bytes: number }[] = []
  const speech: { region: string; headers: IncomingMessage['headers']; ssml: string }[] = []
  let answers: Answer[] = []
  let fallback: Answer = completion('Olá! Como posso ajudar?')
  let speechAnswer: () => { status: number; body: Buffer } = () => ({ status: 200, body: oggOpus() })
  let transcript = 'quero saber o preço'
  let hold: Promise<void> | null = null
  // Calls whose key holds a fragment hang until released (one company's dead endpoint).
  const hangs = new Map<string, Promise<void>>()
  const hanging = new Map<string, number>()

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = []
    req.on('data', (d: Buffer) => chunks.push(d))
    req.on('end', async () => {
      const raw = Buffer.concat(chunks)
      const auth = String(req.headers.authorization ?? '')
      const url = req.url ?? ''
      if (url === '/v1/chat/completions') {
        chats.push({ auth, body: JSON.parse(raw.toString('utf8')) })
        if (hold) await hold
        const hung = [...hangs.keys()].find((f) => auth.includes(f))
        if (hung) {
          hanging.set(hung, (hanging.get(hung) ?? 0) + 1)
          await hangs.get(hung)
          hanging.set(hung, hanging.get(hung)! - 1)
        }
        const a = answers.shift() ?? fallback
        res.writeHead(a.status, { 'content-type': 'application/json', ...a.headers }).end(JSON.stringify(a.body))
        return
      }
      if (url === '/v1/audio/transcriptions') {
        const text = raw.toString('latin1')
        transcriptions.push({
          auth,
          fileName: /filename="([^"]+)"/.exec(text)?.[1] ?? '',
          model: /name="model"\r\n\r\n([^\r]+)/.exec(text)?.[1] ?? '',
          bytes: raw.length,
        })
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ text: transcript }))
        return
      }
      const tts = /^\/tts\/([a-z0-9]+)\/cognitiveservices\/v1$/.exec(url)
      if (tts) {
        speech.push({ region: tts[1], headers: req.headers, ssml: raw.toString('utf8') })
        const a = speechAnswer()
        res.writeHead(a.status, { 'content-type': 'audio/ogg' }).end(a.body)
        return
      }
      res.writeHead(404).end()
    })
  })
  return {
    chats,
    transcriptions,
    speech,
    async start() {
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    },
    /** Answers for the next chat calls, in order; then the fallback. */
    answer: (...a: Answer[]) => (answers = a),
    always: (a: Answer) => {
      answers = []
      fallback = a
    },
    speakWith: (fn: () => { status: number; body: Buffer }) => (speechAnswer = fn),
    transcribeAs: (text: string) => (transcript = text),
    /** Chat answers wait until the returned release is called. */
    holdChats() {
      let release!: () => void
      hold = new Promise((r) => (release = r))
      return () => {
        hold = null
        release()
      }
    },
    /** Chat calls made with a key holding `fragment` hang until the returned release is called. */
    hangFor(fragment: string) {
      let release!: () => void
      hangs.set(fragment, new Promise((r) => (release = r)))
      return () => {
        hangs.delete(fragment)
        release()
      }
    },
    /** Calls hanging now for a fragment. */
    hangingFor: (fragment: string) => hanging.get(fragment) ?? 0,
    close: () => {
      server.closeAllConnections()
      return new Promise((r) => server.close(r))
    },
  }
}
