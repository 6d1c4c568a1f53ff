import type { ConnectionWire, ScheduleDayWire } from '@atende/plugin-connections/api'

/**
 * A connection as GET /api/whatsapp returns it (core.md §3 Connection): the connections plugin's
 * published contract, its status narrowed to the session states. timeToTransfer: minutes before a
 * ticket moves to the transfer queue (null: never); schedules: business hours, one row per weekday.
 */
export interface Connection extends Omit<ConnectionWire, 'status'> {
  status: SessionStatus
}

/** One weekday of a connection's business hours (core.md §3 "Schedule row"; empty times: closed). */
export type ScheduleDay = ScheduleDayWire

export type SessionStatus = 'DISCONNECTED' | 'qrcode' | 'OPENING' | 'CONNECTED' | 'PAIRING' | 'TIMEOUT'

/** `company-<id>-whatsappSession` frames. */
export interface SessionFrame {
  action: 'update'
  session: Pick<Connection, 'id' | 'status' | 'qrcode' | 'retries' | 'updatedAt'>
}
/** `company-<id>-whatsapp` frames. */
export type ConnectionFrame = { action: 'update'; whatsapp: Connection } | { action: 'delete'; whatsappId: number }

/** States that need someone's attention: the drawer shows a warning dot (core.md §2). */
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
