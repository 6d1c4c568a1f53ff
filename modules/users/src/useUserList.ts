import { useLivePagedList } from '@atende/ui'
import type { User, UserEvent } from './types.ts'
import { matchesSearch } from './validation.ts'

/** The user search waits 300 ms after the last keystroke. */
export const USER_SEARCH_DEBOUNCE_MS = 300

const byName = (a: User, b: User) => a.name.localeCompare(b.name) || a.id - b.id

/**
 * GET /api/users page by page for one search, kept live by the company's user events so two
 * admins see each other's changes. `loadMore` is safe to call repeatedly (one request at a time).
 */
export function useUserList(search: string) {
  return useLivePagedList<User, UserEvent>({
    path: '/users',
    key: 'users',
    name: 'users',
    search,
    compare: byName,
    matches: matchesSearch,
    event: 'user',
    apply: (frame, { upsert, remove }) => {
      if (frame.action === 'delete') remove(frame.userId)
      else if (frame.user) upsert(frame.user)
    },
  })
}
