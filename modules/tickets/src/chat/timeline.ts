/**
 * The conversation as plain data (no React, unit-tested in shell/test/unit/tickets-chat.test.ts):
 * the rows the list renders (day separators, "conversation closed/started" markers between the
 * contact's tickets, the bubbles), how live frames and new pages merge into what is loaded, and
 * which ticks a message shows; the dates and times the module shows (the ticket list's too).
 */
import type { FrameMessage, Message } from '../types.ts'

export type TimelineRow =
  | { kind: 'day'; key: string; date: string }
  | { kind: 'marker'; key: string; marker: 'closed' | 'started'; ticketId: number; at: string }
  | { kind: 'message'; key: string; message: Message; showParticipant: boolean }

/** yyyy-mm-dd of the local day (separators follow the attendant's clock). */
export function localDay(iso: string): string {
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return ''
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
}

/**
 * Rows for messages already in order: a day separator before the first message of each local day,
 * and where the ticket changes (the page may hold the contact's earlier tickets) the previous one's
 * "closed" marker then the next one's "started" marker. In groups the participant is shown above a
 * customer bubble when the author changes (or after a separator).
 */
export function buildTimeline(messages: readonly Message[], isGroup = false): TimelineRow[] {
  const rows: TimelineRow[] = []
  let prev: Message | null = null
  for (const m of messages) {
    let broke = false
    if (prev && prev.ticketId !== m.ticketId) {
      rows.push({
        kind: 'marker',
        key: `end-${prev.ticketId}-${m.id}`,
        marker: 'closed',
        ticketId: prev.ticketId,
        at: prev.createdAt,
      })
      rows.push({
        kind: 'marker',
        key: `start-${m.ticketId}-${m.id}`,
        marker: 'started',
        ticketId: m.ticketId,
        at: m.createdAt,
      })
      broke = true
    }
    const day = localDay(m.createdAt)
    if (!prev || localDay(prev.createdAt) !== day) {
      rows.push({ kind: 'day', key: `day-${day}-${m.id}`, date: m.createdAt })
      broke = true
    }
    const showParticipant =
      isGroup && !m.fromMe && !!m.participant && (broke || !prev || prev.fromMe || prev.participant !== m.participant)
    rows.push({ kind: 'message', key: `m-${m.id}`, message: m, showParticipant })
    prev = m
  }
  return rows
}

export type DayLabel = { kind: 'today' } | { kind: 'yesterday' } | { kind: 'date'; text: string }

/** "Hoje", "Ontem" or dd/MM/yyyy. */
export function dayLabel(iso: string, now: Date = new Date()): DayLabel {
  const day = localDay(iso)
  if (day === localDay(now.toISOString())) return { kind: 'today' }
  const y = new Date(now)
  y.setDate(y.getDate() - 1)
  if (day === localDay(y.toISOString())) return { kind: 'yesterday' }
  return { kind: 'date', text: dateOf(iso) }
}

/** HH:mm in local time. */
export function timeOf(iso: string): string {
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return ''
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`
}

/** dd/MM/yyyy in local time. */
export function dateOf(iso: string): string {
  const [y, m, d] = localDay(iso).split('-')
  return d ? `${d}/${m}/${y}` : ''
}

/** dd/MM/yyyy HH:mm (notes, markers). */
export function dateTimeOf(iso: string): string {
  const date = dateOf(iso)
  return date && `${date} ${timeOf(iso)}`
}

/**
 * One message into the loaded list: a known id is replaced in place (acks, edits, deletes: an
 * update frame may lack the quoted message, so the one we had stays), a new one lands in id order
 * (ids grow with time, and a frame may overtake the POST's answer or the other way round).
 * Returns the same array when nothing changed, so memoised rows do not re-render.
 */
export function upsertMessage(list: readonly Message[], frame: FrameMessage): Message[] {
  const incoming: Message = { ...frame, quotedMsg: frame.quotedMsg ?? null }
  const i = list.findIndex((m) => m.id === incoming.id)
  if (i >= 0) {
    const old = list[i]!
    const merged: Message = { ...old, ...incoming, quotedMsg: frame.quotedMsg ?? old.quotedMsg }
    if (sameMessage(old, merged)) return list as Message[]
    const next = list.slice()
    next[i] = merged
    return next
  }
  const last = list[list.length - 1]
  if (!last || last.id < incoming.id) return [...list, incoming]
  const at = list.findIndex((m) => m.id > incoming.id)
  return [...list.slice(0, at), incoming, ...list.slice(at)]
}

/** Several messages (a send's answer, an older page) into the list. */
export function mergeMessages(list: readonly Message[], incoming: readonly Message[]): Message[] {
  let out = list as Message[]
  for (const m of incoming) out = upsertMessage(out, m)
  return out
}

function sameMessage(a: Message, b: Message): boolean {
  return (
    a.ack === b.ack &&
    a.body === b.body &&
    a.isDeleted === b.isDeleted &&
    a.isEdited === b.isEdited &&
    a.sendStatus === b.sendStatus &&
    a.sendError === b.sendError &&
    a.mediaUrl === b.mediaUrl &&
    a.read === b.read &&
    a.quotedMsg === b.quotedMsg &&
    a.updatedAt === b.updatedAt
  )
}

export type TickKind = 'failed' | 'pending' | 'sent' | 'delivered' | 'read'

/** 0 clock, 1 ✓, 2–3 ✓✓, 4–5 blue ✓✓; a failed send wins. */
export function tickKind(m: Pick<Message, 'ack' | 'sendStatus'>): TickKind {
  if (m.sendStatus === 'failed') return 'failed'
  if (m.ack >= 4) return 'read'
  if (m.ack >= 2) return 'delivered'
  if (m.ack >= 1) return 'sent'
  return 'pending'
}

/** A live message frame belongs to this conversation: its ticket, or (history) the same contact. */
export function frameBelongs(
  frame: { message: FrameMessage; ticket?: { contactId: number } | null },
  ticketId: number,
  contactId: number | null,
): boolean {
  if (frame.message.ticketId === ticketId) return true
  const c = frame.ticket?.contactId ?? frame.message.contactId
  return contactId != null && c === contactId
}
