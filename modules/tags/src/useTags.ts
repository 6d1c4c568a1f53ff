import { useLivePagedList } from '@atende/ui'
import type { Tag, TagFrame } from './types.ts'
import { byName, matchesSearch } from './validation.ts'

/** GET /api/tags page by page for one search, kept live by the company's tag events. */
export function useTags(search: string) {
  return useLivePagedList<Tag, TagFrame>({
    path: '/tags',
    key: 'tags',
    search,
    compare: byName,
    matches: matchesSearch,
    name: 'tags',
    event: 'tag',
    apply: (frame, { upsert, remove }) => {
      if (frame.action === 'delete') remove(frame.tagId)
      // 'sync' (a ticket's new tag set) is the kanban board's; counts catch up on the next read.
      else if (frame.action !== 'sync' && frame.tag) upsert(frame.tag)
    },
  })
}
