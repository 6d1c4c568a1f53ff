/**
 * The load balancer of `pnpm start:cluster`: a few lines of node in front of the API processes,
 * round-robin for requests and, apart, for websocket upgrades (the processes share sessions and events
 * over Postgres and Redis, so no stickiness is needed). An upstream that refuses a connection is
 * skipped for a second and the request goes to the next one; request bodies are buffered so such
 * a retry can resend them. Each answer says which upstream served it (`x-atende-upstream`, 1-based),
 * which the tests read. Production deployments put nginx or a cloud balancer here instead.
 */
import http from 'node:http'
import net from 'node:net'
import type { AddressInfo } from 'node:net'

export interface Upstream {
  host: string
  port: number
}

const DOWN_MS = 1000
/** Kept-alive connections to the API processes (a connect per request would cost more than the proxying). */
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 })
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade'])

export function createBalancer(upstreams: Upstream[]) {
  // Requests and websocket upgrades take turns apart: sockets live long, so they spread evenly over
  // the processes whatever the requests in between (four sockets land two on each of two processes).
  const turns = { request: 0, upgrade: 0 }
  const downUntil = upstreams.map(() => 0)
  /** The upstreams to try, in order: the next in turn first, those marked down last. */
  function order(kind: keyof typeof turns): number[] {
    const start = turns[kind]++ % upstreams.length
    const all = upstreams.map((_, k) => (start + k) % upstreams.length)
    const now = Date.now()
    return [...all.filter((i) => downUntil[i]! <= now), ...all.filter((i) => downUntil[i]! > now)]
  }
  const forwarded = (req: http.IncomingMessage) => {
    const prior = req.headers['x-forwarded-for']
    const addr = req.socket.remoteAddress ?? ''
    return {
      'x-forwarded-for': prior ? `${prior}, ${addr}` : addr,
      'x-forwarded-proto': (req.headers['x-forwarded-proto'] as string) ?? 'http',
      'x-forwarded-host': (req.headers['x-forwarded-host'] as string) ?? req.headers.host ?? '',
    }
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const body = Buffer.concat(chunks)
      const headers: http.OutgoingHttpHeaders = { ...req.headers, ...forwarded(req) }
      for (const h of HOP_BY_HOP) delete headers[h]
      headers['content-length'] = String(body.length)
      const tries = order('request')
      const attempt = (k: number) => {
        const i = tries[k]!
        const up = http.request({ ...upstreams[i], agent, method: req.method, path: req.url, headers }, (answer) => {
          const out = { ...answer.headers, 'x-atende-upstream': String(i + 1) }
          res.writeHead(answer.statusCode ?? 502, out)
          answer.pipe(res)
        })
        up.on('error', (err: NodeJS.ErrnoException) => {
          // Refused, or a kept-alive connection found dead before use (Node's documented case for a
          // retry): nothing reached a live process, so the next one may take the request.
          const retryable = err.code === 'ECONNREFUSED' || (up.reusedSocket && err.code === 'ECONNRESET')
          if (retryable && !res.headersSent) {
            downUntil[i] = Date.now() + DOWN_MS
            if (k + 1 < tries.length) return attempt(k + 1)
          }
          if (!res.headersSent) {
            res.writeHead(502, { 'content-type': 'application/json' })
            res.end(
              JSON.stringify({
                error: 'ERR_UPSTREAM_UNAVAILABLE',
                message: 'No API process answered',
                statusCode: 502,
              }),
            )
          } else res.destroy()
        })
        up.end(body)
      }
      attempt(0)
    })
  })

  const tunnels = new Set<net.Socket>()
  server.on('upgrade', (req, client: net.Socket, head) => {
    tunnels.add(client)
    client.on('close', () => tunnels.delete(client))
    const tries = order('upgrade')
    const attempt = (k: number) => {
      const i = tries[k]!
      const up = net.connect(upstreams[i]!.port, upstreams[i]!.host, () => {
        const headers = { ...req.headers, ...forwarded(req) }
        const lines = [`${req.method} ${req.url} HTTP/1.1`]
        for (const [name, value] of Object.entries(headers))
          for (const v of Array.isArray(value) ? value : [value]) if (v !== undefined) lines.push(`${name}: ${v}`)
        up.write(lines.join('\r\n') + '\r\n\r\n')
        if (head.length) up.write(head)
        up.pipe(client)
        client.pipe(up)
      })
      up.on('error', (err: NodeJS.ErrnoException) => {
        if (err.code === 'ECONNREFUSED' && k + 1 < tries.length) {
          downUntil[i] = Date.now() + DOWN_MS
          return attempt(k + 1)
        }
        client.destroy()
      })
      client.on('error', () => up.destroy())
      client.on('close', () => up.destroy())
      up.on('close', () => client.destroy())
    }
    attempt(0)
  })

  return {
    server,
    listen: (port: number, host: string) =>
      new Promise<string>((resolve) =>
        server.listen(port, host, () => {
          const a = server.address() as AddressInfo
          resolve(`http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${a.port}`)
        }),
      ),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
        for (const t of tunnels) t.destroy()
      }),
  }
}
