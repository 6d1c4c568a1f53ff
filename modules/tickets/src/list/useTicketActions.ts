import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { isApiError, useApi } from '@atende/client'
import { toast, useErrorToast } from '@atende/ui'
import type { Ticket } from '../types.ts'

interface ActionsOptions {
  meId: number | null
  upsert: (t: Ticket) => void
  remove: (id: number) => void
  /** After an accept: show the open sub-tab. */
  onAccepted: () => void
  /** The ticket on screen, so closing it clears the selection. */
  openTicketId: number | null
}

/**
 * The list's buttons: accept, close, reopen, close without message, delete.
 * Each answer is applied to the lists at once (the frame that follows changes nothing more).
 * A 409 (someone else moved it first) is shown translated and the ticket is re-read.
 */
export function useTicketActions({ meId, upsert, remove, onAccepted, openTicketId }: ActionsOptions) {
  const { t } = useTranslation()
  const api = useApi()
  const navigate = useNavigate()
  const showError = useErrorToast('tickets.toasts.actionFailed')
  const [busy, setBusy] = useState<number | null>(null)

  const refetch = useCallback(
    (id: number) => {
      api.get<Ticket>(`/tickets/${id}`).then(upsert, () => remove(id))
    },
    [api, upsert, remove],
  )

  const run = useCallback(
    async (ticket: Ticket, call: () => Promise<Ticket | void>, after?: (t: Ticket | void) => void) => {
      setBusy(ticket.id)
      try {
        const answer = await call()
        if (answer && typeof answer === 'object') upsert(answer)
        after?.(answer)
      } catch (err) {
        showError(err)
        if (isApiError(err) && err.status === 409) refetch(ticket.id)
      } finally {
        setBusy(null)
      }
    },
    [upsert, showError, refetch],
  )

  const leaveIfOpen = useCallback(
    (id: number) => {
      if (openTicketId === id) navigate('/tickets')
    },
    [openTicketId, navigate],
  )

  /** After an accept or a reopen: the open sub-tab, on the ticket. */
  const goTo = useCallback(
    (ticket: Ticket) => {
      onAccepted()
      navigate(`/tickets/${ticket.id}`)
    },
    [onAccepted, navigate],
  )
  /** After a close: say so, and leave the ticket when it is on screen. */
  const closed = useCallback(
    (ticket: Ticket) => {
      toast.success(t('tickets.toasts.closed'))
      leaveIfOpen(ticket.id)
    },
    [t, leaveIfOpen],
  )
  /** A PUT on the ticket (its path, then `suffix`), then `after`. */
  const put = useCallback(
    (ticket: Ticket, body: object | undefined, after: (ticket: Ticket) => void, suffix = '') =>
      run(
        ticket,
        () => api.put<Ticket>(`/tickets/${ticket.id}${suffix}`, body && { body }),
        () => after(ticket),
      ),
    [run, api],
  )

  const accept = useCallback((ticket: Ticket) => put(ticket, { status: 'open', userId: meId }, goTo), [put, meId, goTo])
  const close = useCallback((ticket: Ticket) => put(ticket, { status: 'closed' }, closed), [put, closed])
  const reopen = useCallback((ticket: Ticket) => put(ticket, { status: 'open' }, goTo), [put, goTo])
  const closeWithoutMessage = useCallback(
    (ticket: Ticket) => put(ticket, undefined, closed, '/close-without-message'),
    [put, closed],
  )

  const destroy = useCallback(
    (ticket: Ticket) =>
      run(
        ticket,
        async () => {
          await api.delete(`/tickets/${ticket.id}`)
        },
        () => {
          remove(ticket.id)
          toast.success(t('tickets.toasts.deleted'))
          leaveIfOpen(ticket.id)
        },
      ),
    [run, api, remove, t, leaveIfOpen],
  )

  return { busy, accept, close, reopen, closeWithoutMessage, destroy }
}
