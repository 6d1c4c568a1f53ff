import { useEffect, useState } from 'react'
import { isAbortError, useApi } from '@atende/client'
import type { UserChoice } from './types.ts'

/** The company's users to pick as responsible (GET /api/users/list); [] when the read fails. null while loading. */
export function useUsers(): UserChoice[] | null {
  const api = useApi()
  const [users, setUsers] = useState<UserChoice[] | null>(null)
  useEffect(() => {
    const ctrl = new AbortController()
    api
      .get<UserChoice[]>('/users/list', { signal: ctrl.signal })
      .then((list) => setUsers(list.map((u) => ({ id: u.id, name: u.name }))))
      .catch((err) => {
        if (isAbortError(err) || ctrl.signal.aborted) return
        console.error('[tasks] users failed', err)
        setUsers([])
      })
    return () => ctrl.abort()
  }, [api])
  return users
}
