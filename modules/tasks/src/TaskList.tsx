import { useTranslation } from 'react-i18next'
import { EditIcon, TrashIcon, cx } from '@atende/ui'
import { dayKey, formatDateTime, formatDay } from './dates.ts'
import type { Task } from './types.ts'

export interface TaskListProps {
  tasks: Task[]
  /** Ids whose done box is being saved. */
  toggling: ReadonlySet<number>
  canDelete: (task: Task) => boolean
  onToggle: (task: Task) => void
  onEdit: (task: Task) => void
  onDelete: (task: Task) => void
}

interface Group {
  key: string
  title: string
  tasks: Task[]
}

/** Tasks (already in the server's order) grouped by their local day; dateless ones last, under "No date". */
function groupByDay(tasks: Task[], noDate: string): Group[] {
  const groups: Group[] = []
  for (const task of tasks) {
    const key = dayKey(task.day) ?? 'none'
    let group = groups.find((g) => g.key === key)
    if (!group) {
      group = { key, title: task.day ? formatDay(new Date(task.day)) : noDate, tasks: [] }
      groups.push(group)
    }
    group.tasks.push(task)
  }
  return groups
}

/** The list: per day a heading, per task its done box, date, last update and users. */
export function TaskList({ tasks, toggling, canDelete, onToggle, onEdit, onDelete }: TaskListProps) {
  const { t } = useTranslation()
  return (
    <div className="flex flex-col gap-4" data-testid="task-list">
      {groupByDay(tasks, t('tasks.noDate')).map((group) => (
        <section key={group.key} aria-labelledby={`tasks-day-${group.key}`} data-testid="task-group">
          <h2 id={`tasks-day-${group.key}`} className="mb-2 text-sm font-semibold text-slate-600 dark:text-slate-300">
            {group.title}
          </h2>
          <ul className="flex flex-col divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-700 dark:border-slate-700">
            {group.tasks.map((task) => (
              <li key={task.id} data-testid="task-item" data-done={task.done} className="flex items-start gap-3 p-3">
                <input
                  type="checkbox"
                  className="mt-1 h-4 w-4 shrink-0"
                  checked={task.done}
                  disabled={toggling.has(task.id)}
                  onChange={() => onToggle(task)}
                  aria-label={t(task.done ? 'tasks.markUndone' : 'tasks.markDone', { text: task.text })}
                />
                <div className="min-w-0 flex-1">
                  <p
                    data-testid="task-text"
                    className={cx(
                      'break-words text-sm font-medium',
                      task.done && 'text-slate-500 line-through dark:text-slate-400',
                    )}
                  >
                    {task.text}
                  </p>
                  <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-500 dark:text-slate-400">
                    <span>{task.day ? t('tasks.date', { date: formatDateTime(task.day) }) : t('tasks.noDate')}</span>
                    <span>{t('tasks.updatedAt', { date: formatDateTime(task.updatedAt) })}</span>
                    <span data-testid="task-users">
                      {t('tasks.responsible', {
                        names: task.users.length ? task.users.map((u) => u.name).join(', ') : t('tasks.nobody'),
                      })}
                    </span>
                  </p>
                </div>
                <div className="flex shrink-0 gap-1">
                  <button
                    type="button"
                    onClick={() => onEdit(task)}
                    aria-label={t('tasks.edit', { text: task.text })}
                    title={t('tasks.edit', { text: task.text })}
                    className="rounded p-1.5 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-700"
                  >
                    <EditIcon className="h-4 w-4" />
                  </button>
                  {canDelete(task) && (
                    <button
                      type="button"
                      onClick={() => onDelete(task)}
                      aria-label={t('tasks.delete', { text: task.text })}
                      title={t('tasks.delete', { text: task.text })}
                      className="rounded p-1.5 text-red-700 hover:bg-red-50 dark:text-red-400 dark:hover:bg-slate-700"
                    >
                      <TrashIcon className="h-4 w-4" />
                    </button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  )
}
