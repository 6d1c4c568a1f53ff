import type { Kernel } from '@atende/sdk'
import type { Leases } from './lease.ts'
import type { SessionManager } from './sessions.ts'

/**
 * Statuses that say a session should be running: it was connected (CONNECTED), on its way
 * (OPENING, PAIRING) or showing a QR code to scan (qrcode — a new one is shown). TIMEOUT (nobody
 * scanned) and DISCONNECTED stay down until someone asks again.
 */
export const RESUMABLE_STATUSES = ['CONNECTED', 'OPENING', 'PAIRING', 'qrcode']

declare module '@atende/sdk' {
  interface EventMap {
    /** A process shutting down gave up these sessions' leases: another process takes them now. */
    'connections.released': { companyId: 0; whatsappIds: number[] }
  }
}

/**
 * Resume after a restart, and take over from a crashed process: at boot and every `everyMs`, each
 * connection whose row says it should run and that runs nowhere (its lease is free, or has lapsed)
 * is started by the process that gets its lease. A CONNECTED row resumes with `resume` (the
 * simulator comes back connected; Baileys reconnects from its stored credentials).
 *
 * The pass also ends sessions running here whose row is gone or changed provider (their stop may
 * have found this process busy). A process shutting down announces the leases it released, so the
 * others pass at once instead of at their next tick.
 */
export function createResume(kernel: Kernel, sessions: SessionManager, leases: Leases, opts: { everyMs: number }) {
  let timer: NodeJS.Timeout | undefined
  let pass: Promise<void> | undefined
  let again = false
  let stopped = false

  async function takeOver(id: number) {
    try {
      const started = await sessions.resume(id, async () => {
        // Read again under the lease: the row may have changed since the scan (its last owner stopped it).
        const row = await kernel.db('whatsapps').where({ id }).first('id', 'companyId', 'name', 'provider', 'status')
        if (
          stopped ||
          !row ||
          !RESUMABLE_STATUSES.includes(row.status) ||
          !sessions.providerNames().includes(row.provider)
        )
          return null
        return {
          id: row.id,
          companyId: row.companyId,
          name: row.name,
          provider: row.provider,
          resumed: row.status === 'CONNECTED',
        }
      })
      if (started) kernel.log.info({ whatsappId: id }, 'connections: session resumed')
    } catch (err) {
      kernel.log.warn({ err, whatsappId: id }, 'connections: session not resumed')
    }
  }

  async function sweep() {
    // One pass over every company's connections: a platform task, not a tenant's query.
    const ids: number[] = await kernel
      .db('whatsapps')
      .whereIn('status', RESUMABLE_STATUSES)
      .whereIn('provider', sessions.providerNames())
      .orderBy('id')
      .pluck('id')
    for (const id of ids) {
      if (stopped) return
      await takeOver(id)
    }
    const here = sessions.runningIds()
    if (!here.length) return
    const rows: { id: number; provider: string }[] = await kernel
      .db('whatsapps')
      .whereIn('id', here)
      .select('id', 'provider')
    const provider = new Map(rows.map((r) => [r.id, r.provider]))
    for (const id of here) {
      if (stopped) return
      const p = provider.get(id)
      if (p === undefined) await sessions.stop(id, { silent: true })
      else if (p !== sessions.providerOf(id)) await sessions.stop(id)
    }
  }

  /** Run a pass now; a request during a pass runs one more after it. */
  function run(): Promise<void> {
    if (stopped) return Promise.resolve()
    if (pass) {
      again = true
      return pass
    }
    pass = (async () => {
      do {
        again = false
        try {
          await sweep()
        } catch (err) {
          kernel.log.warn({ err }, 'connections: resume pass failed')
        }
      } while (again && !stopped)
    })().finally(() => {
      pass = undefined
    })
    return pass
  }

  kernel.bus.on('connections.released', () => {
    void run()
  })

  return {
    /** First pass (at boot) and the periodic ones. */
    start() {
      if (stopped || timer) return
      timer = setInterval(() => {
        void run()
      }, opts.everyMs)
      timer.unref()
      void run()
    },
    /** Run one pass and wait for it (tests, and after a release). */
    run,
    async stop() {
      stopped = true
      clearInterval(timer)
      await pass
    },
    /** Tell the other processes these leases are free (on shutdown, after releasing them). */
    async handOver(whatsappIds: number[]) {
      if (whatsappIds.length) await kernel.bus.emit('connections.released', { companyId: 0, whatsappIds })
    },
  }
}
export type Resume = ReturnType<typeof createResume>
