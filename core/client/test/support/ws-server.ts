/**
 * A real websocket server on 127.0.0.1:0 speaking the gateway's protocol: `/socket?token=…`,
 * client frames `{ type, room? }`, server frames `{ event, data }`, close codes 4001/4002.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { WebSocketServer, type WebSocket } from 'ws'

export interface ServerConn {
  ws: WebSocket
  token: string | null
  frames: Array<{ type: string; room?: string }>
  closed: boolean
}

export async function startWsServer() {
  const http = createServer()
  const wss = new WebSocketServer({ server: http, path: '/socket' })
  const conns: ServerConn[] = []
  wss.on('connection', (ws, req) => {
    const conn: ServerConn = {
      ws,
      token: new URL(req.url ?? '/', 'http://x').searchParams.get('token'),
      frames: [],
      closed: false,
    }
    ws.on('message', (d) => {
      conn.frames.push(JSON.parse(String(d)))
    })
    ws.on('close', () => {
      conn.closed = true
    })
    conns.push(conn)
  })
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  const { port } = http.address() as AddressInfo
  return {
    url: `ws://127.0.0.1:${port}/socket`,
    conns,
    /** Waits for the n-th connection (1-based) to be open on the server. */
    async connection(n: number) {
      await waitFor(() => conns.length >= n)
      return conns[n - 1]
    },
    emit(event: string, data: unknown) {
      for (const c of conns) if (!c.closed) c.ws.send(JSON.stringify({ event, data }))
    },
    async close() {
      for (const c of wss.clients) c.terminate()
      await new Promise<void>((resolve) => wss.close(() => resolve()))
      await new Promise<void>((resolve) => http.close(() => resolve()))
    },
  }
}

export async function waitFor(check: () => boolean, timeoutMs = 3000, what = 'condition') {
  const until = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 5))
  }
}
