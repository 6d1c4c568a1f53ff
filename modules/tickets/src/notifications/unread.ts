/**
 * The top bar's unread-ticket list ("popovers for unread-ticket notifications"):
 * tickets with unread customer messages that are the viewer's own or nobody's yet, newest first.
 * Pure: unit-tested in shell/test/unit/notifications.test.ts.
 */
import type { FrameTicket, Ticket } from '../types.ts'
import { compareTickets } from '../list/rules.ts'

/** At most this many rows (the first page of GET /tickets?withUnreadMessages=true). */
export const MAX_UNREAD_ROWS = 40

/** Whether the popover lists the ticket: unread, not resolved, the viewer's own or unassigned. */
export function notifies(t: Pick<Ticket, 'status' | 'unreadMessages' | 'userId'>, meId: number): boolean {
  return t.status !== 'closed' && t.unreadMessages > 0 && (t.userId === meId || t.userId == null)
}

/** The list after a ticket frame: added or moved to the top, updated, or dropped. */
export function applyUnread(list: Ticket[], incoming: FrameTicket, meId: number): Ticket[] {
  const known = list.find((t) => t.id === incoming.id)
  const rest = list.filter((t) => t.id !== incoming.id)
  const merged: Ticket = { ...known, ...incoming, contact: incoming.contact ?? known?.contact ?? null } as Ticket
  if (!notifies(merged, meId)) return known ? rest : list
  return [...rest, merged].sort(compareTickets).slice(0, MAX_UNREAD_ROWS)
}

export const removeUnread = (list: Ticket[], ticketId: number) =>
  list.some((t) => t.id === ticketId) ? list.filter((t) => t.id !== ticketId) : list
