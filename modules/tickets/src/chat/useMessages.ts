import { useCallback, useEffect, useRef, useState } from 'react'
import { useApi, useRealtime, useSession } from '@atende/client'
import type { Message, MessageFrame, Ticket } from '../types.ts'
import { frameBelongs, mergeMessages, upsertMessage } from './timeline.ts'
import { useChatError } from './useChatError.ts'

interface MessagesPage {
  messages: Message[]
  ticket: Ticket
  count: number
  hasMore: boolean
}

/**
 * The conversation's messages: GET /messages/{ticketId} page 1 (the newest), older pages on
 * demand, live `appMessage` frames merged in (create: this ticket's or the contact's; update:
 * acks, edits, deletes replace in place). `loadOlder` guards itself and resolves whether a page came.
 */
export function useMessages(
  ticketId: number,
  contactId: number | null,
  onTicket?: (t: Ticket) => void,
  onGone?: (err: unknown) => void,
  opts: { markRead?: boolean } = {},
) {
  const api = useApi()
  const { companyId } = useSession()
  // Through a ref: a language switch must not reload the conversation.
  const showErrorNow = useChatError('chat.errors.loadMessages')
  const errRef = useRef(showErrorNow)
  errRef.current = showErrorNow
  const showError = useCallback((err: unknown) => errRef.current(err), [])
  const [messages, setMessages] = useState<Message[]>([])
  const [hasMore, setHasMore] = useState(false)
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading')
  const [loadingOlder, setLoadingOlder] = useState(false)
  const page = useRef(1)
  const busy = useRef(false)
  const more = useRef(false)
  const cb = useRef({ onTicket, onGone })
  cb.current = { onTicket, onGone }
  const markRead = useReadMarker(ticketId, opts.markRead ?? false)

  useEffect(() => {
    const ctrl = new AbortController()
    setMessages([])
    setHasMore(false)
    setStatus('loading')
    page.current = 1
    busy.current = true
    more.current = false
    api.get<MessagesPage>(`/messages/${ticketId}`, { params: { pageNumber: 1 }, signal: ctrl.signal }).then(
      (r) => {
        setMessages((cur) => mergeMessages(r.messages, cur))
        setHasMore(r.hasMore)
        more.current = r.hasMore
        setStatus('ready')
        busy.current = false
        if (r.ticket) cb.current.onTicket?.(r.ticket)
      },
      (err) => {
        if (ctrl.signal.aborted) return
        busy.current = false
        setStatus('error')
        // A 403 or 404 is the ticket's own load to report (one toast, TicketChat/useTicket), not a second one here.
        const status = (err as { status?: number })?.status
        if (cb.current.onGone && (status === 403 || status === 404)) cb.current.onGone(err)
        else showError(err)
      },
    )
    return () => ctrl.abort()
  }, [api, ticketId, showError])

  const loadOlder = useCallback(async (): Promise<boolean> => {
    if (busy.current || !more.current) return false
    busy.current = true
    setLoadingOlder(true)
    try {
      const next = page.current + 1
      const r = await api.get<MessagesPage>(`/messages/${ticketId}`, { params: { pageNumber: next } })
      page.current = next
      more.current = r.hasMore
      setHasMore(r.hasMore)
      setMessages((cur) => mergeMessages(cur, r.messages))
      return r.messages.length > 0
    } catch (err) {
      showError(err)
      return false
    } finally {
      busy.current = false
      setLoadingOlder(false)
    }
  }, [api, ticketId, showError])

  useRealtime<MessageFrame>(companyId ? `company-${companyId}-appMessage` : null, (frame) => {
    if (!frame?.message) return
    if (frame.action === 'create') {
      if (frameBelongs(frame, ticketId, contactId)) setMessages((cur) => upsertMessage(cur, frame.message))
      if (frame.message.ticketId === ticketId && !frame.message.fromMe) markRead()
    } else {
      setMessages((cur) => (cur.some((m) => m.id === frame.message.id) ? upsertMessage(cur, frame.message) : cur))
    }
  })

  /** What a send, edit or delete answered (the frame may come before or after: merging is idempotent). */
  const merge = useCallback((list: Message[]) => setMessages((cur) => mergeMessages(cur, list)), [])

  return { messages, hasMore, status, loadingOlder, loadOlder, merge }
}

/**
 * A customer message on the conversation the attendant has in front of them is read at once: the
 * server zeroes the unread count (lists drop the badge, the title its count). Debounced so a burst
 * costs one call; a hidden tab leaves it unread (and the count shows in the title).
 */
function useReadMarker(ticketId: number, enabled: boolean) {
  const api = useApi()
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [ticketId])
  const send = useCallback(() => {
    if (document.visibilityState === 'visible') api.post(`/tickets/${ticketId}/read`).catch(() => undefined)
  }, [api, ticketId])
  // The tab coming back marks what arrived while it was hidden.
  useEffect(() => {
    if (!enabled) return
    const onVisible = () => {
      if (document.visibilityState === 'visible') send()
    }
    document.addEventListener('visibilitychange', onVisible)
    return () => document.removeEventListener('visibilitychange', onVisible)
  }, [enabled, send])
  return useCallback(() => {
    if (!enabled) return
    clearTimeout(timer.current)
    timer.current = setTimeout(send, 300)
  }, [enabled, send])
}
