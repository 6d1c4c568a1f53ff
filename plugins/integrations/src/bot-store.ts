/**
 * The tables of the bot conversations (migration 002): sessions, their inbox of customer messages,
 * and the lease that lets one job at a time talk to the engine for a ticket. Every query is the
 * company's (kernel.tenant); only the sweep lists ids across companies.
 */
import type { Kernel } from '@atende/sdk'

/** What the bot says: a text, or a media file by URL. */
export type BotOutput =
  { kind: 'text'; body: string } | { kind: 'media'; url: string; mediaType: 'image' | 'video' | 'audio' }
/** Outputs held back by a wait: sent `waitMs` after the previous segment. */
export interface Segment {
  waitMs: number
  items: BotOutput[]
}

export interface InboxRow {
  id: number
  messageId: number
  /** Failed deliveries so far (webhook and n8n retries). */
  attempts: number
  retryAt: Date | string | null
}

export interface SessionRow {
  id: number
  companyId: number
  ticketId: number
  integrationId: number
  sessionId: string
  status: 'active' | 'closed'
  input: { items: string[] } | null
  lastActivityAt: Date
  pending: Segment[]
  pendingDueAt: Date | null
}

/** LEASE_MS: how long a drain may hold a ticket's conversation before another job may take it. */
const LEASE_MS = 5 * 60_000

const json = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v)

export function createBotStore(kernel: Kernel) {
  const sessions = (companyId: number) => kernel.tenant(companyId)('integration_sessions')

  return {
    /** The conversation of a ticket with an integration, made on its first message. */
    async open(companyId: number, ticketId: number, integrationId: number): Promise<number> {
      await kernel
        .tenant(companyId)
        .insert('integration_sessions', { ticketId, integrationId })
        .onConflict(['companyId', 'ticketId', 'integrationId'])
        .ignore()
      const row = await sessions(companyId).where({ ticketId, integrationId }).first('id')
      return row.id
    },

    /** A deleted ticket's conversations go with it (their inbox by cascade). */
    async forgetTicket(companyId: number, ticketId: number) {
      await sessions(companyId).where({ ticketId }).delete()
    },

    /** Queue a customer message (once: a re-delivered message is not queued again). */
    async enqueue(companyId: number, sessionRowId: number, messageId: number) {
      await kernel
        .tenant(companyId)
        .insert('integration_inbox', { sessionRowId, messageId })
        .onConflict(['companyId', 'messageId'])
        .ignore()
    },

    async get(companyId: number, id: number): Promise<SessionRow | null> {
      const row = await sessions(companyId).where({ id }).first()
      if (!row) return null
      return {
        ...row,
        input: json(row.input),
        pending: json(row.pending) ?? [],
        lastActivityAt: new Date(row.lastActivityAt),
        pendingDueAt: row.pendingDueAt ? new Date(row.pendingDueAt) : null,
      }
    },

    async save(
      companyId: number,
      id: number,
      patch: Partial<
        Pick<SessionRow, 'sessionId' | 'status' | 'input' | 'pending' | 'pendingDueAt' | 'lastActivityAt'>
      >,
    ) {
      const row: Record<string, unknown> = { updatedAt: new Date() }
      if (patch.sessionId !== undefined) row.sessionId = patch.sessionId
      if (patch.status !== undefined) row.status = patch.status
      if (patch.input !== undefined) row.input = patch.input ? JSON.stringify(patch.input) : null
      if (patch.pending !== undefined) row.pending = JSON.stringify(patch.pending)
      if (patch.pendingDueAt !== undefined) row.pendingDueAt = patch.pendingDueAt
      if (patch.lastActivityAt !== undefined) row.lastActivityAt = patch.lastActivityAt
      await sessions(companyId).where({ id }).update(row)
    },

    /** Take (or extend) the lease: a conditional update, so two jobs never both hold it. */
    async claim(companyId: number, id: number, owner: string): Promise<boolean> {
      const now = new Date()
      const n = await sessions(companyId)
        .where({ id })
        .andWhere((q) => q.whereNull('leaseUntil').orWhere('leaseUntil', '<', now).orWhere('leaseOwner', owner))
        .update({ leaseOwner: owner, leaseUntil: new Date(now.getTime() + LEASE_MS) })
      return n === 1
    },

    async release(companyId: number, id: number, owner: string) {
      await sessions(companyId).where({ id, leaseOwner: owner }).update({ leaseOwner: null, leaseUntil: null })
    },

    /** The oldest message still to answer (its retry may not be due yet: the ones behind it wait). */
    next: (companyId: number, sessionRowId: number): Promise<InboxRow | undefined> =>
      kernel
        .tenant(companyId)('integration_inbox')
        .where({ sessionRowId })
        .orderBy('id')
        .first('id', 'messageId', 'attempts', 'retryAt'),

    /** The message stays first in its inbox, to be tried again at `at`. */
    async retryLater(companyId: number, inboxId: number, attempts: number, at: Date) {
      await kernel.tenant(companyId)('integration_inbox').where({ id: inboxId }).update({ attempts, retryAt: at })
    },

    async done(companyId: number, inboxId: number) {
      await kernel.tenant(companyId)('integration_inbox').where({ id: inboxId }).delete()
    },

    /** Anything for a drain to do: messages waiting, or held-back outputs now due. */
    async hasWork(companyId: number, id: number): Promise<boolean> {
      const [first, due] = await Promise.all([
        // Only the oldest counts: the messages behind a retry wait for it.
        kernel.tenant(companyId)('integration_inbox').where({ sessionRowId: id }).orderBy('id').first('retryAt'),
        sessions(companyId).where({ id }).where('pendingDueAt', '<=', new Date()).first('id'),
      ])
      const ready = !!first && (!first.retryAt || new Date(first.retryAt) <= new Date())
      return ready || !!due
    },

    /**
     * Conversations a lost job left behind (in-process jobs die with their process): held-back
     * outputs overdue by `graceMs`, or messages older than that, with no live lease. Ids only,
     * across companies; each drain is then company-scoped.
     */
    async stranded(graceMs: number): Promise<{ companyId: number; id: number }[]> {
      const before = new Date(Date.now() - graceMs)
      const now = new Date()
      const overdue = kernel
        .db('integration_sessions as s')
        .where('s.pendingDueAt', '<', before)
        .where((q) => q.whereNull('s.leaseUntil').orWhere('s.leaseUntil', '<', now))
        .select('s.companyId', 's.id')
      const waiting = kernel
        .db('integration_inbox as i')
        .join('integration_sessions as s', 's.id', 'i.sessionRowId')
        .where('i.createdAt', '<', before)
        // A retry waits for its own delayed job; only one overdue by the grace is stranded.
        .where((q) => q.whereNull('i.retryAt').orWhere('i.retryAt', '<', before))
        .where((q) => q.whereNull('s.leaseUntil').orWhere('s.leaseUntil', '<', now))
        .distinct('s.companyId', 's.id')
      const rows = [...(await overdue.limit(500)), ...(await waiting.limit(500))]
      return [...new Map(rows.map((r) => [r.id, r])).values()]
    },
  }
}

export type BotStore = ReturnType<typeof createBotStore>
