import { useEffect, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { FormDialog, toast, useSaveRecord } from '@atende/ui'
import { fromLocalInput, toLocalInput } from './dates.ts'
import { TaskFields, UsersError, useTaskDraft } from './TaskFields.tsx'
import type { Task, UserChoice } from './types.ts'
import { useTaskRefusal } from './useTaskRefusal.ts'

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
  const save = useSaveRecord()
  const { draft, setDraft, errors, setErrors, set, busy, setBusy } = useTaskDraft()
  const refused = useTaskRefusal(setErrors)

  useEffect(() => {
    if (!task) return
    setDraft({ text: task.text, day: toLocalInput(task.day), userIds: task.userid })
    setErrors({})
  }, [task, setDraft, setErrors])

  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (!task) return
    if (!draft.text.trim()) {
      setErrors({ text: t('tasks.validation.text') })
      return
    }
    const body: Record<string, unknown> = { text: draft.text.trim(), day: fromLocalInput(draft.day) }
    if (canAssign) body.userid = draft.userIds
    void save<Task>({
      path: '/tasks',
      id: task.id,
      body,
      setBusy,
      then: (saved) => {
        onSaved(saved)
        toast.success(t('tasks.saved'))
        onClose()
      },
      failed: refused,
    })
  }

  return (
    <FormDialog open={task != null} busy={busy} onClose={onClose} onSubmit={submit} ns="tasks">
      <TaskFields draft={draft} set={set} errors={errors} users={users} canAssign={canAssign} editing />
      <UsersError error={errors.userid} />
    </FormDialog>
  )
}
