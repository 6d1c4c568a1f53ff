import { useRealtime, useSession } from '@atende/client'
import { usePagedList } from '@atende/ui'
import type { QueueIntegration, QueueIntegrationFrame } from './types.ts'
import { byName, matchesSearch } from './validation.ts'

/**
 * GET /api/queueIntegration page by page for one search, kept live by the company's
 * queueIntegration events (administration.md §4 "Live updates"; a delete carries integrationId).
 */
export function useQueueIntegrations(search: string) {
  const { companyId } = useSession()
  const list = usePagedList<QueueIntegration>({
    path: '/queueIntegration',
    key: 'queueIntegrations',
    search,
    compare: byName,
    matches: matchesSearch,
    name: 'integrations',
  })
  const { upsert, remove } = list
  useRealtime<QueueIntegrationFrame>(companyId ? `company-${companyId}-queueIntegration` : null, (frame) => {
    if (!frame || typeof frame !== 'object') return
    if (frame.action === 'delete') {
      if (typeof frame.integrationId === 'number') remove(frame.integrationId)
    } else if (frame.queueIntegration) upsert(frame.queueIntegration)
  })
  return list
}
