/**
 * The schedules plugin's published contract, version 1: what other plugins and the schedules module
 * may use (`import type { Schedule } from '@atende/plugin-schedules/api'`). Nothing else of this
 * plugin is imported from outside. TypeBox only (no SDK), so the front end's types stay small.
 */
// The events this plugin emits travel with its contract: whoever imports it sees their names and payloads.
import type {} from './events.ts'
import { Type, type Static } from '@sinclair/typebox'

export const STATUSES = ['PENDENTE', 'ENVIADA', 'ERRO'] as const
export const ScheduleStatus = Type.Union(STATUSES.map((s) => Type.Literal(s)))
export type ScheduleStatus = Static<typeof ScheduleStatus>

const Nullable = <T extends import('@sinclair/typebox').TSchema>(s: T) => Type.Union([Type.Null(), s])

/** A scheduled message as every answer carries it. */
export const Schedule = Type.Object({
  id: Type.Integer(),
  companyId: Type.Integer(),
  body: Type.String(),
  description: Type.String(),
  contactId: Type.Integer(),
  contact: Nullable(Type.Object({ id: Type.Integer(), name: Type.String(), number: Type.String() })),
  userId: Nullable(Type.Integer()),
  user: Nullable(Type.Object({ id: Type.Integer(), name: Type.String() })),
  scheduleDate: Type.String({ format: 'date-time' }),
  sendAt: Type.String({ format: 'date-time' }),
  sentAt: Nullable(Type.String({ format: 'date-time' })),
  status: ScheduleStatus,
  /** Why it is ERRO ('expired' past the lateness limit, the network's refusal, no connection). */
  error: Nullable(Type.String()),
  /** A signed URL of the attached image (24 h), null without one. */
  mediaPath: Nullable(Type.String()),
  mediaName: Nullable(Type.String()),
  ticketId: Nullable(Type.Integer()),
  whatsappId: Nullable(Type.Integer()),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
})
export type Schedule = Static<typeof Schedule>

/** The realtime frame on `company-{id}-schedule`. */
export type ScheduleFrame = { action: 'create' | 'update'; schedule: Schedule } | { action: 'delete'; id: number }
