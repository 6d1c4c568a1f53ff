import { usePagedList } from '@atende/ui'
import type { __Entity__ } from '@atende/plugin-__name__/api'

/** The server's order (name, then id) and search (name or description), for rows changed in place. */
const byName = (a: __Entity__, b: __Entity__) => a.name.localeCompare(b.name) || a.id - b.id
function matches(record: __Entity__, search: string) {
  const s = search.trim().toLowerCase()
  return !s || record.name.toLowerCase().includes(s) || record.description.toLowerCase().includes(s)
}

/** GET /api/__name__ page by page for one search. */
export function use__Name__(search: string) {
  return usePagedList<__Entity__>({ path: '/__name__', key: 'records', search, compare: byName, matches, name: '__name__' })
}
