import { useTranslation } from 'react-i18next'
import { Button, Dialog } from '@atende/ui'
import { TicketChat } from '../chat/TicketChat.tsx'
import type { Ticket } from '../types.ts'

/** The peek (eye) of a list item: the conversation read-only, without taking the ticket. */
export function PeekDialog({ ticket, onClose }: { ticket: Ticket | null; onClose: () => void }) {
  const { t } = useTranslation()
  return (
    <Dialog
      open={!!ticket}
      onClose={onClose}
      size="xl"
      title={ticket ? t('tickets.peek.title', { name: ticket.contact?.name ?? `#${ticket.id}` }) : ''}
      footer={
        <Button variant="secondary" onClick={onClose}>
          {t('tickets.peek.close')}
        </Button>
      }
    >
      {ticket && (
        <div
          data-testid="peek-dialog"
          className="flex h-[65vh] min-h-0 flex-col overflow-hidden rounded border border-slate-200 dark:border-slate-700"
        >
          <TicketChat ticketId={ticket.id} readOnly />
        </div>
      )}
    </Dialog>
  )
}
