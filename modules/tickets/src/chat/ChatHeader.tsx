import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Avatar, Badge, Button, cx, ExtensionSlot } from '@atende/ui'
import { showNumber } from '@atende/module-contacts/components'
import type { Ticket } from '../types.ts'
import { CheckCircleIcon, CheckIcon, InfoIcon, ReopenIcon, ReturnIcon, TransferIcon } from './icons.tsx'

export type TicketMove = 'accept' | 'return' | 'resolve' | 'reopen' | 'transfer'

export interface ChatHeaderProps {
  ticket: Ticket
  readOnly: boolean
  busy: TicketMove | null
  drawerOpen: boolean
  onMove: (move: TicketMove) => void
  onToggleDrawer: () => void
}

const ICONS: Record<TicketMove, (p: { className?: string }) => ReactNode> = {
  accept: CheckIcon,
  return: ReturnIcon,
  resolve: CheckCircleIcon,
  reopen: ReopenIcon,
  transfer: TransferIcon,
}

/**
 * Contact, ticket number, queue and user; the buttons the ticket's status allows (none when
 * read-only). Always one line: the header is a container, and when it is narrow (a phone, the
 * contact drawer open) the buttons show their icons (their names stay for screen readers and in a
 * tooltip), the status badge steps aside and the details under the name keep to one line; the name
 * is cut with an ellipsis.
 */
export function ChatHeader({ ticket, readOnly, busy, drawerOpen, onMove, onToggleDrawer }: ChatHeaderProps) {
  const { t } = useTranslation()
  const c = ticket.contact
  const name = c?.name ?? t('chat.unknownContact')
  const content = (move: TicketMove) => {
    const Icon = ICONS[move]
    return (
      <>
        {busy !== move && <Icon className="hidden h-4 w-4 shrink-0 @max-[40rem]:block" />}
        <span className="@max-[40rem]:sr-only">{t(`chat.actions.${move}`)}</span>
      </>
    )
  }
  const btn = (move: Exclude<TicketMove, 'transfer'>, variant: 'primary' | 'secondary' | 'danger' = 'secondary') => (
    <Button
      key={move}
      variant={variant}
      data-testid={`chat-${move}`}
      loading={busy === move}
      disabled={!!busy}
      onClick={() => onMove(move)}
      title={t(`chat.actions.${move}`)}
      className="px-3 py-1.5 @max-[40rem]:px-2"
    >
      {content(move)}
    </Button>
  )
  return (
    <header className="@container flex items-center gap-2 border-b border-slate-200 bg-white px-3 py-2 sm:gap-3 dark:border-slate-700 dark:bg-slate-800">
      <button
        type="button"
        onClick={onToggleDrawer}
        className="flex min-w-0 flex-1 items-center gap-2 text-left @lg:gap-3"
        aria-label={t('chat.drawer.toggle')}
      >
        <Avatar name={name} picture={c?.profilePicUrl || null} className="shrink-0" />
        <span className="min-w-0">
          <span
            className="block truncate font-semibold text-slate-900 dark:text-slate-50"
            data-testid="chat-contact-name"
          >
            {name}
          </span>
          {/* One line when narrow; a wide header has room for the details to wrap under the name. */}
          <span className="block truncate text-xs text-slate-500 @min-[40rem]:whitespace-normal dark:text-slate-400">
            {c && <span className="mr-2">{showNumber(c)}</span>}
            <span className="mr-2" data-testid="chat-ticket-id">
              #{ticket.id}
            </span>
            {ticket.queue && (
              <span className="mr-2 inline-flex items-center gap-1">
                <span aria-hidden className="h-2 w-2 rounded-full" style={{ background: ticket.queue.color }} />
                {ticket.queue.name}
              </span>
            )}
            {ticket.user && <span>· {t('chat.assignedTo', { name: ticket.user.name })}</span>}
          </span>
        </span>
      </button>
      <Badge
        tone={ticket.status === 'open' ? 'success' : ticket.status === 'pending' ? 'warning' : 'neutral'}
        className="shrink-0 whitespace-nowrap @max-lg:hidden"
      >
        {t(`chat.status.${ticket.status}`)}
      </Badge>
      {!readOnly && (
        <div className="flex shrink-0 items-center gap-1 @min-[40rem]:gap-2" data-testid="chat-actions">
          {/* Other modules' buttons, props { ticket }: the schedules module fills it. */}
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
                title={t('chat.actions.transfer')}
                className="px-3 py-1.5 @max-[40rem]:px-2"
              >
                {content('transfer')}
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
          'shrink-0 rounded-md p-2 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-700',
          drawerOpen && 'bg-slate-100 dark:bg-slate-700',
        )}
      >
        <InfoIcon className="h-5 w-5" />
      </button>
    </header>
  )
}
