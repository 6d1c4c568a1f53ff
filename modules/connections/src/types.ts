import type {
  ConnectionFrame,
  ConnectionWire,
  ScheduleDayWire,
  SessionFrame,
  SessionStatus,
} from '@atende/plugin-connections/api'

/**
 * A connection as GET /api/whatsapp returns it, its frames and session
 * states: the connections plugin's published contract. timeToTransfer: minutes before a ticket
 * moves to the transfer queue (null: never); schedules: business hours, one row per weekday.
 */
export type Connection = ConnectionWire
export type { ConnectionFrame, SessionFrame, SessionStatus }

/** One weekday of a connection's business hours (empty times: closed). */
export type ScheduleDay = ScheduleDayWire

/** States that need someone's attention: the drawer shows a warning dot. */
export const WARNING_STATUSES: ReadonlySet<string> = new Set([
  'qrcode',
  'PAIRING',
  'DISCONNECTED',
  'TIMEOUT',
  'OPENING',
])

/** DD/MM/yyyy HH:mm in local time. */
export function formatDateTime(iso: string): string {
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return ''
  const p = (n: number) => String(n).padStart(2, '0')
  return `${p(d.getDate())}/${p(d.getMonth() + 1)}/${d.getFullYear()} ${p(d.getHours())}:${p(d.getMinutes())}`
}
