import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, Dialog, Select, toast } from '@atende/ui'
import { useAllQueues, useConnections, useUsers } from '../list/useLookups.ts'
import type { Ref, Ticket } from '../types.ts'
import type { TicketUpdate } from './useTicket.ts'

export interface TransferDialogProps {
  open: boolean
  ticket: Ticket
  onClose: () => void
  /** PUT /tickets/{id} with the choice; resolves the updated ticket or null on failure. */
  onTransfer: (body: TicketUpdate) => Promise<Ticket | null>
}

/** The success toast's key: where the ticket went, by user and queue as far as they are known. */
export function transferredKey(user: string | null, queue: string | null): string {
  if (user && queue) return 'chat.transfer.doneUserQueue'
  if (user) return 'chat.transfer.doneUser'
  if (queue) return 'chat.transfer.doneQueue'
  return 'chat.transfer.done'
}

/**
 * Transfer: a queue is required; a user is optional (without one the ticket goes back
 * to pending in that queue); the connection too. Users, queues and connections load on opening.
 * Done, a toast says where it went.
 */
export function TransferDialog({ open, ticket, onClose, onTransfer }: TransferDialogProps) {
  const { t } = useTranslation()
  const users = useUsers(open)
  const queues = useAllQueues(open)
  const whatsapps = useConnections(open)
  const [userId, setUserId] = useState('')
  const [queueId, setQueueId] = useState('')
  const [whatsappId, setWhatsappId] = useState('')
  const [saving, setSaving] = useState(false)

  useEffect(() => {
    if (!open) return
    setUserId('')
    setQueueId(ticket.queueId ? String(ticket.queueId) : '')
    setWhatsappId(ticket.whatsappId ? String(ticket.whatsappId) : '')
  }, [open, ticket.queueId, ticket.whatsappId])

  const submit = async () => {
    if (!queueId) return
    setSaving(true)
    const body: TicketUpdate = {
      queueId: Number(queueId),
      ...(userId ? { userId: Number(userId) } : {}),
      ...(whatsappId ? { whatsappId: Number(whatsappId) } : {}),
    }
    const done = await onTransfer(body)
    setSaving(false)
    if (!done) return
    // The names picked, else the ticket's answer (a list may still have been loading).
    const user = userId ? (users.find((u) => String(u.id) === userId)?.name ?? done.user?.name ?? null) : null
    const queue = queues.find((q) => String(q.id) === queueId)?.name ?? done.queue?.name ?? null
    toast.success(t(transferredKey(user, queue), { user, queue }))
    onClose()
  }

  /** A select of the dialog: its words under chat.transfer, the list to pick from, the id picked. */
  const pick = (label: string, placeholder: string, list: Ref[], value: string, onChange: (id: string) => void) => ({
    label: t(`chat.transfer.${label}`),
    placeholder: t(`chat.transfer.${placeholder}`),
    options: list.map((x) => ({ value: x.id, label: x.name })),
    value,
    onChange,
  })
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('chat.transfer.title')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            {t('chat.cancel')}
          </Button>
          <Button data-testid="transfer-submit" onClick={() => void submit()} loading={saving} disabled={!queueId}>
            {t('chat.transfer.submit')}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-3" data-testid="transfer-dialog">
        <Select {...pick('user', 'anyUser', users, userId, setUserId)} />
        <Select {...pick('queue', 'pickQueue', queues, queueId, setQueueId)} required />
        {!queueId && (
          <p role="status" className="text-xs text-slate-500 dark:text-slate-400">
            {t('chat.transfer.queueRequired')}
          </p>
        )}
        <Select {...pick('connection', 'sameConnection', whatsapps, whatsappId, setWhatsappId)} />
      </div>
    </Dialog>
  )
}
