import WebSocket from 'ws'
import { until } from './wait.ts'

export interface Frame {
  event: string
  data?: any
}
/** A test client: keeps every frame and the close code. `headers` go with the upgrade (X-Forwarded-For). */
export async function connect(base: string, token: string | null, headers?: Record<string, string>) {
  const ws = new WebSocket(`${base}/socket${token === null ? '' : `?token=${encodeURIComponent(token)}`}`, { headers })
  const frames: Frame[] = []
  let closed: { code: number; reason: string } | undefined
  ws.on('message', (raw) => frames.push(JSON.parse(raw.toString())))
  ws.on('close', (code, reason) => {
    closed = { code, reason: reason.toString() }
  })
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve())
    ws.once('error', reject)
  })
  const client = {
    ws,
    frames,
    get closed() {
      return closed
    },
    send: (msg: object) => ws.send(JSON.stringify(msg)),
    /** Round trip: every frame the server meant to send before the pong has arrived. */
    async sync() {
      const n = frames.filter((f) => f.event === 'pong').length
      client.send({ type: 'ping' })
      // A bound, not a measure: a loaded CI machine may take seconds to authenticate the socket.
      await until(() => frames.filter((f) => f.event === 'pong').length > n, 20_000)
    },
    async waitClose() {
      await until(() => !!closed)
      return closed!
    },
    find: (event: string, pred: (f: Frame) => boolean = () => true) =>
      frames.filter((f) => f.event === event && pred(f)),
  }
  return client
}
