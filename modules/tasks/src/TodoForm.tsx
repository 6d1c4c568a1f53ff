import type { FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useSession } from '@atende/client'
import { Button, toast, useSaveRecord } from '@atende/ui'
import { fromLocalInput } from './dates.ts'
import { EMPTY_DRAFT, TaskFields, UsersError, useTaskDraft } from './TaskFields.tsx'
import type { Task, UserChoice } from './types.ts'
import { useTaskRefusal } from './useTaskRefusal.ts'

export interface TodoFormProps {
  users: UserChoice[] | null
  onAdded: (task: Task) => void
}

/** The add row: the task's text, a datetime-local, the responsible users and Add. */
export function TodoForm({ users, onAdded }: TodoFormProps) {
  const { t } = useTranslation()
  const save = useSaveRecord()
  const { user } = useSession()
  const { draft, setDraft, errors, setErrors, set, busy, setBusy } = useTaskDraft()
  const refused = useTaskRefusal(setErrors)
  const { text, day, userIds } = draft

  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (!text.trim()) {
      setErrors({ text: t('tasks.validation.text') })
      return
    }
    if (!user) {
      toast.error(t('tasks.noSessionUser'))
      return
    }
    void save<Task>({
      path: '/tasks',
      body: { text: text.trim(), done: false, day: fromLocalInput(day), userid: userIds.length ? userIds : [user.id] },
      setBusy,
      then: (task) => {
        onAdded(task)
        setDraft(EMPTY_DRAFT)
        setErrors({})
        toast.success(t('tasks.added'))
      },
      failed: refused,
    })
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-start dark:border-slate-700"
    >
      <TaskFields draft={draft} set={set} errors={errors} users={users} />
      <Button type="submit" loading={busy} className="sm:mt-6">
        {t('tasks.add')}
      </Button>
      <UsersError error={errors.userid} className="text-xs text-red-600 sm:col-span-4 dark:text-red-400" />
    </form>
  )
}
