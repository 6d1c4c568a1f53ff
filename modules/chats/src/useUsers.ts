import { useEffect, useState } from 'react'
import { isAbortError, useApi } from '@atende/client'
import type { UserChoice } from './types.ts'

/** The company's users to pick as members (GET /api/users/list); [] when the read fails, null while loading. */
export function useUsers(enabled: boolean): UserChoice[] | null {
  const api = useApi()
  const [users, setUsers] = useState<UserChoice[] | null>(null)
  useEffect(() => {
    if (!enabled) return
    const ctrl = new AbortController()
    api
      .get<UserChoice[]>('/users/list', { signal: ctrl.signal })
      .then((list) => setUsers(list.map((u) => ({ id: u.id, name: u.name }))))
      .catch((err) => {
        if (isAbortError(err) || ctrl.signal.aborted) return
        setUsers([])
      })
    return () => ctrl.abort()
  }, [api, enabled])
  return users
}
