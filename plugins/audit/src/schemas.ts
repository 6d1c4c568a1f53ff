import { Type, type Static } from '@sinclair/typebox'
import { DateTimeInput, errorResponses } from '@atende/sdk'

/** Entries per answer; the screen asks for the next ones as the list scrolls to its end. */
export const AUDIT_PAGE = 50

export const AuditQuery = Type.Object({
  /** Entries older than this id (the previous answer's nextCursor). */
  cursor: Type.Optional(Type.Integer({ minimum: 1 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: AUDIT_PAGE })),
  userId: Type.Optional(Type.Integer({ minimum: 1 })),
  entity: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
  /** From this instant on (the screen sends the start of the user's chosen day). */
  from: Type.Optional(DateTimeInput()),
  /** Up to this instant (the screen sends the end of the user's chosen day). */
  to: Type.Optional(DateTimeInput()),
  /** The super user only: one company's log (0 for platform changes); without it, every company's. */
  companyId: Type.Optional(Type.Integer({ minimum: 0 })),
})
export type AuditQuery = Static<typeof AuditQuery>

export const EntitiesAnswer = Type.Object({ entities: Type.Array(Type.String()) })

export const errors = errorResponses(400, 403)
