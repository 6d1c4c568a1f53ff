import { useEffect, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useApi } from '@atende/client'
import { FormDialog, toast } from '@atende/ui'
import { fromLocalInput, toLocalInput } from './dates.ts'
import { TaskFields, UsersError, useTaskDraft } from './TaskFields.tsx'
import type { Task, UserChoice } from './types.ts'
import { useTaskErrors } from './useTaskErrors.ts'

export interface TaskDialogProps {
  /** null: closed. */
  task: Task | null
  users: UserChoice[] | null
  /** Who it is for may be changed (an admin, or the task's author). */
  canAssign: boolean
  onClose: () => void
  onSaved: (task: Task) => void
}

/** The edit dialog: text, date and responsible users. */
export function TaskDialog({ task, users, canAssign, onClose, onSaved }: TaskDialogProps) {
  const { t } = useTranslation()
  const api = useApi()
  const explain = useTaskErrors()
  const { draft, setDraft, errors, setErrors, set, busy, setBusy } = useTaskDraft()

  useEffect(() => {
    if (!task) return
    setDraft({ text: task.text, day: toLocalInput(task.day), userIds: task.userid })
    setErrors({})
  }, [task, setDraft, setErrors])

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (!task) return
    if (!draft.text.trim()) {
      setErrors({ text: t('tasks.validation.text') })
      return
    }
    setBusy(true)
    try {
      const body: Record<string, unknown> = { text: draft.text.trim(), day: fromLocalInput(draft.day) }
      if (canAssign) body.userid = draft.userIds
      const saved = await api.put<Task>(`/tasks/${task.id}`, { body })
      onSaved(saved)
      toast.success(t('tasks.saved'))
      onClose()
    } catch (err) {
      const { field, message } = explain(err)
      if (field) setErrors({ [field]: message })
      else toast.error(message)
    } finally {
      setBusy(false)
    }
  }

  return (
    <FormDialog
      open={task != null}
      busy={busy}
      onClose={onClose}
      onSubmit={submit}
      title={t('tasks.form.editTitle')}
      cancelLabel={t('tasks.form.cancel')}
      submitLabel={t('tasks.form.save')}
    >
      <TaskFields draft={draft} set={set} errors={errors} users={users} canAssign={canAssign} editing />
      <UsersError error={errors.userid} />
    </FormDialog>
  )
}
