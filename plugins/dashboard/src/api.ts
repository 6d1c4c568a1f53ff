/**
 * The dashboard plugin's published contract, version 1: its wire shapes, for the dashboard module
 * (`import type { DashboardData } from '@atende/plugin-dashboard/api'`). TypeBox only.
 */
import { Type, type Static } from '@sinclair/typebox'

/** Who sees the dashboard: admins; the super user holds every permission. */
export const VIEW_PERMISSION = 'dashboard:view'

const Minutes = Type.Number({ description: 'minutes, fractional; shown as HH h mm m' })

export const Counters = Type.Object({
  supportHappening: Type.Integer({ description: 'tickets being attended (open) now' }),
  supportPending: Type.Integer({ description: 'tickets waiting (pending) now' }),
  supportFinished: Type.Integer({ description: 'tickets closed in the range' }),
  leads: Type.Integer({ description: 'contacts created in the range' }),
  avgSupportTime: Type.Union([Minutes, Type.Null()], {
    description: 'from acceptance to closing, over the tickets closed in the range; null when none',
  }),
  avgWaitTime: Type.Union([Minutes, Type.Null()], {
    description: 'from creation or return to pending to acceptance, over the acceptances in the range; null when none',
  }),
})
export type Counters = Static<typeof Counters>

export const Attendant = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  rating: Type.Union([Type.Number(), Type.Null()], { description: 'average of the 1–3 ratings given in the range' }),
  ratings: Type.Integer({ description: 'how many ratings' }),
  avgSupportTime: Type.Union([Minutes, Type.Null()]),
  tickets: Type.Integer({ description: 'tickets the attendant closed in the range' }),
  online: Type.Boolean(),
})
export type Attendant = Static<typeof Attendant>

export const DashboardData = Type.Object({
  range: Type.Object({ from: Type.String({ format: 'date' }), to: Type.String({ format: 'date' }) }),
  counters: Counters,
  attendants: Type.Array(Attendant),
})
export type DashboardData = Static<typeof DashboardData>

export const TicketsByUser = Type.Object({
  data: Type.Array(
    Type.Object({
      userId: Type.Integer(),
      name: Type.String(),
      accepted: Type.Integer(),
      closed: Type.Integer(),
    }),
  ),
})
export type TicketsByUser = Static<typeof TicketsByUser>

export const TicketsByDay = Type.Object({
  data: Type.Array(
    Type.Object({
      day: Type.String({ format: 'date' }),
      created: Type.Integer(),
      closed: Type.Integer(),
    }),
  ),
})
export type TicketsByDay = Static<typeof TicketsByDay>
