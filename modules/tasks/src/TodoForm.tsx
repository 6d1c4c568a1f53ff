import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useApi, useSession } from '@atende/client'
import { Button, TextField, toast, UsersSelect } from '@atende/ui'
import { fromLocalInput } from './dates.ts'
import { TEXT_MAX } from './limits.ts'
import type { Task, UserChoice } from './types.ts'
import { useTaskErrors, type TaskField } from './useTaskErrors.ts'

export interface TodoFormProps {
  users: UserChoice[] | null
  onAdded: (task: Task) => void
}

/** The add row (core.md §2 Todo list): the task's text, a datetime-local, the responsible users and Add. */
export function TodoForm({ users, onAdded }: TodoFormProps) {
  const { t } = useTranslation()
  const api = useApi()
  const { user } = useSession()
  const explain = useTaskErrors()
  const [text, setText] = useState('')
  const [day, setDay] = useState('')
  const [userIds, setUserIds] = useState<number[]>([])
  const [errors, setErrors] = useState<Partial<Record<TaskField, string>>>({})
  const [busy, setBusy] = useState(false)

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (!text.trim()) {
      setErrors({ text: t('tasks.validation.text') })
      return
    }
    if (!user) {
      toast.error(t('tasks.noSessionUser'))
      return
    }
    setBusy(true)
    try {
      const task = await api.post<Task>('/tasks', {
        body: {
          text: text.trim(),
          done: false,
          day: fromLocalInput(day),
          userid: userIds.length ? userIds : [user.id],
        },
      })
      onAdded(task)
      setText('')
      setDay('')
      setUserIds([])
      setErrors({})
      toast.success(t('tasks.added'))
    } catch (err) {
      const { field, message } = explain(err)
      if (field) setErrors({ [field]: message })
      else toast.error(message)
    } finally {
      setBusy(false)
    }
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-start dark:border-slate-700"
    >
      <TextField
        label={t('tasks.form.text')}
        placeholder={t('tasks.form.textPlaceholder')}
        value={text}
        maxLength={TEXT_MAX}
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
      />
      <Button type="submit" loading={busy} className="sm:mt-6">
        {t('tasks.add')}
      </Button>
      {errors.userid && (
        <p role="alert" className="text-xs text-red-600 sm:col-span-4 dark:text-red-400">
          {errors.userid}
        </p>
      )}
    </form>
  )
}
