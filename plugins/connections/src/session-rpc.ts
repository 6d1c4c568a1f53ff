import { randomUUID } from 'node:crypto'
import { AppError, type Kernel } from '@atende/sdk'
import { ERR_WAPP_NOT_INITIALIZED, type SessionManager } from './sessions.ts'

declare module '@atende/sdk' {
  interface EventMap {
    'connections.rpc': { companyId: number; requestId: string; whatsappId: number; op: string; args: unknown }
    'connections.rpcResult': { companyId: number; requestId: string; ok: boolean; result?: unknown; error?: { code: string; message: string; statusCode: number } }
  }
}

export type RpcHandler = (conn: { id: number; companyId: number }, args: any) => Promise<unknown>

/** No process answered: no session of this connection runs anywhere (or its owner is busy). */
export class SessionUnreachable extends AppError {
  constructor() { super(ERR_WAPP_NOT_INITIALIZED, 400, 'The connection is not running: start its session first') }
}

/**
 * Calls on a connection's session from any process. A session lives in exactly one process (its
 * owner); a request runs there directly when this process owns it, otherwise it crosses the event
 * bus (Redis pub/sub in production) and the owner answers on the bus.
 */
export function createSessionRpc(kernel: Kernel, sessions: SessionManager, handlers: Record<string, RpcHandler>) {
  const waiting = new Map<string, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>()

  const run = (op: string, conn: { id: number; companyId: number }, args: unknown) => {
    const h = handlers[op]
    if (!h) throw new Error(`Unknown session call "${op}"`)
    return h(conn, args)
  }

  kernel.bus.on('connections.rpc', async (req) => {
    if (!sessions.isRunning(req.whatsappId)) return
    const conn = { id: req.whatsappId, companyId: req.companyId }
    try {
      const result = await run(req.op, conn, req.args)
      await kernel.bus.emit('connections.rpcResult', { companyId: req.companyId, requestId: req.requestId, ok: true, result })
    } catch (err) {
      const e = err instanceof AppError ? { code: err.code, message: err.message, statusCode: err.statusCode } : { code: 'ERR_INTERNAL_SERVER_ERROR', message: String((err as Error)?.message ?? err), statusCode: 500 }
      await kernel.bus.emit('connections.rpcResult', { companyId: req.companyId, requestId: req.requestId, ok: false, error: e })
    }
  })
  kernel.bus.on('connections.rpcResult', (res) => {
    const w = waiting.get(res.requestId)
    if (!w) return
    waiting.delete(res.requestId)
    if (res.ok) w.resolve(res.result)
    else w.reject(new AppError(res.error!.code, res.error!.statusCode, res.error!.message))
  })

  return {
    async invoke<R = unknown>(companyId: number, whatsappId: number, op: string, args: unknown, timeoutMs = 10_000): Promise<R> {
      if (sessions.isRunning(whatsappId)) return (await run(op, { id: whatsappId, companyId }, args)) as R
      const requestId = randomUUID()
      const answer = new Promise<unknown>((resolve, reject) => {
        const timer = setTimeout(() => { waiting.delete(requestId); reject(new SessionUnreachable()) }, timeoutMs)
        timer.unref()
        waiting.set(requestId, { resolve: (v) => { clearTimeout(timer); resolve(v) }, reject: (e) => { clearTimeout(timer); reject(e) } })
      })
      await kernel.bus.emit('connections.rpc', { companyId, requestId, whatsappId, op, args })
      return (await answer) as R
    },
  }
}
export type SessionRpc = ReturnType<typeof createSessionRpc>
