import { useRealtime, useSession } from '@atende/client'
import { usePagedList } from '@atende/ui'
import type { __Entity__, __Entity__Frame } from '@atende/plugin-__name__/api'

/** The server's order (name, then id) and search (name or description), for rows changed in place. */
const byName = (a: __Entity__, b: __Entity__) => a.name.localeCompare(b.name) || a.id - b.id
function matches(record: __Entity__, search: string) {
  const s = search.trim().toLowerCase()
  return !s || record.name.toLowerCase().includes(s) || record.description.toLowerCase().includes(s)
}

/** GET /api/__name__ page by page for one search, kept live by the company's `__name__` frames. */
export function use__Name__(search: string) {
  const { companyId } = useSession()
  const list = usePagedList<__Entity__>({ path: '/__name__', key: 'records', search, compare: byName, matches, name: '__name__' })
  const { upsert, remove } = list
  useRealtime<__Entity__Frame>(companyId ? `company-${companyId}-__name__` : null, (frame) => {
    if (frame.action === 'delete') remove(frame.id)
    else upsert(frame.record)
  })
  return list
}
