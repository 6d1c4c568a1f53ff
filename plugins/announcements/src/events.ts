/**
 * The announcement event this plugin adds to the bus, and how it reaches sockets: announcements are
 * the platform's, so one change becomes a `company-{id}-announcement` frame in every company's
 * `company-{id}` room (the company ids read when the event is mapped, so a company made a second
 * ago is reached too). An active announcement created or changed comes whole; a deleted or
 * deactivated one as `{ action: 'delete', id }`: readers never receive an inactive one.
 */
import type { Kernel, RealtimeDelivery } from '@atende/sdk'
import type { Announcement, AnnouncementFrame } from './api.ts'

declare module '@atende/sdk' {
  interface EventMap {
    'announcement.saved': { action: 'create' | 'update' | 'delete'; id: number; record: Announcement | null }
  }
}

export function mapRealtime(kernel: Kernel) {
  kernel.realtime.map('announcement.saved', async ({ action, id, record }) => {
    const data: AnnouncementFrame = action === 'delete' || !record ? { action: 'delete', id } : { action, record }
    const companyIds: number[] = (await kernel.db('companies').pluck('id')).map(Number)
    return companyIds.map((companyId): RealtimeDelivery => ({
      companyId,
      rooms: [`company-${companyId}`],
      event: `company-${companyId}-announcement`,
      data,
    }))
  })
}
