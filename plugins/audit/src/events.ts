/**
 * The events the audit log records: configuration and access, the entities admins and the super
 * user manage (users, settings, plans, companies, connections, queues,
 * integrations, prompts, API tokens, flows, campaigns, tags, billing, announcements). Each names
 * the entity, the action, and where its payload keeps the record and its id. Ticket, message and
 * contact traffic is the attendants' daily work, not configuration, and is not recorded.
 */
export type AuditAction = 'create' | 'update' | 'delete' | 'paid'

export interface AuditedEvent {
  entity: string
  /** A fixed action, or the payload's own `action` field (create/update/delete). */
  action: AuditAction | 'payload'
  /** The payload field holding the whole record (diffed against the last one seen). */
  record?: string
  /** The payload field holding the id when there is no record (deletions, id-only events). */
  id?: string
  /**
   * The payload field holding the version before the change, when the emitter read it in the same
   * unit of work: compared with instead of the last version the log kept (which misses changes no
   * event carried a record of, such as a campaign the engine started). A plain value stands for an
   * id-only event's `value` (a setting's previous value).
   */
  before?: string
  /**
   * Fields of the record that are another record's, joined in for the screens (a user's company
   * with its settings; a company's settings, which have entries of their own): not this record's
   * change, and kept out of its versions.
   */
  omit?: readonly string[]
}

export const AUDITED: Readonly<Record<string, AuditedEvent>> = {
  'user.created': { entity: 'user', action: 'create', record: 'user', omit: ['company'] },
  'user.updated': { entity: 'user', action: 'update', record: 'user', omit: ['company'] },
  'user.deleted': { entity: 'user', action: 'delete', id: 'userId' },
  'setting.updated': { entity: 'setting', action: 'update', id: 'key', before: 'previous' },
  'plan.updated': { entity: 'plan', action: 'payload', record: 'plan', id: 'planId' },
  'company.created': { entity: 'company', action: 'create', record: 'company', omit: ['settings', 'planId'] },
  'company.updated': {
    entity: 'company',
    action: 'update',
    record: 'company',
    before: 'before',
    omit: ['settings', 'planId'],
  },
  'company.deleted': { entity: 'company', action: 'delete', id: 'companyId' },
  'whatsapp.updated': { entity: 'connection', action: 'update', record: 'whatsapp' },
  'whatsapp.deleted': { entity: 'connection', action: 'delete', id: 'whatsappId' },
  'queue.created': { entity: 'queue', action: 'create', record: 'queue' },
  'queue.updated': { entity: 'queue', action: 'update', record: 'queue' },
  'queue.deleted': { entity: 'queue', action: 'delete', id: 'queueId' },
  'integration.saved': { entity: 'integration', action: 'payload', record: 'integration' },
  'integration.deleted': { entity: 'integration', action: 'delete', id: 'integrationId' },
  'prompt.saved': { entity: 'prompt', action: 'payload', record: 'prompt' },
  'prompt.deleted': { entity: 'prompt', action: 'delete', id: 'promptId' },
  'apiToken.saved': { entity: 'apiToken', action: 'payload', record: 'apiToken' },
  'flow.saved': { entity: 'flow', action: 'payload', record: 'flow' },
  'flow.deleted': { entity: 'flow', action: 'delete', id: 'flowId' },
  'campaign.saved': { entity: 'campaign', action: 'payload', record: 'campaign', id: 'campaignId', before: 'before' },
  'campaign.deleted': { entity: 'campaign', action: 'delete', id: 'campaignId' },
  'tag.created': { entity: 'tag', action: 'create', record: 'tag' },
  'tag.updated': { entity: 'tag', action: 'update', record: 'tag' },
  'tag.deleted': { entity: 'tag', action: 'delete', id: 'tagId' },
  'billing.paid': { entity: 'invoice', action: 'paid', id: 'invoiceId' },
  'announcement.saved': { entity: 'announcement', action: 'payload', record: 'record', id: 'id' },
}

/** The entity names, for the screen's filter. */
export const AUDITED_ENTITIES = [...new Set(Object.values(AUDITED).map((e) => e.entity))].sort()

type Payload = Record<string, unknown>

export interface AuditFacts {
  entity: string
  action: AuditAction
  entityId: string | null
  /** The record as the event carries it, when it does. */
  record: Payload | null
  /** Facts an id-only event carries besides its id (a setting's value, an invoice's due date). */
  extra: Payload | null
  /** The version before the change, when the event carries it (see AuditedEvent.before). */
  before: Payload | null
  /** Fields to leave out of both versions (AuditedEvent.omit). */
  omit: readonly string[]
}

const ACTIONS = new Set(['create', 'update', 'delete'])
const isObject = (v: unknown): v is Payload => typeof v === 'object' && v !== null && !Array.isArray(v)

/** What one audited event says happened; null for events the log does not keep. */
export function auditFacts(event: string, payload: unknown): AuditFacts | null {
  const spec = AUDITED[event]
  if (!spec || !isObject(payload)) return null
  const action =
    spec.action === 'payload'
      ? ACTIONS.has(String(payload.action))
        ? (payload.action as AuditAction)
        : 'update'
      : spec.action
  const record = spec.record && isObject(payload[spec.record]) ? (payload[spec.record] as Payload) : null
  const rawId = record?.id ?? (spec.id ? payload[spec.id] : undefined)
  const entityId = rawId === undefined || rawId === null ? null : String(rawId)
  let extra: Payload | null = null
  if (!record) {
    const skip = new Set(['companyId', 'action', spec.id ?? '', spec.record ?? '', spec.before ?? ''])
    const rest = Object.entries(payload).filter(([k, v]) => !skip.has(k) && v !== undefined && !isObject(v))
    if (rest.length) extra = Object.fromEntries(rest)
  }
  const given = spec.before ? payload[spec.before] : undefined
  const before = isObject(given)
    ? given
    : given !== undefined && given !== null && !record && !Array.isArray(given)
      ? { value: given }
      : null
  return { entity: spec.entity, action, entityId, record, extra, before, omit: spec.omit ?? [] }
}
