import { randomUUID } from 'node:crypto'
import { AppError, isAppError, type Kernel } from '@atende/sdk'
import type { Leases } from './lease.ts'

export const ERR_WAPP_NOT_INITIALIZED = 'ERR_WAPP_NOT_INITIALIZED'

declare module '@atende/sdk' {
  interface EventMap {
    /** A call for the session's owner, the process `to` (its lease holder). */
    'connections.rpc': {
      companyId: number
      requestId: string
      whatsappId: number
      op: string
      args: unknown
      to: string
      from: string
    }
    'connections.rpcResult': {
      companyId: number
      requestId: string
      to: string
      ok: boolean
      result?: unknown
      error?: RpcError
    }
  }
}

export interface RpcError {
  code: string
  message: string
  statusCode: number
  details?: Record<string, unknown>
}

/**
 * One op's handler. It declares the args it takes (`A`); they cross the bus untyped, so the caller
 * naming the op is trusted to pass that shape. `never` (the default) admits a handler of any args.
 */
export type RpcHandler<A = never> = (conn: { id: number; companyId: number }, args: A) => Promise<unknown>

/** Nobody runs the session, or its owner does not answer (a crashed owner's lease lapses, then another process takes over). */
export class SessionUnreachable extends AppError {
  constructor(message = 'The connection is not running: start its session first') {
    super(ERR_WAPP_NOT_INITIALIZED, 400, message)
  }
}

/**
 * Calls on a connection's session from any process. A session lives in exactly one process, the
 * holder of its lease (lease.ts); a call runs here when this process holds it, otherwise it crosses
 * the event bus (Redis pub/sub in production) addressed to the holder, which answers on the bus.
 * Handlers are registered by op name (`handle`); errors travel back as AppErrors.
 */
export function createSessionRpc(kernel: Kernel, leases: Leases, initial: Record<string, RpcHandler> = {}) {
  const handlers: Record<string, RpcHandler> = { ...initial }
  const waiting = new Map<string, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>()

  const run = async (op: string, conn: { id: number; companyId: number }, args: unknown) => {
    const h = handlers[op]
    if (!h) throw new Error(`Unknown session call "${op}"`)
    return (h as RpcHandler<unknown>)(conn, args)
  }

  kernel.bus.on('connections.rpc', async (req) => {
    if (req.to !== leases.owner) return
    const answer = (r: { ok: boolean; result?: unknown; error?: RpcError }) =>
      kernel.bus.emit('connections.rpcResult', {
        companyId: req.companyId,
        requestId: req.requestId,
        to: req.from,
        ...r,
      })
    try {
      await answer({ ok: true, result: await run(req.op, { id: req.whatsappId, companyId: req.companyId }, req.args) })
    } catch (err) {
      await answer({
        ok: false,
        error: isAppError(err)
          ? { code: err.code, message: err.message, statusCode: err.statusCode, details: err.details }
          : { code: 'ERR_INTERNAL_SERVER_ERROR', message: String((err as Error)?.message ?? err), statusCode: 500 },
      })
    }
  })
  kernel.bus.on('connections.rpcResult', (res) => {
    if (res.to !== leases.owner) return
    const w = waiting.get(res.requestId)
    if (!w) return
    waiting.delete(res.requestId)
    if (res.ok) w.resolve(res.result)
    else w.reject(new AppError(res.error!.code, res.error!.statusCode, res.error!.message, res.error!.details))
  })

  const rpc = {
    /** Add handlers (ops this process serves as an owner). */
    handle(more: Record<string, RpcHandler>) {
      Object.assign(handlers, more)
    },

    /** Run `op` in the process `to` (this one runs it directly). */
    async call<R = unknown>(
      to: string,
      companyId: number,
      whatsappId: number,
      op: string,
      args: unknown,
      timeoutMs = 10_000,
    ): Promise<R> {
      if (to === leases.owner) return (await run(op, { id: whatsappId, companyId }, args)) as R
      const requestId = randomUUID()
      const answer = new Promise<unknown>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.delete(requestId)
          reject(
            new SessionUnreachable(
              'The process running this connection does not answer; if it is gone, another one takes the session over shortly',
            ),
          )
        }, timeoutMs)
        timer.unref()
        waiting.set(requestId, {
          resolve: (v) => {
            clearTimeout(timer)
            resolve(v)
          },
          reject: (e) => {
            clearTimeout(timer)
            reject(e)
          },
        })
      })
      await kernel.bus.emit('connections.rpc', { companyId, requestId, whatsappId, op, args, to, from: leases.owner })
      return (await answer) as R
    },

    /** Run `op` where the connection's session runs; SessionUnreachable when it runs nowhere. */
    async invoke<R = unknown>(
      companyId: number,
      whatsappId: number,
      op: string,
      args: unknown,
      timeoutMs = 10_000,
    ): Promise<R> {
      const holder = leases.owns(whatsappId) ? leases.owner : await leases.holder(whatsappId)
      if (!holder) throw new SessionUnreachable()
      return rpc.call<R>(holder, companyId, whatsappId, op, args, timeoutMs)
    },
  }
  return rpc
}
export type SessionRpc = ReturnType<typeof createSessionRpc>
