import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useApi, useSession } from '@atende/client'
import { Button, ConfirmDialog, EmptyState, ErrorCard, Loading, toast, useErrorToast } from '@atende/ui'
import { TaskDialog } from './TaskDialog.tsx'
import { TaskList } from './TaskList.tsx'
import { TodoForm } from './TodoForm.tsx'
import type { Task } from './types.ts'
import { useTasks } from './useTasks.ts'
import { useUsers } from './useUsers.ts'
import './index.css'

/**
 * /todolist (core.md §2 Todo list, §4 Task): add a task, tick it done, edit or delete it; grouped by
 * day. Admins see all the company's tasks, everyone else the tasks assigned to them (the server
 * decides; the socket keeps every open screen in step).
 */
export default function TodoListPage() {
  const { t } = useTranslation()
  const api = useApi()
  const { user, isAdmin, isSuper } = useSession()
  const showError = useErrorToast()
  const list = useTasks()
  const { upsert, remove } = list
  const users = useUsers()
  const [editing, setEditing] = useState<Task | null>(null)
  const [deleting, setDeleting] = useState<Task | null>(null)
  const [busy, setBusy] = useState(false)
  const [toggling, setToggling] = useState<ReadonlySet<number>>(new Set())

  const seesAll = isAdmin || isSuper
  const userId = user?.id
  const canChange = useCallback((task: Task) => seesAll || task.createdBy === userId, [seesAll, userId])

  const toggle = async (task: Task) => {
    setToggling((s) => new Set(s).add(task.id))
    try {
      upsert(await api.put<Task>(`/tasks/${task.id}`, { body: { done: !task.done } }))
    } catch (err) {
      showError(err)
    } finally {
      setToggling((s) => {
        const next = new Set(s)
        next.delete(task.id)
        return next
      })
    }
  }

  const confirmDelete = async () => {
    if (!deleting) return
    setBusy(true)
    try {
      await api.delete(`/tasks/${deleting.id}`)
      remove(deleting.id)
      toast.success(t('tasks.deleted'))
    } catch (err) {
      showError(err)
    } finally {
      setBusy(false)
      setDeleting(null)
    }
  }

  return (
    <section className="flex h-full min-h-[420px] flex-col gap-4 overflow-y-auto p-3 sm:p-6">
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="mr-auto text-xl font-semibold">
          {t('tasks.title')}
          {list.status === 'ready' && (
            <span className="ml-2 text-sm font-normal text-slate-500 dark:text-slate-400" data-testid="tasks-count">
              {t('tasks.count', { count: list.count })}
            </span>
          )}
        </h1>
      </header>

      <TodoForm users={users} onAdded={upsert} />

      {list.status === 'error' ? (
        <ErrorCard
          title={t('tasks.loadError')}
          action={
            <Button variant="secondary" onClick={list.reload}>
              {t('tasks.retry')}
            </Button>
          }
        />
      ) : list.status === 'loading' ? (
        <Loading label={t('tasks.loading')} />
      ) : list.items.length === 0 ? (
        <EmptyState title={t('tasks.empty')} description={t(seesAll ? 'tasks.emptyAdmin' : 'tasks.emptyUser')} />
      ) : (
        <>
          <TaskList
            tasks={list.items}
            toggling={toggling}
            canDelete={canChange}
            onToggle={(task) => void toggle(task)}
            onEdit={setEditing}
            onDelete={setDeleting}
          />
          {list.hasMore && (
            <div className="flex justify-center">
              <Button variant="secondary" loading={list.loadingMore} onClick={list.loadMore}>
                {list.moreFailed ? t('tasks.retry') : t('tasks.loadMore')}
              </Button>
            </div>
          )}
        </>
      )}

      <TaskDialog
        task={editing}
        users={users}
        canAssign={editing ? canChange(editing) : false}
        onClose={() => setEditing(null)}
        onSaved={upsert}
      />
      <ConfirmDialog
        open={!!deleting}
        danger
        loading={busy}
        onClose={() => {
          if (!busy) setDeleting(null)
        }}
        onConfirm={() => void confirmDelete()}
        title={t('tasks.confirm.title')}
        confirmLabel={t('tasks.confirm.yes')}
        cancelLabel={t('tasks.confirm.no')}
      >
        {t('tasks.confirm.body', { text: deleting?.text ?? '' })}
      </ConfirmDialog>
    </section>
  )
}
