import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError, useApi } from '@atende/client'
import { Button, Dialog, toast } from '@atende/ui'
import { ContactPicker, showNumber, type ContactSummary } from '@atende/module-contacts/components'
import type { Message } from '../types.ts'

/** "Send contact": pick one (ContactPicker), POST /send-contact; 'Contato enviado!' / 'Erro ao enviar contato'. */
export function SendContactDialog({
  open,
  ticketId,
  onClose,
  onSent,
}: {
  open: boolean
  ticketId: number
  onClose: () => void
  onSent: (m: Message[]) => void
}) {
  const { t } = useTranslation()
  const api = useApi()
  const [picked, setPicked] = useState<ContactSummary | null>(null)
  const [saving, setSaving] = useState(false)

  const close = () => {
    setPicked(null)
    onClose()
  }
  const send = async () => {
    if (!picked) return
    setSaving(true)
    try {
      const r = await api.post<{ messages: Message[] }>('/send-contact', { body: { contactId: picked.id, ticketId } })
      onSent(r.messages ?? [])
      toast.success(t('chat.sendContact.done'))
      close()
    } catch (err) {
      console.error('[chat] send contact failed', err)
      toast.error(
        isApiError(err) && err.code === 'ERR_NO_CONTACT_FOUND'
          ? t('chat.sendContact.invalid')
          : t('chat.sendContact.error'),
      )
    } finally {
      setSaving(false)
    }
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      title={t('chat.sendContact.title')}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={saving}>
            {t('chat.cancel')}
          </Button>
          <Button onClick={() => void send()} disabled={!picked} loading={saving} data-testid="send-contact-submit">
            {t('chat.sendContact.submit')}
          </Button>
        </>
      }
    >
      <div className="flex min-h-48 flex-col gap-2">
        <ContactPicker onSelect={setPicked} autoFocus />
        {picked && (
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {t('chat.sendContact.picked', { name: picked.name, number: showNumber(picked) })}
          </p>
        )}
      </div>
    </Dialog>
  )
}
