import type { FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { FormDialog, TextField, say, toast, useFormState, useRefusal, useSaveRecord } from '@atende/ui'
import { isPlanDenied } from '../access.tsx'
import { NAME_MAX, nameError, type ContactList } from './types.ts'

export interface ContactListDialogProps {
  /** null: closed; { record: null }: add. */
  editing: { record: ContactList | null } | null
  onClose: () => void
  onSaved: (record: ContactList) => void
  onPlanDenied: () => void
}

/** Add or rename a contact list (name 2 to 50, required). */
export function ContactListDialog({ editing, onClose, onSaved, onPlanDenied }: ContactListDialogProps) {
  const { t } = useTranslation()
  const save = useSaveRecord()
  const refuse = useRefusal()
  const record = editing?.record ?? null
  const { values, setErrors, field, setBusy, dialog } = useFormState(editing, (e) => ({
    name: e?.record?.name ?? '',
  }))

  const submit = (e: FormEvent) => {
    e.preventDefault()
    const problem = nameError(values.name)
    if (problem) return setErrors({ name: say(t, problem)! })
    void save<ContactList>({
      path: '/contact-lists',
      id: record?.id,
      body: { name: values.name.trim() },
      setBusy,
      then: (saved) => {
        onSaved(saved)
        toast.success(t(record ? 'contactLists.toasts.edited' : 'contactLists.toasts.added'))
        onClose()
      },
      failed: (err) => {
        if (isPlanDenied(err)) onPlanDenied()
        refuse(err, ['name'], setErrors)
      },
    })
  }

  return (
    <FormDialog {...dialog(onClose, submit)} ns="contactLists" adds={!record}>
      <TextField label={t('contactLists.form.name')} {...field('name')} autoFocus maxLength={NAME_MAX} />
    </FormDialog>
  )
}
