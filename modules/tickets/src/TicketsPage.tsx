import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Navigate, useNavigate, useParams } from 'react-router-dom'
import { useSession } from '@atende/client'
import { TicketChat } from './chat/TicketChat.tsx'
import { BottomNav, type MobilePane } from './list/BottomNav.tsx'
import { SINGLE_PANE_MAX_PX } from './list/panel.ts'
import { parseTicketId } from './list/rules.ts'
import { SplitPanes } from './list/SplitPanes.tsx'
import { TicketsManager } from './list/TicketsManager.tsx'
import { TicketByUuid, UUID } from './TicketByUuid.tsx'
import { TicketsIcon } from './TicketsIcon.tsx'
import './index.css'

function useNarrow() {
  const [narrow, setNarrow] = useState(() => window.innerWidth <= SINGLE_PANE_MAX_PX)
  useEffect(() => {
    const on = () => setNarrow(window.innerWidth <= SINGLE_PANE_MAX_PX)
    window.addEventListener('resize', on)
    return () => window.removeEventListener('resize', on)
  }, [])
  return narrow
}

function Welcome() {
  const { t } = useTranslation()
  return (
    <div
      data-testid="tickets-welcome"
      className="flex h-full flex-col items-center justify-center gap-4 bg-slate-50 p-6 text-center text-slate-500 dark:bg-slate-900 dark:text-slate-400"
    >
      <TicketsIcon className="h-24 w-24 text-primary opacity-30 dark:text-sky-300" />
      <p className="text-lg font-semibold text-slate-700 dark:text-slate-200">Atende</p>
      <p className="max-w-xs text-sm">{t('tickets.page.welcome')}</p>
    </div>
  )
}

/**
 * /tickets and /tickets/:ticketId, the id or the uuid: the list on the left, the
 * conversation or a welcome on the right, in resizable panes; one pane at a time on narrow screens.
 */
export default function TicketsPage() {
  const { ticketId: raw } = useParams()
  const navigate = useNavigate()
  const { companyId } = useSession()
  const narrow = useNarrow()
  const ticketId = parseTicketId(raw)
  const [pane, setPane] = useState<MobilePane>(ticketId ? 'ticket' : 'list')

  // Opening a ticket shows it; leaving it shows the list.
  useEffect(() => {
    setPane(ticketId ? 'ticket' : 'list')
  }, [ticketId])
  // The chat checks the ticket's access as it loads (useTicket): a bad address is replaced.
  const onClosed = useCallback((opts?: { replace: boolean }) => navigate('/tickets', opts), [navigate])

  if (raw !== undefined && UUID.test(raw)) return <TicketByUuid uuid={raw} />
  if (raw !== undefined && ticketId == null) return <Navigate to="/tickets" replace />

  const list = <TicketsManager companyId={companyId} selectedId={ticketId} />
  const chat = ticketId ? <TicketChat key={ticketId} ticketId={ticketId} onClosed={onClosed} /> : <Welcome />

  if (narrow) {
    return (
      <div data-testid="tickets-page" className="flex h-full min-h-0 flex-col">
        {/* The list stays mounted (hidden) so its live state and the unread title survive the switch. */}
        <div className={pane === 'list' ? 'flex min-h-0 flex-1 flex-col' : 'hidden'}>{list}</div>
        {pane === 'ticket' && <div className="flex min-h-0 flex-1 flex-col">{chat}</div>}
        <BottomNav pane={pane} onChange={setPane} hasTicket={ticketId != null} />
      </div>
    )
  }
  return (
    <div data-testid="tickets-page" className="h-full min-h-0">
      <SplitPanes left={list} right={chat} />
    </div>
  )
}
