import { useEffect, useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useApi } from '@atende/client'
import { Button, Dialog, TextField, toast, UsersSelect } from '@atende/ui'
import { fromLocalInput, toLocalInput } from './dates.ts'
import { TEXT_MAX } from './limits.ts'
import type { Task, UserChoice } from './types.ts'
import { useTaskErrors, type TaskField } from './useTaskErrors.ts'

export interface TaskDialogProps {
  /** null: closed. */
  task: Task | null
  users: UserChoice[] | null
  /** Who it is for may be changed (an admin, or the task's author). */
  canAssign: boolean
  onClose: () => void
  onSaved: (task: Task) => void
}

/** The edit dialog (core.md §4 Task, edit mode): text, date and responsible users. */
export function TaskDialog({ task, users, canAssign, onClose, onSaved }: TaskDialogProps) {
  const { t } = useTranslation()
  const api = useApi()
  const formId = useId()
  const explain = useTaskErrors()
  const [text, setText] = useState('')
  const [day, setDay] = useState('')
  const [userIds, setUserIds] = useState<number[]>([])
  const [errors, setErrors] = useState<Partial<Record<TaskField, string>>>({})
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    if (!task) return
    setText(task.text)
    setDay(toLocalInput(task.day))
    setUserIds(task.userid)
    setErrors({})
  }, [task])

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (!task) return
    if (!text.trim()) {
      setErrors({ text: t('tasks.validation.text') })
      return
    }
    setBusy(true)
    try {
      const body: Record<string, unknown> = { text: text.trim(), day: fromLocalInput(day) }
      if (canAssign) body.userid = userIds
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
    <Dialog
      open={task != null}
      onClose={() => {
        if (!busy) onClose()
      }}
      title={t('tasks.form.editTitle')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('tasks.form.cancel')}
          </Button>
          <Button type="submit" form={formId} loading={busy}>
            {t('tasks.form.save')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="flex flex-col gap-4">
        <TextField
          label={t('tasks.form.text')}
          value={text}
          maxLength={TEXT_MAX}
          autoFocus
          onChange={(v) => {
            setText(v)
            setErrors((x) => ({ ...x, text: undefined }))
          }}
          error={errors.text}
        />
        <TextField
          label={t('tasks.form.day')}
          type="datetime-local"
          value={day}
          onChange={(v) => {
            setDay(v)
            setErrors((x) => ({ ...x, day: undefined }))
          }}
          error={errors.day}
        />
        <UsersSelect
          texts={{ none: t('tasks.form.usersNone'), loading: t('tasks.loading'), empty: t('tasks.form.noUsers') }}
          label={t('tasks.form.users')}
          users={users}
          value={userIds}
          onChange={setUserIds}
          disabled={!canAssign}
          hint={canAssign ? undefined : t('tasks.form.usersLocked')}
        />
        {errors.userid && (
          <p role="alert" className="text-xs text-red-600 dark:text-red-400">
            {errors.userid}
          </p>
        )}
      </form>
    </Dialog>
  )
}
