/**
 * The ddd-routing plugin's published contract, version 1: the wire types its module uses
 * (`import type { DddRoute } from '@atende/plugin-ddd-routing/api'`). TypeBox only.
 */
import { Type, type Static } from '@sinclair/typebox'

/** One area code a user serves. */
export const DddRoute = Type.Object({ userId: Type.Integer(), ddd: Type.String() })
export type DddRoute = Static<typeof DddRoute>

/** The company setting that switches the routing step, the DDD column and the dialog on. */
export const DDD_SETTING = 'dddRoutingEnabled'

/** Translated by the client (modules/ddd-routing/src/i18n, `errors.` keys). */
export const ERR_DDD_INVALID = 'ERR_DDD_INVALID'
export const ERR_DDD_DUPLICATE = 'ERR_DDD_DUPLICATE'
export const ERR_DDD_NOT_FOUND = 'ERR_DDD_NOT_FOUND'
