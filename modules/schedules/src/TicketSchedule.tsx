import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { Button } from '@atende/ui'
import { ScheduleDialog, type ScheduleTarget } from './ScheduleDialog.tsx'

/** The ticket as the slots pass it (modules/tickets: ChatHeader and TicketMenu); only its contact is read. */
interface TicketLike {
  contactId?: number
  contact?: { id: number; name: string; number: string } | null
}

const targetOf = (ticket: TicketLike): ScheduleTarget => ({
  at: null,
  contact: ticket.contact ? { id: ticket.contact.id, name: ticket.contact.name, number: ticket.contact.number } : null,
})

const CalendarIcon = () => (
  <svg className="h-4 w-4" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden>
    <rect x="3" y="4" width="18" height="18" rx="2" />
    <path d="M16 2v4M8 2v4M3 10h18" />
  </svg>
)

/** `ticket.actions`: the chat header's schedule button, opening the schedule form for the ticket's contact. */
export function TicketScheduleButton({ ticket }: { ticket: TicketLike }) {
  const { t } = useTranslation()
  const [target, setTarget] = useState<ScheduleTarget | null>(null)
  return (
    <>
      <Button
        variant="ghost"
        className="px-2 py-1"
        aria-label={t('schedules.fromTicket')}
        title={t('schedules.fromTicket')}
        data-testid="ticket-schedule"
        onClick={() => setTarget(targetOf(ticket))}
      >
        <CalendarIcon />
      </Button>
      <ScheduleDialog target={target} onClose={() => setTarget(null)} />
    </>
  )
}

/**
 * `ticket.menu`: the list item's ⋮ menu entry. The menu unmounts when it closes (and a dialog inside it
 * with it), so the entry opens the same form on /schedules (`?contactId=`).
 */
export function TicketScheduleMenuItem({
  ticket,
  close,
  className,
}: {
  ticket: TicketLike
  close?: () => void
  className?: string
}) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const contactId = ticket.contact?.id ?? ticket.contactId
  return (
    <button
      type="button"
      role="menuitem"
      className={className}
      data-testid="ticket-option-schedule"
      onClick={() => {
        close?.()
        navigate(contactId ? `/schedules?contactId=${contactId}` : '/schedules')
      }}
    >
      {t('schedules.fromTicket')}
    </button>
  )
}
