import { badRequest, parseDateTime, toIso, type EventMeta, type Kernel } from '@atende/sdk'
import type { AuditEntry, AuditPage } from './api.ts'
import { cleanRecord, diff, labelOf, type Changes } from './diff.ts'
import { auditFacts } from './events.ts'
import { AUDIT_PAGE, type AuditQuery } from './schemas.ts'

/** Translated by the client (modules/audit/src/i18n, `errors.` keys). */
export const ERR_AUDIT_RANGE = 'ERR_AUDIT_RANGE'

interface EntryRow {
  id: number | string
  companyId: number
  userId: number | null
  userName: string | null
  bySuper: boolean
  entity: string
  entityId: string | null
  entityName: string | null
  action: string
  changes: Changes | string
  createdAt: Date | string
}

const view = (r: EntryRow): AuditEntry => ({
  id: Number(r.id),
  companyId: r.companyId,
  userId: r.userId,
  userName: r.userName,
  bySuper: r.bySuper,
  entity: r.entity,
  entityId: r.entityId,
  entityName: r.entityName ?? null,
  action: r.action,
  changes: typeof r.changes === 'string' ? JSON.parse(r.changes) : r.changes,
  createdAt: toIso(r.createdAt),
})

/**
 * Rows of one company through kernel.tenant; company 0 (platform changes) and the super user's
 * view of every company are not a tenant's, so those two read the table directly.
 */
function entriesOf(kernel: Kernel, companyId: number | null) {
  if (companyId === null || companyId === 0)
    return companyId === 0 ? kernel.db('audit_entries').where({ companyId: 0 }) : kernel.db('audit_entries')
  return kernel.tenant(companyId)('audit_entries')
}

export function createAuditService(kernel: Kernel) {
  /** One event's entry, and the record's new version kept to compare the next one with. */
  async function record(event: string, payload: unknown, meta: EventMeta) {
    const facts = auditFacts(event, payload)
    const companyId = (payload as { companyId?: unknown })?.companyId
    if (!facts || typeof companyId !== 'number' || !Number.isInteger(companyId) || companyId < 0) return
    const source = facts.record ?? facts.extra
    const after = source ? cleanRecord(source, facts.omit) : null
    // The version the emitter read before its change, when it sent one: exact, where the kept
    // version may miss changes no event recorded (a campaign the engine started).
    const given = facts.before ? cleanRecord(facts.before, facts.omit) : null
    const key = facts.entityId === null ? null : { companyId, entity: facts.entity, entityId: facts.entityId }
    const actor = meta.actor
    const [member] = actor ? await kernel.accounts.members(actor.companyId, [actor.userId]) : []

    await kernel.db.transaction(async (trx) => {
      const snapshot = key
        ? ((await trx('audit_snapshots').where(key).forUpdate().first('record')) as
            { record: Record<string, unknown> | string } | undefined)
        : undefined
      const kept = snapshot
        ? ((typeof snapshot.record === 'string' ? JSON.parse(snapshot.record) : snapshot.record) as Record<
            string,
            unknown
          >)
        : null
      // Versions kept before `omit` existed may still hold the joined fields: leave them out too.
      const before =
        given ?? (kept ? Object.fromEntries(Object.entries(kept).filter(([k]) => !facts.omit.includes(k))) : null)
      if (key && facts.action === 'delete') await trx('audit_snapshots').where(key).delete()
      else if (key && after)
        await trx('audit_snapshots')
          .insert({ ...key, record: JSON.stringify(after) })
          .onConflict(['companyId', 'entity', 'entityId'])
          .merge(['record'])

      // Sessions, jobs and webhooks change records too (a connection's status): kept in the
      // snapshot above so the next admin change is compared with the latest version, not logged.
      if (!actor) return
      const changes =
        facts.action === 'delete' ? diff(before, null) : diff(facts.action === 'create' ? null : before, after)
      // An update that changed no field an admin sets (a timestamp, presence) is no entry.
      if (facts.action === 'update' && before && after && !Object.keys(changes).length) return
      await trx('audit_entries').insert({
        companyId,
        userId: actor.userId,
        userName: member?.name ?? null,
        bySuper: actor.super,
        entity: facts.entity,
        entityId: facts.entityId,
        entityName: labelOf(after, before),
        action: facts.action,
        changes: JSON.stringify(changes),
      })
    })
  }

  /**
   * One event at a time in this process, in the order they were emitted, so two quick edits of a
   * record are compared in order. The emitter does not wait for the write: an emit inside a
   * transaction must not need a second connection (embedded mode has one).
   */
  let tail: Promise<void> = Promise.resolve()
  function onEvent(event: string, payload: unknown, meta: EventMeta): void {
    // Each process records the events it emitted; the others hear them over Redis and skip them.
    if (!meta.local || !auditFacts(event, payload)) return
    tail = tail
      .then(() => record(event, payload, meta))
      .catch((err: unknown) => kernel.log.error({ err, event }, 'audit: could not record the event'))
  }

  /** Newest first, `limit` at a time, older than `cursor`. `scope` is a company, or null for all (super). */
  async function page(scope: number | null, q: AuditQuery): Promise<AuditPage> {
    const from = q.from ? parseDateTime(q.from, 'from') : undefined
    const to = q.to ? parseDateTime(q.to, 'to') : undefined
    if (from && to && from > to) throw badRequest('from', 'The start date comes after the end date', ERR_AUDIT_RANGE)
    const limit = q.limit ?? AUDIT_PAGE
    const query = entriesOf(kernel, scope)
    if (q.cursor) query.where('id', '<', q.cursor)
    if (q.userId) query.where('userId', q.userId)
    if (q.entity) query.where('entity', q.entity)
    if (from) query.where('createdAt', '>=', from)
    if (to) query.where('createdAt', '<=', to)
    const rows: EntryRow[] = await query.orderBy('id', 'desc').limit(limit + 1)
    const entries = rows.slice(0, limit).map(view)
    return { entries, nextCursor: rows.length > limit ? entries[entries.length - 1]!.id : null }
  }

  /** Retention: entries older than `days` go, a batch at a time; returns how many. */
  async function purge(days: number): Promise<number> {
    if (!(days > 0)) return 0
    const before = new Date(Date.now() - days * 86_400_000)
    let removed = 0
    for (;;) {
      const n = await kernel
        .db('audit_entries')
        .whereIn('id', kernel.db('audit_entries').where('createdAt', '<', before).select('id').limit(5000))
        .delete()
      removed += n
      if (n < 5000) return removed
    }
  }

  return { onEvent, page, purge }
}

export type AuditService = ReturnType<typeof createAuditService>
