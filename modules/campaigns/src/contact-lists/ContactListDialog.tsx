import type { FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useApi } from '@atende/client'
import { FormDialog, TextField, say, toast, useFormState, useRefusal } from '@atende/ui'
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
  const api = useApi()
  const refuse = useRefusal()
  const record = editing?.record ?? null
  const { values, errors, setErrors, set, busy, setBusy } = useFormState(editing, (e) => ({
    name: e?.record?.name ?? '',
  }))

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const problem = nameError(values.name)
    if (problem) return setErrors({ name: say(t, problem)! })
    setBusy(true)
    try {
      const body = { name: values.name.trim() }
      const saved = record
        ? await api.put<ContactList>(`/contact-lists/${record.id}`, { body })
        : await api.post<ContactList>('/contact-lists', { body })
      onSaved(saved)
      toast.success(t(record ? 'contactLists.toasts.edited' : 'contactLists.toasts.added'))
      onClose()
    } catch (err) {
      if (isPlanDenied(err)) onPlanDenied()
      refuse(err, ['name'], setErrors)
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
      title={t(record ? 'contactLists.dialog.editTitle' : 'contactLists.dialog.addTitle')}
      cancelLabel={t('contactLists.dialog.cancel')}
      submitLabel={t(record ? 'contactLists.dialog.save' : 'contactLists.dialog.add')}
    >
      <TextField
        label={t('contactLists.dialog.name')}
        value={values.name}
        onChange={(v) => set('name', v)}
        error={errors.name}
        autoFocus
        maxLength={NAME_MAX}
      />
    </FormDialog>
  )
}
