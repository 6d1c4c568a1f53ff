import { useEffect, useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { errorMessage, isApiError, useApi } from '@atende/client'
import { Button, Dialog, TextField, say, toast } from '@atende/ui'
import { EMAIL_MAX, NAME_MAX, NUMBER_MAX, emailError, nameError, numberError, type ContactListItem } from './types.ts'

interface Values {
  name: string
  number: string
  email: string
}
type Errors = Partial<Record<keyof Values, string>>
const FIELDS = new Set(['name', 'number', 'email'])

export interface ContactItemDialogProps {
  contactListId: number
  /** null: closed; { record: null }: add. */
  editing: { record: ContactListItem | null } | null
  onClose: () => void
  onSaved: (record: ContactListItem) => void
}

/** Add or edit a contact of a list (administration.md §5: name 2–50, number 8–50, email valid or empty). */
export function ContactItemDialog({ contactListId, editing, onClose, onSaved }: ContactItemDialogProps) {
  const { t, i18n } = useTranslation()
  const api = useApi()
  const formId = useId()
  const record = editing?.record ?? null
  const [values, setValues] = useState<Values>({ name: '', number: '', email: '' })
  const [errors, setErrors] = useState<Errors>({})
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    if (!editing) return
    const r = editing.record
    setValues({ name: r?.name ?? '', number: r?.number ?? '', email: r?.email ?? '' })
    setErrors({})
  }, [editing])

  const set = (key: keyof Values, value: string) => {
    setValues((v) => ({ ...v, [key]: value }))
    setErrors((e) => ({ ...e, [key]: undefined }))
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const found: Errors = {}
    const n = nameError(values.name)
    if (n) found.name = say(t, n)!
    const num = numberError(values.number)
    if (num) found.number = t(num)
    const em = emailError(values.email)
    if (em) found.email = t(em)
    setErrors(found)
    if (Object.keys(found).length) return
    const body = { name: values.name.trim(), number: values.number.trim(), email: values.email.trim(), contactListId }
    setBusy(true)
    try {
      const saved = record
        ? await api.put<ContactListItem>(`/contact-list-items/${record.id}`, { body })
        : await api.post<ContactListItem>('/contact-list-items', { body })
      onSaved(saved)
      toast.success(t(record ? 'contactListItems.toasts.edited' : 'contactListItems.toasts.added'))
      onClose()
    } catch (err) {
      const message = errorMessage(err, t, { exists: (k: string) => i18n.exists(k) })
      if (isApiError(err) && err.field && FIELDS.has(err.field))
        setErrors((x) => ({ ...x, [err.field as keyof Values]: message }))
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
      title={t(record ? 'contactListItems.dialog.editTitle' : 'contactListItems.dialog.addTitle')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('contactListItems.dialog.cancel')}
          </Button>
          <Button type="submit" form={formId} loading={busy}>
            {t(record ? 'contactListItems.dialog.save' : 'contactListItems.dialog.add')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="flex flex-col gap-4">
        <TextField
          label={t('contactListItems.dialog.name')}
          value={values.name}
          onChange={(v) => set('name', v)}
          error={errors.name}
          autoFocus
          maxLength={NAME_MAX}
        />
        <TextField
          label={t('contactListItems.dialog.number')}
          hint={t('contactListItems.dialog.numberHint')}
          value={values.number}
          onChange={(v) => set('number', v)}
          error={errors.number}
          inputMode="tel"
          maxLength={NUMBER_MAX + 20} // the limit is on digits; room for '+', spaces and brackets
        />
        <TextField
          label={t('contactListItems.dialog.email')}
          type="email"
          value={values.email}
          onChange={(v) => set('email', v)}
          error={errors.email}
          maxLength={EMAIL_MAX}
        />
      </form>
    </Dialog>
  )
}
