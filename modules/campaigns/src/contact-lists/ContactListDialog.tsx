import { useEffect, useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { errorMessage, isApiError, useApi } from '@atende/client'
import { Button, Dialog, TextField, say, toast } from '@atende/ui'
import { isPlanDenied } from '../access.tsx'
import { NAME_MAX, nameError, type ContactList } from './types.ts'

export interface ContactListDialogProps {
  /** null: closed; { record: null }: add. */
  editing: { record: ContactList | null } | null
  onClose: () => void
  onSaved: (record: ContactList) => void
  onPlanDenied: () => void
}

/** Add or rename a contact list (administration.md §5: name 2 to 50, required). */
export function ContactListDialog({ editing, onClose, onSaved, onPlanDenied }: ContactListDialogProps) {
  const { t, i18n } = useTranslation()
  const api = useApi()
  const formId = useId()
  const record = editing?.record ?? null
  const [name, setName] = useState('')
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    if (!editing) return
    setName(editing.record?.name ?? '')
    setError(undefined)
  }, [editing])

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const problem = nameError(name)
    if (problem) return setError(say(t, problem)!)
    setBusy(true)
    try {
      const body = { name: name.trim() }
      const saved = record
        ? await api.put<ContactList>(`/contact-lists/${record.id}`, { body })
        : await api.post<ContactList>('/contact-lists', { body })
      onSaved(saved)
      toast.success(t(record ? 'contactLists.toasts.edited' : 'contactLists.toasts.added'))
      onClose()
    } catch (err) {
      if (isPlanDenied(err)) onPlanDenied()
      const message = errorMessage(err, t, { exists: (k: string) => i18n.exists(k) })
      if (isApiError(err) && err.field === 'name') setError(message)
      else toast.error(message)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog
      open={editing != null}
      onClose={() => {
        if (!busy) onClose()
      }}
      title={t(record ? 'contactLists.dialog.editTitle' : 'contactLists.dialog.addTitle')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('contactLists.dialog.cancel')}
          </Button>
          <Button type="submit" form={formId} loading={busy}>
            {t(record ? 'contactLists.dialog.save' : 'contactLists.dialog.add')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="flex flex-col gap-4">
        <TextField
          label={t('contactLists.dialog.name')}
          value={name}
          onChange={(v) => {
            setName(v)
            setError(undefined)
          }}
          error={error}
          autoFocus
          maxLength={NAME_MAX}
        />
      </form>
    </Dialog>
  )
}
