import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { isApiError, useApi } from '@atende/client'
import { toast } from '@atende/ui'

/**
 * Ticket view access (core.md §4): a ticket outside the viewer's rule answers 403 — the toast
 * 'Acesso não permitido' and back to /tickets; one that does not exist goes back too.
 */
export function useTicketAccess(ticketId: number | null) {
  const { t } = useTranslation()
  const api = useApi()
  const navigate = useNavigate()
  useEffect(() => {
    if (ticketId == null) return
    const ctrl = new AbortController()
    api.get(`/tickets/${ticketId}`, { signal: ctrl.signal }).catch((err) => {
      if (ctrl.signal.aborted || !isApiError(err)) return
      if (err.status === 403) { toast.error(t('tickets.toasts.noAccess')); navigate('/tickets', { replace: true }) }
      else if (err.status === 404) { toast.error(t('tickets.toasts.notFound')); navigate('/tickets', { replace: true }) }
    })
    return () => ctrl.abort()
  }, [api, ticketId, navigate, t])
}
