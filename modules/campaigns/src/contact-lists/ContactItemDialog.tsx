import type { FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import {
  FormDialog,
  TextField,
  say,
  toast,
  useFormState,
  useRefusal,
  useSaveRecord,
  type FieldErrors,
} from '@atende/ui'
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
  const save = useSaveRecord()
  const refuse = useRefusal()
  const record = editing?.record ?? null
  const { values, setErrors, field, setBusy, dialog } = useFormState(editing, (e): Values => ({
    name: e?.record?.name ?? '',
    number: e?.record?.number ?? '',
    email: e?.record?.email ?? '',
  }))

  const submit = (e: FormEvent) => {
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
    void save<ContactListItem>({
      path: '/contact-list-items',
      id: record?.id,
      body: { name: values.name.trim(), number: values.number.trim(), email: values.email.trim(), contactListId },
      setBusy,
      then: (saved) => {
        onSaved(saved)
        toast.success(t(record ? 'contactListItems.toasts.edited' : 'contactListItems.toasts.added'))
        onClose()
      },
      failed: (err) => refuse<Values>(err, FIELDS, setErrors),
    })
  }

  return (
    <FormDialog {...dialog(onClose, submit)} ns="contactListItems" adds={!record}>
      <TextField label={t('contactListItems.form.name')} {...field('name')} autoFocus maxLength={NAME_MAX} />
      <TextField
        label={t('contactListItems.form.number')}
        hint={t('contactListItems.form.numberHint')}
        {...field('number')}
        inputMode="tel"
        maxLength={NUMBER_MAX + 20} // the limit is on digits; room for '+', spaces and brackets
      />
      <TextField label={t('contactListItems.form.email')} type="email" {...field('email')} maxLength={EMAIL_MAX} />
    </FormDialog>
  )
}
