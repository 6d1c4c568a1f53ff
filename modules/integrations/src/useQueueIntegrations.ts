import { useLivePagedList } from '@atende/ui'
import type { QueueIntegration, QueueIntegrationFrame } from './types.ts'
import { byName, matchesSearch } from './validation.ts'

/**
 * GET /api/queueIntegration page by page for one search, kept live by the company's
 * queueIntegration events (a delete carries integrationId).
 */
export function useQueueIntegrations(search: string) {
  return useLivePagedList<QueueIntegration, QueueIntegrationFrame>({
    path: '/queueIntegration',
    key: 'queueIntegrations',
    search,
    compare: byName,
    matches: matchesSearch,
    name: 'integrations',
    event: 'queueIntegration',
    apply: (frame, { upsert, remove }) => {
      if (frame.action === 'delete') {
        if (typeof frame.integrationId === 'number') remove(frame.integrationId)
      } else if (frame.queueIntegration) upsert(frame.queueIntegration)
    },
  })
}
