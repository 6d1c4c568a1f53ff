import type { FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useApi } from '@atende/client'
import { FormDialog, TextField, say, toast, useFormState, useRefusal, type FieldErrors } from '@atende/ui'
import { EMAIL_MAX, NAME_MAX, NUMBER_MAX, emailError, nameError, numberError, type ContactListItem } from './types.ts'

interface Values {
  name: string
  number: string
  email: string
}
const FIELDS = ['name', 'number', 'email'] as const

export interface ContactItemDialogProps {
  contactListId: number
  /** null: closed; { record: null }: add. */
  editing: { record: ContactListItem | null } | null
  onClose: () => void
  onSaved: (record: ContactListItem) => void
}

/** Add or edit a contact of a list (name 2–50, number 8–50 digits, email valid or empty). */
export function ContactItemDialog({ contactListId, editing, onClose, onSaved }: ContactItemDialogProps) {
  const { t } = useTranslation()
  const api = useApi()
  const refuse = useRefusal()
  const record = editing?.record ?? null
  const { values, errors, setErrors, set, busy, setBusy } = useFormState(editing, (e): Values => ({
    name: e?.record?.name ?? '',
    number: e?.record?.number ?? '',
    email: e?.record?.email ?? '',
  }))

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const found: FieldErrors<Values> = {}
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
      refuse<Values>(err, FIELDS, setErrors)
    } finally {
      setBusy(false)
    }
  }

  return (
    <FormDialog
      open={editing != null}
      busy={busy}
      onClose={onClose}
      onSubmit={submit}
      title={t(record ? 'contactListItems.dialog.editTitle' : 'contactListItems.dialog.addTitle')}
      cancelLabel={t('contactListItems.dialog.cancel')}
      submitLabel={t(record ? 'contactListItems.dialog.save' : 'contactListItems.dialog.add')}
    >
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
    </FormDialog>
  )
}
