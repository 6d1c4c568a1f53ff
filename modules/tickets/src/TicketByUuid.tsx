import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { useApi } from '@atende/client'
import { Loading } from '@atende/ui'

/** A ticket's uuid, as kanban cards and shared links carry it (`/tickets/{ticketId?}`). */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * /tickets/{uuid}: looks the ticket up (GET /tickets/u/{uuid}) and moves to its id's address, so
 * everything past this point knows one form; a ticket the user may not see goes back to the list,
 * where useTicket's rule would have sent it.
 */
export function TicketByUuid({ uuid }: { uuid: string }) {
  const api = useApi()
  const navigate = useNavigate()
  const { t } = useTranslation()
  useEffect(() => {
    const ctl = new AbortController()
    api.get<{ id: number }>(`/tickets/u/${uuid}`, { signal: ctl.signal }).then(
      (ticket) => navigate(`/tickets/${ticket.id}`, { replace: true }),
      () => {
        if (!ctl.signal.aborted) navigate('/tickets', { replace: true })
      },
    )
    return () => ctl.abort()
  }, [api, navigate, uuid])
  return <Loading label={t('tickets.page.opening')} className="h-full" />
}
