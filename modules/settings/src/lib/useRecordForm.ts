import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError } from '@atende/client'
import { toast, useErrorToast } from '@atende/ui'

/**
 * A settings tab that edits one record at a time beside its table (companies, plans): the form's
 * values, the record picked, the server's field errors, the save and the delete question.
 */
export function useRecordForm<R extends { id: number }, V extends object>(empty: V, valuesOf: (record: R) => V) {
  const { t } = useTranslation()
  const showError = useErrorToast()
  const [values, setValues] = useState<V>(empty)
  const [editing, setEditing] = useState<R | null>(null)
  const [serverErrors, setServerErrors] = useState<Partial<Record<keyof V, string>>>({})
  const [saving, setSaving] = useState(false)
  const [confirmDelete, setConfirmDelete] = useState(false)
  // A new key remounts the form, so Clear also forgets that it was submitted.
  const [formKey, setFormKey] = useState(0)

  const clear = () => {
    setEditing(null)
    setValues(empty)
    setServerErrors({})
    setFormKey((k) => k + 1)
  }
  const edit = (record: R) => {
    setEditing(record)
    setValues(valuesOf(record))
    setServerErrors({})
  }
  /**
   * Runs a save (the spinner on meanwhile). A refusal naming one of the form's fields goes under it:
   * `taken.word` for the `taken.code` error, else 'invalid'; every failure is toasted with `errorKey`.
   */
  const save = async (call: () => Promise<void>, errorKey: string, taken: { code: string; word: string }) => {
    setSaving(true)
    setServerErrors({})
    try {
      await call()
    } catch (err) {
      if (isApiError(err) && err.field && err.field in empty)
        setServerErrors({ [err.field]: err.code === taken.code ? taken.word : 'invalid' } as typeof serverErrors)
      showError(err, errorKey)
    } finally {
      setSaving(false)
    }
  }
  /** Deletes the picked record by `call`, then clears the form and says so; the question closes either way. */
  const remove = async (call: (record: R) => Promise<unknown>, errorKey: string) => {
    if (!editing) return
    try {
      await call(editing)
      clear()
      toast.success(t('settings.toasts.deleted'))
    } catch (err) {
      showError(err, errorKey)
    } finally {
      setConfirmDelete(false)
    }
  }
  /** The form's props from this state (spread on CompanyForm / PlanForm, keyed by `formKey`). */
  const formProps = {
    values,
    onChange: setValues,
    editing: !!editing,
    saving,
    serverErrors,
    onClear: clear,
    onDelete: () => setConfirmDelete(true),
  }
  return {
    formKey,
    values,
    setValues,
    editing,
    setEditing,
    confirmDelete,
    setConfirmDelete,
    clear,
    edit,
    save,
    remove,
    formProps,
  }
}
