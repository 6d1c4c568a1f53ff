import { usePagedList } from '@atende/ui'
import { byPriority, type Announcement } from './types.ts'

function matches(record: Announcement, search: string) {
  const s = search.trim().toLowerCase()
  return !s || record.title.toLowerCase().includes(s) || record.text.toLowerCase().includes(s)
}

/** GET /api/announcements page by page for one search (the super user sees every one). */
export function useAnnouncements(search: string) {
  return usePagedList<Announcement>({
    path: '/announcements',
    key: 'records',
    search,
    compare: byPriority,
    matches,
    name: 'announcements',
  })
}
