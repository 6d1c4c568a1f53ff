import { useRef } from 'react'
import { useRealtime, useSession } from '@atende/client'
import { useLivePagedList } from '@atende/ui'
import type { Task, TaskFrame } from './types.ts'

/** The server's order: by day, dateless last, then id. */
export const byDay = (a: Task, b: Task) => {
  if (a.day !== b.day) {
    if (!a.day) return 1
    if (!b.day) return -1
    const diff = Date.parse(a.day) - Date.parse(b.day)
    if (diff) return diff
  }
  return a.id - b.id
}
const everyTask = () => true

/**
 * GET /api/tasks page by page, kept live by `company-{id}-task` (the server sends a task only to its
 * users and the admins, and a delete to a user taken off it) and by the kernel's user deletes (a
 * deleted user leaves every task).
 */
export function useTasks() {
  const { companyId } = useSession()
  const list = useLivePagedList<Task, TaskFrame>({
    path: '/tasks',
    key: 'tasks',
    search: '',
    compare: byDay,
    matches: everyTask,
    name: 'tasks',
    event: 'task',
    apply: (frame, { upsert, remove }) => {
      if (frame.action === 'delete') remove(frame.id)
      else if (frame.task) upsert(frame.task)
    },
  })
  const { upsert } = list
  const items = useRef(list.items)
  items.current = list.items
  useRealtime<{ action?: string; userId?: number }>(companyId ? `company-${companyId}-user` : null, (frame) => {
    if (frame?.action !== 'delete' || typeof frame.userId !== 'number') return
    const gone = frame.userId
    for (const task of items.current)
      if (task.userid.includes(gone))
        upsert({
          ...task,
          userid: task.userid.filter((id) => id !== gone),
          users: task.users.filter((u) => u.id !== gone),
        })
  })
  return list
}
