/**
 * The __name__ plugin's published contract, version 1: what other plugins and the __name__ module
 * may use (`import type { __Entity__ } from '@atende/plugin-__name__/api'`). Nothing else of this
 * plugin is imported from outside. TypeBox only (no SDK), so the front end's types stay small.
 */
// The events this plugin emits travel with its contract: whoever imports it sees their names and payloads.
import type {} from './events.ts'
import { Type, type Static } from '@sinclair/typebox'

/** A __Title__ record as every answer carries it. */
export const __Entity__ = Type.Object({
  id: Type.Integer(),
  companyId: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
})
export type __Entity__ = Static<typeof __Entity__>

/** `company-{id}-__name__` frames (events.ts): the record after a create or an edit, or a deleted one's id. */
export type __Entity__Frame = { action: 'create' | 'update'; record: __Entity__ } | { action: 'delete'; id: number }

/** Who may add, edit and delete (admins; the super user holds every permission). Reading is everyone's. */
export const MANAGE_PERMISSION = '__name__:manage'
