import { useCallback, useMemo, useState } from 'react'
import { useSession } from '@atende/client'

export interface Editing<T> {
  /** The add/edit dialog's `editing` (EditDialogProps): null closed, `{ record: null }` adds, `{ record }` edits. */
  editing: { record: T | null } | null
  add: () => void
  edit: (record: T) => void
  close: () => void
}

/** A list page's add/edit dialog state, with stable openers for its table and header. */
export function useEditing<T>(): Editing<T> {
  const [editing, setEditing] = useState<{ record: T | null } | null>(null)
  const add = useCallback(() => setEditing({ record: null }), [])
  const edit = useCallback((record: T) => setEditing({ record }), [])
  const close = useCallback(() => setEditing(null), [])
  return useMemo(() => ({ editing, add, edit, close }), [editing, add, edit, close])
}

/** The search term of a list page, in the shape ListPage's `search` takes. */
export function useSearchTerm() {
  const [value, onSearch] = useState('')
  return useMemo(() => ({ value, onSearch }), [value])
}

/** Whether the caller may change a record: its author, an admin or the super user. */
export function useAuthorOrAdmin<T extends { userId?: number | null }>() {
  const { user, isAdmin, isSuper } = useSession()
  const userId = user?.id
  return useCallback(
    (row: T) => isAdmin || isSuper || (userId != null && row.userId === userId),
    [isAdmin, isSuper, userId],
  )
}
