/**
 * The task events this plugin adds to the bus, and how they reach sockets: `company-{id}-task`
 * ({ action: 'create'|'update', task } / { action: 'delete', id }). A task goes only to the user
 * rooms of those who may see it: its responsible users and the company's admins (tasks:all). A user
 * taken off a task gets a delete frame for it.
 */
import type { Kernel, RealtimeDelivery } from '@atende/sdk'
import { ALL_PERMISSION, type Task } from './api.ts'

declare module '@atende/sdk' {
  interface EventMap {
    'task.created': { companyId: number; task: Task }
    /** `previousUserIds`: who it was for before this change (those no longer on it drop it). */
    'task.updated': { companyId: number; task: Task; previousUserIds: number[] }
    'task.deleted': { companyId: number; id: number; userIds: number[] }
  }
}

const rooms = (ids: Iterable<number>) => [...new Set(ids)].map((id) => `user-${id}`)

export function mapRealtime(kernel: Kernel) {
  const event = (companyId: number) => `company-${companyId}-task`
  /** Read at each frame (tasks change seldom): a user promoted or demoted meanwhile is seen at once. */
  const seeAll = async (companyId: number) =>
    (await kernel.accounts.members(companyId))
      .filter((m) => kernel.permissions.has({ profile: m.profile, super: m.super }, ALL_PERMISSION))
      .map((m) => m.id)

  kernel.realtime.map('task.created', async ({ companyId, task }) => ({
    rooms: rooms([...task.userid, ...(await seeAll(companyId))]),
    event: event(companyId),
    data: { action: 'create', task },
  }))

  kernel.realtime.map('task.updated', async ({ companyId, task, previousUserIds }) => {
    const admins = await seeAll(companyId)
    const out: RealtimeDelivery[] = [
      { rooms: rooms([...task.userid, ...admins]), event: event(companyId), data: { action: 'update', task } },
    ]
    const gone = previousUserIds.filter((id) => !task.userid.includes(id) && !admins.includes(id))
    if (gone.length) out.push({ rooms: rooms(gone), event: event(companyId), data: { action: 'delete', id: task.id } })
    return out
  })

  kernel.realtime.map('task.deleted', async ({ companyId, id, userIds }) => ({
    rooms: rooms([...userIds, ...(await seeAll(companyId))]),
    event: event(companyId),
    data: { action: 'delete', id },
  }))
}
