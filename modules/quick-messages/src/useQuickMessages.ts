import { useRealtime, useSession } from '@atende/client'
import { usePagedList } from '@atende/ui'
import type { QuickMessage, QuickMessageFrame } from './types.ts'
import { byShortcode, matchesSearch } from './validation.ts'

/**
 * GET /api/quick-messages page by page for one search, kept live by the company's quick-message
 * events (the server sends a private message's events to its author only).
 */
export function useQuickMessages(search: string) {
  const { companyId } = useSession()
  const list = usePagedList<QuickMessage>({
    path: '/quick-messages',
    key: 'records',
    search,
    compare: byShortcode,
    matches: matchesSearch,
    name: 'quick-messages',
  })
  const { upsert, remove } = list
  useRealtime<QuickMessageFrame>(companyId ? `company-${companyId}-quickemessage` : null, (frame) => {
    if (!frame || typeof frame !== 'object') return
    if (frame.action === 'delete') remove(frame.id)
    else if (frame.record) upsert(frame.record)
  })
  return list
}
