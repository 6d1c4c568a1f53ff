import type { Kernel } from '@atende/sdk'
import type { QueueIntegration } from './schemas.ts'
import type { QueueIntegrationFrame } from './api.ts'

declare module '@atende/sdk' {
  interface EventMap {
    'integration.saved': { companyId: number; action: 'create' | 'update'; integration: QueueIntegration }
    'integration.deleted': { companyId: number; integrationId: number }
  }
}

/** The list follows company events; a delete carries integrationId. */
export function mapRealtime(kernel: Kernel) {
  const room = (companyId: number) => [`company-${companyId}`]
  kernel.realtime.map('integration.saved', (p) => ({
    rooms: room(p.companyId),
    event: `company-${p.companyId}-queueIntegration`,
    // Every socket of the company hears it: the signing key stays out (admins read it from the API).
    data: { action: p.action, queueIntegration: { ...p.integration, secret: '' } } satisfies QueueIntegrationFrame,
  }))
  kernel.realtime.map('integration.deleted', (p) => ({
    rooms: room(p.companyId),
    event: `company-${p.companyId}-queueIntegration`,
    data: { action: 'delete', integrationId: p.integrationId } satisfies QueueIntegrationFrame,
  }))
}
