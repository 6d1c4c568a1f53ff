/**
 * The __name__ plugin's published contract, version 1: what other plugins and the __name__ module
 * may use (`import type { __Entity__ } from '@atende/plugin-__name__/api'`). Nothing else of this
 * plugin is imported from outside. TypeBox only (no SDK), so the front end's types stay small.
 */
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

/** Who may add, edit and delete (admins; the super user holds every permission). Reading is everyone's. */
export const MANAGE_PERMISSION = '__name__:manage'
