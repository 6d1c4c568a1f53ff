import type { Knex } from 'knex'
import type { AccountsService, EventBus } from '@atende/sdk'

/**
 * The userStatus signal: users with a socket in this process are online (lastSeenAt = now); users
 * not seen by any process for `offlineAfterMs` go offline. Each process runs it for its own
 * sockets, so lastSeenAt is what ties several processes together. One UPDATE … RETURNING reports
 * the previous flag, and only users whose flag changed are announced.
 */
export async function userStatusTick(deps: {
  db: Knex
  accounts: AccountsService
  bus: EventBus
  onlineIds: number[]
  offlineAfterMs: number
}): Promise<number[]> {
  const ids = [...new Set(deps.onlineIds)]
  // Cross-company on purpose: one statement for the sockets of every tenant this process serves.
  const result = await deps.db.raw(
    `UPDATE users u SET online = s.next, "lastSeenAt" = CASE WHEN s.next THEN now() ELSE u."lastSeenAt" END
     FROM (SELECT id, online AS was, id = ANY(?::int[]) AS next FROM users
           WHERE id = ANY(?::int[])
              OR (online AND ("lastSeenAt" IS NULL OR "lastSeenAt" < now() - make_interval(secs => ?)))) s
     WHERE u.id = s.id
     RETURNING u.id, u.online, s.was`,
    [ids, ids, deps.offlineAfterMs / 1000],
  )
  const changed = (result.rows as Array<{ id: number; online: boolean; was: boolean }>)
    .filter((r) => r.online !== r.was)
    .map((r) => r.id)
  if (!changed.length) return []
  const views = await deps.accounts.userViews(changed)
  for (const user of views)
    await deps.bus.emit('user.updated', { companyId: user.companyId, user: user as unknown as Record<string, unknown> })
  return changed
}
