import { allPlugins, createTestApp, companyWithUser, type TestApp, type Headers } from '@atende/kernel/testing'
import type { Kernel } from '@atende/sdk'
import contactsPlugin from '@atende/plugin-contacts'
import ticketsPlugin from '@atende/plugin-tickets'
import connectionsPlugin from '../src/index.ts'

export const pipelinePlugins = [contactsPlugin, ticketsPlugin, connectionsPlugin]

/** The pipeline with the queues plugin (its table is where ticket and user queue ids must point). */
export const withQueues = async () => [...pipelinePlugins, ...(await allPlugins()).filter((p) => p.name === 'queues')]

/**
 * Queue rows of a company with the ids a test names (created once), so transfers and queue
 * memberships point at real queues of that company. Announced as the queues plugin does (its
 * cached names follow the events).
 */
export async function ensureQueues(kernel: Kernel, companyId: number, ids: number[]) {
  if (!ids.length) return
  const db = kernel.db
  const made: Record<string, unknown>[] = await db('queues')
    .insert(
      ids.map((id) => ({ id, companyId, name: `Queue ${id}`, color: `#${String(id).padStart(6, '0').slice(-6)}` })),
    )
    .onConflict('id')
    .ignore()
    .returning('*')
  await db.raw(`select setval('queues_id_seq', greatest((select max(id) from queues), 1000))`)
  // The event is the queues plugin's (typed there); its payload here is the bare row.
  const emit = kernel.bus.emit as (event: string, payload: unknown) => Promise<void>
  for (const queue of made) await emit('queue.created', { companyId, queue })
}
/** Bus delivery may pass through Redis: poll for the condition (the kernel's shared helper). */
export { until } from '@atende/kernel/testing'

/** A company with an admin and a simulator connection, paired (CONNECTED). */
export async function pairedSimulator(t: TestApp, h?: Headers) {
  const owner = h ? { headers: h } : await companyWithUser(t.app, { profile: 'admin' })
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: owner.headers, payload })
  const w = (
    await call('POST', '/api/whatsapp', {
      name: `Sim ${Math.random().toString(36).slice(2, 7)}`,
      provider: 'simulator',
    })
  ).json()
  const scanned = await call('POST', `/api/simulator/${w.id}/scan`, {})
  if (scanned.statusCode !== 200) throw new Error(`scan failed: ${scanned.body}`)
  return { whatsapp: w as { id: number; companyId: number }, headers: owner.headers, call }
}

export { createTestApp, companyWithUser, type TestApp, type Headers }
