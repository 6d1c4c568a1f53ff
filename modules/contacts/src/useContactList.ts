import { useMemo, useState } from 'react'
import { useLivePagedList } from '@atende/ui'
import type { Contact, ContactFilters, ContactFrame, ContactsPage } from './types.ts'
import { byName, dayRange, effectiveSearch, matchesFilters } from './validation.ts'

/**
 * Contacts' rules for the kit's paged list: the server's order, and its filters (search and
 * creation dates) carried to `matches` as one JSON key, so live changes land where the server would put them.
 */
interface FilterKey {
  search: string
  start?: string
  end?: string
}
const matches = (c: Contact, key: string) => {
  const f = JSON.parse(key) as FilterKey
  return matchesFilters(c, f.search, f)
}

/**
 * GET /api/contacts page by page for one set of filters (search from 3 characters, creation dates),
 * kept live by the company's contact events: creates and edits placed by name, deletes removed, a
 * bulk import reloads page 1. A change of filters starts over from page 1. The count comes with
 * page 1 (capped by the server: `countCapped`).
 */
export function useContactList(filters: ContactFilters) {
  const [countCapped, setCountCapped] = useState(false)
  const search = effectiveSearch(filters.search)
  const range = useMemo(() => dayRange(filters.from, filters.to), [filters.from, filters.to])
  const list = useLivePagedList<Contact, ContactFrame>({
    path: '/contacts',
    key: 'contacts',
    name: 'contacts',
    search,
    params: { dateStart: range.start, dateEnd: range.end },
    matchKey: JSON.stringify({ search, ...range } satisfies FilterKey),
    compare: byName,
    matches,
    onPage: (answer, page) => {
      if (page === 1) setCountCapped(!!(answer as Partial<ContactsPage>).countCapped)
    },
    event: 'contact',
    apply: (frame, { upsert, remove, refresh }) => {
      if (frame.action === 'delete') remove(frame.contactId)
      // A bulk import: page 1 again, without emptying the screen first.
      else if (frame.action === 'reload') refresh()
      else if (frame.contact) upsert(frame.contact)
    },
  })

  return { ...list, contacts: list.items, countCapped }
}
