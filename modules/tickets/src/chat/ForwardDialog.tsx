import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useApi } from '@atende/client'
import { Button, Dialog, TextField, digits, toast } from '@atende/ui'
import type { Message } from '../types.ts'
import { useChatError } from './useChatError.ts'

/** Forward a message to a phone (the phone is required, country code plus number). */
export function ForwardDialog({ message, onClose }: { message: Message | null; onClose: () => void }) {
  const { t } = useTranslation()
  const api = useApi()
  const showError = useChatError()
  const [phone, setPhone] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  useEffect(() => {
    setPhone('')
    setError(null)
  }, [message])

  const submit = async () => {
    const n = digits(phone)
    if (!n) {
      setError(t('chat.forward.required'))
      return
    }
    if (n.length < 8) {
      setError(t('chat.forward.invalid'))
      return
    }
    if (!message) return
    setSaving(true)
    try {
      await api.post('/messages/forward-by-phone', { body: { messageId: message.id, phone: n } })
      toast.success(t('chat.forward.done'))
      onClose()
    } catch (err) {
      showError(err)
    } finally {
      setSaving(false)
    }
  }

  return (
    <Dialog
      open={!!message}
      onClose={onClose}
      size="sm"
      title={t('chat.forward.title')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            {t('chat.cancel')}
          </Button>
          <Button onClick={() => void submit()} loading={saving} data-testid="forward-submit">
            {t('chat.forward.submit')}
          </Button>
        </>
      }
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          void submit()
        }}
      >
        <TextField
          label={t('chat.forward.phone')}
          hint={t('chat.forward.hint')}
          placeholder="5511999998888"
          inputMode="tel"
          autoFocus
          value={phone}
          error={error}
          onChange={(v) => {
            setPhone(v)
            setError(null)
          }}
          maxLength={30}
        />
      </form>
    </Dialog>
  )
}
