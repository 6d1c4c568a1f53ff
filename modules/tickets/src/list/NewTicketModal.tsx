import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { isApiError, useApi } from '@atende/client'
import { ContactPicker, type ContactSummary } from '@atende/module-contacts/components'
import { Button, Dialog, Select, toast, useErrorToast } from '@atende/ui'
import type { Ticket } from '../types.ts'
import { useConnections, type QueueOption } from './useLookups.ts'

interface NewTicketModalProps {
  open: boolean
  onClose: () => void
  meId: number | null
  meName: string
  admin: boolean
  /** The viewer's queues (admins: all). */
  queues: QueueOption[]
  /** The viewer's own default connection, preferred over the company's default. */
  myWhatsappId: number | null
  onCreated: (t: Ticket) => void
}

interface OtherOpen {
  ticketId?: number
  userId?: number | null
  userName?: string | null
  queueName?: string | null
}

/**
 * New ticket: contact search from 3 characters, a queue (required unless admin)
 * and a connection (the default preselected). The contact's active ticket with someone else is
 * named in the modal; one of our own is simply opened.
 */
export function NewTicketModal({
  open,
  onClose,
  meId,
  meName,
  admin,
  queues,
  myWhatsappId,
  onCreated,
}: NewTicketModalProps) {
  const { t } = useTranslation()
  const api = useApi()
  const navigate = useNavigate()
  const showError = useErrorToast('tickets.newTicket.failed')
  const connections = useConnections(open)
  const [contact, setContact] = useState<ContactSummary | null>(null)
  const [queueId, setQueueId] = useState('')
  const [whatsappId, setWhatsappId] = useState('')
  const [saving, setSaving] = useState(false)
  const [conflict, setConflict] = useState<string | null>(null)

  useEffect(() => {
    if (!open) return
    // A fresh form each time it opens; a single queue is the obvious choice.
    setContact(null)
    setQueueId(queues.length === 1 ? String(queues[0]!.id) : '')
    setConflict(null)
    setSaving(false)
  }, [open]) // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    if (whatsappId || !connections.length) return
    const mine = connections.find((c) => c.id === myWhatsappId)
    const pick = mine ?? connections.find((c) => c.isDefault) ?? connections[0]!
    setWhatsappId(String(pick.id))
  }, [connections, myWhatsappId, whatsappId])

  const submit = async () => {
    if (!contact) {
      toast.error(t('tickets.newTicket.selectContact'))
      return
    }
    if (!queueId && !admin) {
      toast.error(t('tickets.newTicket.selectQueue'))
      return
    }
    setSaving(true)
    setConflict(null)
    try {
      const ticket = await api.post<Ticket & { outcome?: 'TICKET_CREATED' | 'TICKET_REOPENED' }>('/tickets', {
        body: {
          contactId: contact.id,
          queueId: queueId ? Number(queueId) : undefined,
          whatsappId: whatsappId ? Number(whatsappId) : undefined,
          userId: meId ?? undefined,
          status: 'open',
        },
      })
      // TICKET_REOPENED opens the returned ticket — the contact's, closed moments ago.
      if (ticket.outcome === 'TICKET_REOPENED') toast.info(t('tickets.toasts.reopened'), 5000)
      else if (ticket.isReturningCustomer) toast.info(t('tickets.toasts.returningCustomer'), 5000)
      onCreated(ticket)
      onClose()
      navigate(`/tickets/${ticket.id}`)
    } catch (err) {
      if (isApiError(err) && err.code === 'ERR_OTHER_OPEN_TICKET') {
        const other = (err.data ?? {}) as OtherOpen
        const mine = other.userId != null ? other.userId === meId : !other.userName || other.userName === meName
        if (!mine && other.userName)
          setConflict(
            t('tickets.newTicket.otherOpen', {
              userName: other.userName,
              queueName: other.queueName ?? t('tickets.item.noQueue'),
            }),
          )
        else if (other.ticketId) {
          onClose()
          navigate(`/tickets/${other.ticketId}`)
        } else showError(err)
      } else showError(err)
    } finally {
      setSaving(false)
    }
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('tickets.newTicket.title')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('tickets.newTicket.cancel')}
          </Button>
          <Button loading={saving} onClick={() => void submit()} data-testid="new-ticket-save">
            {t('tickets.newTicket.save')}
          </Button>
        </>
      }
    >
      <form
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault()
          void submit()
        }}
        data-testid="new-ticket-modal"
      >
        <ContactPicker
          onSelect={(c) => {
            setContact(c)
            setConflict(null)
          }}
          label={t('tickets.newTicket.contact')}
          autoFocus
        />
        <Select
          label={t('tickets.newTicket.queue')}
          value={queueId}
          onChange={setQueueId}
          data-testid="new-ticket-queue"
          placeholder={admin ? t('tickets.newTicket.noQueue') : t('tickets.newTicket.selectQueue')}
          options={queues.map((q) => ({ value: q.id, label: q.name }))}
        />
        <Select
          label={t('tickets.newTicket.connection')}
          value={whatsappId}
          onChange={setWhatsappId}
          data-testid="new-ticket-connection"
          options={connections.map((c) => ({ value: c.id, label: c.name }))}
        />
        {conflict && (
          <p
            role="alert"
            data-testid="new-ticket-conflict"
            className="rounded-md bg-amber-50 p-2 text-sm text-amber-800 dark:bg-amber-950 dark:text-amber-200"
          >
            {conflict}
          </p>
        )}
      </form>
    </Dialog>
  )
}
