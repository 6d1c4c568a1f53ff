import { useTranslation } from 'react-i18next'
import { Avatar, Badge, Button, cx, ExtensionSlot } from '@atende/ui'
import { showNumber } from '@atende/module-contacts/components'
import type { Ticket } from '../types.ts'
import { InfoIcon } from './icons.tsx'

export type TicketMove = 'accept' | 'return' | 'resolve' | 'reopen' | 'transfer'

export interface ChatHeaderProps {
  ticket: Ticket
  readOnly: boolean
  busy: TicketMove | null
  drawerOpen: boolean
  onMove: (move: TicketMove) => void
  onToggleDrawer: () => void
}

/** Contact, ticket number, queue and user; the buttons the ticket's status allows (none when read-only). */
export function ChatHeader({ ticket, readOnly, busy, drawerOpen, onMove, onToggleDrawer }: ChatHeaderProps) {
  const { t } = useTranslation()
  const c = ticket.contact
  const name = c?.name ?? t('chat.unknownContact')
  const btn = (move: Exclude<TicketMove, 'transfer'>, variant: 'primary' | 'secondary' | 'danger' = 'secondary') => (
    <Button
      key={move}
      variant={variant}
      data-testid={`chat-${move}`}
      loading={busy === move}
      disabled={!!busy}
      onClick={() => onMove(move)}
      className="px-3 py-1.5"
    >
      {t(`chat.actions.${move}`)}
    </Button>
  )
  return (
    <header className="flex flex-wrap items-center gap-3 border-b border-slate-200 bg-white px-3 py-2 dark:border-slate-700 dark:bg-slate-800">
      <button
        type="button"
        onClick={onToggleDrawer}
        className="flex min-w-0 flex-1 items-center gap-3 text-left"
        aria-label={t('chat.drawer.toggle')}
      >
        <Avatar name={name} picture={c?.profilePicUrl || null} />
        <span className="min-w-0">
          <span
            className="block truncate font-semibold text-slate-900 dark:text-slate-50"
            data-testid="chat-contact-name"
          >
            {name}
          </span>
          <span className="flex flex-wrap items-center gap-x-2 text-xs text-slate-500 dark:text-slate-400">
            {c && <span>{showNumber(c)}</span>}
            <span data-testid="chat-ticket-id">#{ticket.id}</span>
            {ticket.queue && (
              <span className="inline-flex items-center gap-1">
                <span aria-hidden className="h-2 w-2 rounded-full" style={{ background: ticket.queue.color }} />
                {ticket.queue.name}
              </span>
            )}
            {ticket.user && <span>· {t('chat.assignedTo', { name: ticket.user.name })}</span>}
          </span>
        </span>
      </button>
      <Badge tone={ticket.status === 'open' ? 'success' : ticket.status === 'pending' ? 'warning' : 'neutral'}>
        {t(`chat.status.${ticket.status}`)}
      </Badge>
      {!readOnly && (
        <div className="flex flex-wrap items-center gap-2" data-testid="chat-actions">
          {/* Other modules' buttons, props { ticket }: the schedules module fills it (core.md §2 "Schedule dialog"). */}
          <ExtensionSlot name="ticket.actions" props={{ ticket }} />
          {ticket.status === 'pending' && btn('accept', 'primary')}
          {ticket.status === 'open' && (
            <>
              {btn('return')}
              {btn('resolve', 'primary')}
              <Button
                variant="secondary"
                data-testid="chat-transfer"
                disabled={!!busy}
                onClick={() => onMove('transfer')}
                className="px-3 py-1.5"
              >
                {t('chat.actions.transfer')}
              </Button>
            </>
          )}
          {ticket.status === 'closed' && btn('reopen', 'primary')}
        </div>
      )}
      <button
        type="button"
        onClick={onToggleDrawer}
        aria-pressed={drawerOpen}
        aria-label={t('chat.drawer.toggle')}
        title={t('chat.drawer.toggle')}
        data-testid="chat-drawer-toggle"
        className={cx(
          'rounded-md p-2 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-700',
          drawerOpen && 'bg-slate-100 dark:bg-slate-700',
        )}
      >
        <InfoIcon className="h-5 w-5" />
      </button>
    </header>
  )
}
