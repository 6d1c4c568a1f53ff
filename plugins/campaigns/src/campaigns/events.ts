import type { Kernel } from '@atende/sdk'
import type { CampaignService } from './service.ts'
import type { CampaignFrame } from './wire.ts'

declare module '@atende/sdk' {
  interface EventMap {
    /**
     * A campaign changed (saved, started, progressed, finished): its row is read fresh for the frame.
     * An admin's change also carries the row after it and, for an update, the row before (for the
     * audit log); the engine's progress carries the id only.
     */
    'campaign.saved': {
      companyId: number
      action: 'create' | 'update'
      campaignId: number
      campaign?: Record<string, unknown>
      before?: Record<string, unknown>
    }
    'campaign.deleted': { companyId: number; campaignId: number }
  }
}

/** `company-{id}-campaign` with create / update / delete. */
export function mapCampaignRealtime(kernel: Kernel, service: CampaignService) {
  const rooms = (companyId: number) => [`company-${companyId}`]
  kernel.realtime.map('campaign.saved', async ({ companyId, action, campaignId }) => {
    const record = await service.get(companyId, campaignId).catch(() => null)
    const data = record && ({ action, record } satisfies CampaignFrame)
    return data ? { rooms: rooms(companyId), event: `company-${companyId}-campaign`, data } : null
  })
  kernel.realtime.map('campaign.deleted', ({ companyId, campaignId }) => ({
    rooms: rooms(companyId),
    event: `company-${companyId}-campaign`,
    data: { action: 'delete', id: campaignId } satisfies CampaignFrame,
  }))
}
