/**
 * The audit plugin's published contract, version 1: what the audit module may use
 * (`import type { AuditEntry } from '@atende/plugin-audit/api'`). TypeBox only (no SDK), so the
 * front end's types stay small. The log is read-only through the API: no route edits or deletes.
 */
import { Type, type Static } from '@sinclair/typebox'

/** One field's change; `before` is absent for a creation or a record first seen, `after` for a deletion. */
export const FieldChange = Type.Object({
  before: Type.Optional(Type.Unknown()),
  after: Type.Optional(Type.Unknown()),
})

/** One recorded change: who, which company, when, what (entity, id, action) and the fields. */
export const AuditEntry = Type.Object({
  id: Type.Integer(),
  /** 0 for platform-wide changes (plans). */
  companyId: Type.Integer(),
  userId: Type.Union([Type.Integer(), Type.Null()]),
  userName: Type.Union([Type.String(), Type.Null()]),
  bySuper: Type.Boolean(),
  entity: Type.String(),
  entityId: Type.Union([Type.String(), Type.Null()]),
  /** What the record was called then (its name, title or key); null when it has none. */
  entityName: Type.Union([Type.String(), Type.Null()]),
  action: Type.String(),
  changes: Type.Record(Type.String(), FieldChange),
  createdAt: Type.String({ format: 'date-time' }),
})
export type AuditEntry = Static<typeof AuditEntry>

/** GET /api/audit: newest first; `nextCursor` asks for the following (older) entries. */
export const AuditPage = Type.Object({
  entries: Type.Array(AuditEntry),
  nextCursor: Type.Union([Type.Integer(), Type.Null()]),
})
export type AuditPage = Static<typeof AuditPage>
