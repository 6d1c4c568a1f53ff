import { useEffect, useRef } from 'react'
import { useRealtime } from '@atende/client'
import type { MessageFrame, Ticket } from '../types.ts'
import { shouldRing, ticketFromMessage, titleWithUnread, unreadTickets, type ListView, type Me } from './rules.ts'
import { beep, claimRinging, storedVolume, VOLUME_KEY } from './sound.ts'

interface NotifyOptions {
  companyId: number | null
  me: Me | null
  /** The open and pending lists' views: the tickets the viewer works on. */
  views: ListView[]
  /** Their rows, for the unread count in the title. */
  lists: Ticket[][]
  openTicketId: number | null
}

/**
 * '(3) Atende' in the page title while tickets have unread messages (restored on leaving), and a
 * beep for a customer's new message on a ticket the viewer works on — not for the ticket on
 * screen while the window has focus.
 */
export function useNotifications({ companyId, me, views, lists, openTicketId }: NotifyOptions) {
  const baseTitle = useRef<string | null>(null)
  const unread = unreadTickets(lists)

  useEffect(() => {
    baseTitle.current ??= document.title
    document.title = titleWithUnread(baseTitle.current, unread)
  }, [unread])
  useEffect(
    () => () => {
      if (baseTitle.current != null) document.title = baseTitle.current
    },
    [],
  )
  // While this screen is up it rings, not the top bar's popover.
  useEffect(() => claimRinging(), [])

  useRealtime<MessageFrame>(companyId ? `company-${companyId}-appMessage` : null, (f) => {
    if (f.action !== 'create' || !f.ticket || !me) return
    const ticket = ticketFromMessage(f.ticket, f.message.createdAt, f.contact)
    const ring = shouldRing({ fromMe: f.message.fromMe, ticket, me, views, openTicketId, focused: document.hasFocus() })
    if (ring) beep(storedVolume(localStorage.getItem(VOLUME_KEY)))
  })
}
