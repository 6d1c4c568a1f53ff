import { useCallback, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useApi, useRealtime, useSession } from '@atende/client'
import { toast } from '@atende/ui'
import { mergeTicket } from '../list/rules.ts'
import type { Ticket, TicketFrame } from '../types.ts'
import { isNoAccess, isNotFound, useChatError } from './useChatError.ts'

export type TicketUpdate = {
  status?: Ticket['status']
  userId?: number | null
  queueId?: number | null
  whatsappId?: number | null
}

/** How the chat goes away: `replace` when the address itself was bad (the first load failed). */
export type ChatClosed = (opts?: { replace: boolean }) => void

/**
 * The open ticket: loaded once, kept current by `company-{id}-ticket` frames (a frame's ticket may
 * lack its objects, so it is merged into what we have; a changed queue or user is re-read, and a
 * 403 then means it moved out of this user's sight). A delete, a 403 or a 404 closes the chat.
 * This is also the page's access check: the first load's 403 says
 * 'Acesso não permitido', its 404 'Ticket não encontrado.', and the address is replaced.
 */
export function useTicket(ticketId: number, onClosed?: ChatClosed) {
  const { t } = useTranslation()
  const api = useApi()
  const { companyId } = useSession()
  const showError = useChatError()
  const [ticket, setTicket] = useState<Ticket | null>(null)
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading')
  const closed = useRef(onClosed)
  closed.current = onClosed
  const ticketRef = useRef<Ticket | null>(null)
  ticketRef.current = ticket

  const gone = useCallback(
    (err?: unknown, first = false) => {
      if (err && isNoAccess(err)) toast.error(t('chat.noAccess'))
      else if (first && isNotFound(err)) toast.error(t('chat.notFound'))
      closed.current?.(first ? { replace: true } : undefined)
    },
    [t],
  )

  const reload = useCallback(
    async (signal?: AbortSignal, first = false) => {
      try {
        const tk = await api.get<Ticket>(`/tickets/${ticketId}`, { signal })
        setTicket(tk)
        setState('ready')
      } catch (err) {
        if (signal?.aborted) return
        if (isNoAccess(err) || isNotFound(err)) gone(err, first)
        else {
          showError(err)
          setState('error')
        }
      }
    },
    [api, ticketId, gone, showError],
  )

  useEffect(() => {
    setTicket(null)
    setState('loading')
    const ctrl = new AbortController()
    void reload(ctrl.signal, true)
    return () => ctrl.abort()
  }, [reload])

  useRealtime<TicketFrame>(companyId ? `company-${companyId}-ticket` : null, (frame) => {
    if (frame.action === 'delete') {
      if (frame.ticketId === ticketId) gone()
      return
    }
    const next = frame.ticket
    if (!next || next.id !== ticketId) return
    const cur = ticketRef.current
    if (!cur || cur.queueId !== next.queueId || cur.userId !== next.userId || cur.whatsappId !== next.whatsappId) {
      void reload()
      return
    }
    setTicket(mergeTicket(cur, next))
  })

  /** PUT /tickets/{id}; the answer replaces the ticket. Errors are shown; resolves null then. */
  const update = useCallback(
    async (body: TicketUpdate): Promise<Ticket | null> => {
      try {
        const tk = await api.put<Ticket>(`/tickets/${ticketId}`, { body })
        setTicket(tk)
        return tk
      } catch (err) {
        if (isNoAccess(err)) gone(err)
        else {
          showError(err)
          void reload()
        }
        return null
      }
    },
    [api, ticketId, showError, gone, reload],
  )

  return { ticket, setTicket, state, update, reload }
}
