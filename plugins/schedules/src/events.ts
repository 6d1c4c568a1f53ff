import type { Kernel } from '@atende/sdk'
import type { Schedule, ScheduleFrame } from './api.ts'

declare module '@atende/sdk' {
  interface EventMap {
    /** A schedule was created or changed (edited, sent, failed): its row is read fresh for the frame. */
    'schedule.saved': { companyId: number; action: 'create' | 'update'; scheduleId: number }
    'schedule.deleted': { companyId: number; scheduleId: number }
  }
}

/** `company-{id}-schedule` with create / update / delete, to the company's room. */
export function mapScheduleRealtime(kernel: Kernel, read: (companyId: number, id: number) => Promise<Schedule>) {
  const rooms = (companyId: number) => [`company-${companyId}`]
  kernel.realtime.map('schedule.saved', async ({ companyId, action, scheduleId }) => {
    const schedule = await read(companyId, scheduleId).catch(() => null)
    return schedule
      ? {
          rooms: rooms(companyId),
          event: `company-${companyId}-schedule`,
          data: { action, schedule } satisfies ScheduleFrame,
        }
      : null
  })
  kernel.realtime.map('schedule.deleted', ({ companyId, scheduleId }) => ({
    rooms: rooms(companyId),
    event: `company-${companyId}-schedule`,
    data: { action: 'delete', id: scheduleId } satisfies ScheduleFrame,
  }))
}
