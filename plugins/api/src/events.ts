/**
 * Token events on the bus and their frames: `company-{id}-apiToken` ({ action: 'create'|'update',
 * apiToken }) to the company's admins only (the screen is theirs). Frames carry the preview, never
 * the secret. Every process hears `apiToken.saved` (the bus is bridged), which is how a revocation
 * reaches their token caches.
 */
import type { Kernel } from '@atende/sdk'
import type { ApiToken } from './api.ts'

declare module '@atende/sdk' {
  interface EventMap {
    'apiToken.saved': { companyId: number; action: 'create' | 'update'; apiToken: ApiToken }
  }
}

export function mapRealtime(kernel: Kernel) {
  kernel.realtime.map('apiToken.saved', async ({ companyId, action, apiToken }) => ({
    rooms: (await kernel.accounts.members(companyId))
      .filter((m) => m.profile === 'admin' || m.super)
      .map((m) => `user-${m.id}`),
    event: `company-${companyId}-apiToken`,
    data: { action, apiToken },
  }))
}
