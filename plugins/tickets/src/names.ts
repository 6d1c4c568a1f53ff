import type { Kernel } from '@atende/sdk'
import type { QueuesPort } from './neighbours-api.ts'

/** The queues plugin's lookup (optional: plan-gated, or not installed). */

const unique = (ids: Array<number | null | undefined>) => [
  ...new Set(ids.filter((id): id is number => typeof id === 'number')),
]

/** A lookup by an id a row may lack (a ticket without user or queue): nothing for null. */
export const byId = <V>(map: Map<number, V>, id: number | null | undefined): V | undefined =>
  id == null ? undefined : map.get(id)

/** Users' names by id, one query through kernel.accounts. */
export async function userNames(
  kernel: Kernel,
  companyId: number,
  ids: Array<number | null | undefined>,
): Promise<Map<number, string>> {
  const wanted = unique(ids)
  if (!wanted.length) return new Map()
  return new Map((await kernel.accounts.members(companyId, wanted)).map((u) => [u.id, u.name]))
}

/** Queues by id through the queues service, one call; empty without that plugin. */
export async function queuesById(
  kernel: Kernel,
  companyId: number,
  ids: Array<number | null | undefined>,
): Promise<Map<number, { id: number; name: string; color: string }>> {
  const wanted = unique(ids)
  const queues = kernel.services.find<QueuesPort>('queues')
  if (!wanted.length || !queues?.byIds) return new Map()
  return new Map((await queues.byIds(companyId, wanted)).map((q) => [q.id, { id: q.id, name: q.name, color: q.color }]))
}
