import { useLivePagedList } from '@atende/ui'
import {
  byName,
  itemMatches,
  listMatches,
  type ContactList,
  type ContactListFrame,
  type ContactListItem,
  type ContactListItemFrame,
} from './types.ts'

/**
 * GET /api/contact-lists (records, hasMore) for the search text, a page at a time, kept live by
 * `company-{id}-ContactList`.
 */
export function useContactLists(search: string) {
  return useLivePagedList<ContactList, ContactListFrame>({
    path: '/contact-lists',
    key: 'records',
    search,
    compare: byName,
    matches: listMatches,
    name: 'contact-lists',
    event: 'ContactList',
  })
}

/**
 * GET /api/contact-list-items (contacts, hasMore) of one list, kept live by
 * `company-{id}-ContactListItem`: rows of this list come and go; an import's `reload` refetches.
 */
export function useContactListItems(contactListId: number, search: string) {
  return useLivePagedList<ContactListItem, ContactListItemFrame>({
    path: '/contact-list-items',
    key: 'contacts',
    search,
    params: { contactListId },
    compare: byName,
    matches: itemMatches,
    name: 'contact-list-items',
    event: 'ContactListItem',
    apply: (frame, { upsert, remove, refresh }) => {
      if (frame.action === 'reload') {
        if (frame.contactListId === contactListId) refresh()
      } else if (frame.action === 'delete') {
        if (typeof frame.id === 'number') remove(frame.id)
      } else if (frame.record?.contactListId === contactListId) upsert(frame.record)
    },
  })
}
