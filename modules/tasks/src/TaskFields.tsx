import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { TextField, UsersSelect } from '@atende/ui'
import { TEXT_MAX } from './limits.ts'
import type { UserChoice } from './types.ts'
import type { TaskField } from './useTaskErrors.ts'

export interface TaskDraft {
  text: string
  day: string
  userIds: number[]
}
export const EMPTY_DRAFT: TaskDraft = { text: '', day: '', userIds: [] }

/** A task being written (add row or edit dialog): its fields and their errors; a change clears its error. */
export function useTaskDraft() {
  const [draft, setDraft] = useState<TaskDraft>(EMPTY_DRAFT)
  const [errors, setErrors] = useState<Partial<Record<TaskField, string>>>({})
  const [busy, setBusy] = useState(false)
  const set = <K extends keyof TaskDraft>(key: K, value: TaskDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }))
    setErrors((e) => ({ ...e, [key === 'userIds' ? 'userid' : key]: undefined }))
  }
  return { draft, setDraft, errors, setErrors, set, busy, setBusy }
}

/** The task's text, date and time, and responsible users; the add row and the edit dialog share them. */
export function TaskFields(p: {
  draft: TaskDraft
  set: ReturnType<typeof useTaskDraft>['set']
  errors: Partial<Record<TaskField, string>>
  users: UserChoice[] | null
  /** The edit dialog: focus the text; the add row: a placeholder instead. */
  editing?: boolean
  /** Who it is for may be changed (an admin, or the task's author). */
  canAssign?: boolean
}) {
  const { t } = useTranslation()
  const canAssign = p.canAssign ?? true
  return (
    <>
      <TextField
        label={t('tasks.form.text')}
        placeholder={p.editing ? undefined : t('tasks.form.textPlaceholder')}
        autoFocus={p.editing}
        value={p.draft.text}
        maxLength={TEXT_MAX}
        onChange={(v) => p.set('text', v)}
        error={p.errors.text}
      />
      <TextField
        label={t('tasks.form.day')}
        type="datetime-local"
        value={p.draft.day}
        onChange={(v) => p.set('day', v)}
        error={p.errors.day}
      />
      <UsersSelect
        texts={{ none: t('tasks.form.usersNone'), loading: t('tasks.loading'), empty: t('tasks.form.noUsers') }}
        label={t('tasks.form.users')}
        users={p.users}
        value={p.draft.userIds}
        onChange={(ids) => p.set('userIds', ids)}
        disabled={!canAssign}
        hint={canAssign ? undefined : t('tasks.form.usersLocked')}
      />
    </>
  )
}

/** A refusal of the users field, under the fields. */
export function UsersError({ error, className }: { error?: string; className?: string }) {
  return error ? (
    <p role="alert" className={className ?? 'text-xs text-red-600 dark:text-red-400'}>
      {error}
    </p>
  ) : null
}
