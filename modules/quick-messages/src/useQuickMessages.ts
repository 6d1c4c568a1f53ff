import { useLivePagedList } from '@atende/ui'
import type { QuickMessage, QuickMessageFrame } from './types.ts'
import { byShortcode, matchesSearch } from './validation.ts'

/**
 * GET /api/quick-messages page by page for one search, kept live by the company's quick-message
 * events (the server sends a private message's events to its author only).
 */
export function useQuickMessages(search: string) {
  return useLivePagedList<QuickMessage, QuickMessageFrame>({
    path: '/quick-messages',
    key: 'records',
    search,
    compare: byShortcode,
    matches: matchesSearch,
    name: 'quick-messages',
    event: 'quickemessage',
  })
}
