/**
 * The typed event map. Each plugin adds its events by declaration merging:
 *
 *   declare module '@atende/sdk' { interface EventMap { 'campaigns.finished': { companyId: number; campaignId: number } } }
 *
 * Every payload carries the companyId it belongs to, so the realtime gateway and the Redis bridge
 * can route it without knowing the feature.
 */
export interface EventMap {
  'company.created': { companyId: number; company: Record<string, unknown> }
  /** `before`: the company as it was, when the emitter read it (the audit log shows the change). */
  'company.updated': { companyId: number; company: Record<string, unknown>; before?: Record<string, unknown> }
  'company.deleted': { companyId: number }
  'user.created': { companyId: number; user: Record<string, unknown> }
  'user.updated': { companyId: number; user: Record<string, unknown> }
  'user.deleted': { companyId: number; userId: number }
  /** `previous`: the value before, when the emitter read it (the audit log shows the change). */
  'setting.updated': { companyId: number; key: string; value: string; previous?: string }
  /** A user's other sessions ended because of a new login. */
  'auth.sessionsRevoked': { companyId: number; userId: number; keepSessionId: string | null }
  'plan.updated': {
    companyId: 0
    planId: number
    /** Absent from older emitters; the plan as it now is (none once deleted). */
    action?: 'create' | 'update' | 'delete'
    plan?: object
  }
}

export type EventName = keyof EventMap

/**
 * The kernel's own events (the platform's: companies, users, settings, sessions, plans): anyone's to
 * emit and hear, never declared in a manifest's `events`.
 */
export const KERNEL_EVENTS: readonly string[] = [
  'company.created',
  'company.updated',
  'company.deleted',
  'user.created',
  'user.updated',
  'user.deleted',
  'setting.updated',
  'auth.sessionsRevoked',
  'plan.updated',
] satisfies (keyof EventMap)[]
export type EventPayload<E extends EventName> = EventMap[E]
export type EventHandler<E extends EventName> = (payload: EventPayload<E>, meta: EventMeta) => void | Promise<void>

/** Who caused an event: the signed-in user whose request emitted it. */
export interface EventActor {
  userId: number
  companyId: number
  profile: 'admin' | 'user'
  super: boolean
}

/** What the bus knows about an event besides its payload. */
export interface EventMeta {
  /** The user whose request emitted it; null for jobs, webhooks, sessions and other system work. */
  actor: EventActor | null
  /**
   * Emitted by this process (false for an event arriving from another one over Redis). A
   * subscriber that records something once per event, not once per process, acts on local ones.
   */
  local: boolean
}

export interface EventBus {
  /**
   * Deliver to every process's subscribers (through Redis when configured). Payloads cross
   * processes as JSON: other processes see Dates as ISO strings, so handlers accept both.
   */
  emit<E extends EventName>(event: E, payload: EventPayload<E>): Promise<void>
  on<E extends EventName>(event: E, handler: EventHandler<E>): () => void
  /** Subscribe to every event (the realtime gateway uses this). */
  onAny(handler: (event: EventName, payload: unknown, meta: EventMeta) => void | Promise<void>): () => void
  /**
   * Collect events during a unit of work and emit them only after it commits; dropped on rollback.
   * `kernel.transaction` does this for you.
   */
  close(): Promise<void>
}
