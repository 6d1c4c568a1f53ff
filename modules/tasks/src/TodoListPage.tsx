import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useApi, useSession } from '@atende/client'
import { Button, ListPage, useConfirmDelete, useErrorToast, useUserChoices } from '@atende/ui'
import { TaskDialog } from './TaskDialog.tsx'
import { TaskList } from './TaskList.tsx'
import { TodoForm } from './TodoForm.tsx'
import type { Task } from './types.ts'
import { useTasks } from './useTasks.ts'

import './index.css'

/**
 * /todolist: add a task, tick it done, edit or delete it; grouped by
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
  const users = useUserChoices()
  const [editing, setEditing] = useState<Task | null>(null)
  const del = useConfirmDelete<Task>({
    ns: 'tasks',
    path: (task) => `/tasks/${task.id}`,
    onDeleted: (task) => remove(task.id),
    titleValues: (task) => ({ text: task.text }),
  })
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

  return (
    <ListPage
      ns="tasks"
      list={list}
      className="gap-4 overflow-y-auto"
      intro={<TodoForm users={users} onAdded={upsert} />}
      emptyDescription={t(seesAll ? 'tasks.emptyAdmin' : 'tasks.emptyUser')}
      table={
        <>
          <TaskList
            tasks={list.items}
            toggling={toggling}
            canDelete={canChange}
            onToggle={(task) => void toggle(task)}
            onEdit={setEditing}
            onDelete={del.ask}
          />
          {list.hasMore && (
            <div className="flex justify-center">
              <Button variant="secondary" loading={list.loadingMore} onClick={list.loadMore}>
                {list.moreFailed ? t('tasks.retry') : t('tasks.loadMore')}
              </Button>
            </div>
          )}
        </>
      }
    >
      <TaskDialog
        task={editing}
        users={users}
        canAssign={editing ? canChange(editing) : false}
        onClose={() => setEditing(null)}
        onSaved={upsert}
      />
      {del.dialog}
    </ListPage>
  )
}
