import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface TypebotCall {
  route: 'start' | 'continue'
  slug?: string
  sessionId?: string
  body: any
  raw: string
}
/** What one turn answers: JSON (status 200 unless given), or a raw response the test writes itself. */
export type Reply = { status?: number; json?: unknown; raw?: (res: ServerResponse) => void; delayMs?: number }
/** A bot: the answer to its start, then to each customer answer (by turn, with the text received). */
export type Bot = (turn: number, text: string | null) => Reply

/**
 * A local stand-in for Typebot's Chat API v1 — the two routes (startChat, continueChat), scripted
 * bots per slug, 404 for sessions it does not know, and any answer a test forces (a delay, a 500,
 * broken JSON).
 */
export function fakeTypebot() {
  const calls: TypebotCall[] = []
  const bots = new Map<string, Bot>()
  const sessions = new Map<string, { slug: string; turn: number }>()
  let forced: Reply | null = null
  let seq = 0
  /** Calls in progress per session, and the most seen at once. */
  const inflight = new Map<string, number>()
  let maxInflight = 0
  const send = (res: ServerResponse, reply: Reply, session?: string) => {
    if (reply.raw) return reply.raw(res)
    const n = (inflight.get(session ?? '') ?? 0) + 1
    inflight.set(session ?? '', n)
    maxInflight = Math.max(maxInflight, n)
    setTimeout(() => {
      inflight.set(session ?? '', (inflight.get(session ?? '') ?? 1) - 1)
      res.writeHead(reply.status ?? 200, { 'content-type': 'application/json' }).end(JSON.stringify(reply.json ?? {}))
    }, reply.delayMs ?? 0)
  }
  const server: Server = createServer((req: IncomingMessage, res) => {
    let raw = ''
    req.on('data', (d) => (raw += d))
    req.on('end', () => {
      const start = /^\/api\/v1\/typebots\/([^/]+)\/startChat$/.exec(req.url ?? '')
      const cont = /^\/api\/v1\/sessions\/([^/]+)\/continueChat$/.exec(req.url ?? '')
      const body = raw ? JSON.parse(raw) : null
      if (start) calls.push({ route: 'start', slug: decodeURIComponent(start[1]), body, raw })
      else if (cont) calls.push({ route: 'continue', sessionId: decodeURIComponent(cont[1]), body, raw })
      if (forced) return send(res, forced)
      if (start) {
        const bot = bots.get(decodeURIComponent(start[1]))
        if (!bot) return send(res, { status: 404, json: { message: 'Typebot not found' } })
        const sessionId = `s${++seq}`
        sessions.set(sessionId, { slug: decodeURIComponent(start[1]), turn: 0 })
        const reply = bot(0, null)
        return send(res, { ...reply, json: { sessionId, resultId: `r${seq}`, ...(reply.json as object) } })
      }
      if (cont) {
        const session = sessions.get(decodeURIComponent(cont[1]))
        if (!session) return send(res, { status: 404, json: { message: 'Session not found.' } })
        session.turn++
        return send(res, bots.get(session.slug)!(session.turn, body?.message?.text ?? null), cont[1])
      }
      send(res, { status: 404, json: { message: 'no route' } })
    })
  })
  return {
    calls,
    bot: (slug: string, bot: Bot) => bots.set(slug, bot),
    /** Every call answers this until cleared (null). */
    force: (reply: Reply | null) => (forced = reply),
    forget: (sessionId: string) => sessions.delete(sessionId),
    maxInflight: () => maxInflight,
    async start() {
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    },
    close: () => new Promise((r) => server.close(r)),
  }
}

/** Typebot's shapes, for scripting. */
export const text = (id: string, markdown: string) => ({ id, type: 'text', content: { type: 'markdown', markdown } })
export const choice = (...items: string[]) => ({
  type: 'choice input',
  id: 'input1',
  items: items.map((content, i) => ({ id: `i${i}`, content })),
})
export const textInput = { type: 'text input', id: 'input2', options: {} }
