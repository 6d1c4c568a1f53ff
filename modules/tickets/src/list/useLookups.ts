import { useEffect, useState } from 'react'
import { useApi } from '@atende/client'

export interface QueueOption {
  id: number
  name: string
  color: string
}
export interface TagOption {
  id: number
  name: string
  color: string
}
export interface UserOption {
  id: number
  name: string
}
export interface ConnectionOption {
  id: number
  name: string
  isDefault: boolean
  status: string
}

/** A lookup list read when `path` is set; [] when it fails (the filter is simply empty). Shared by the list and the chat. */
function useLookup<T>(path: string | null): T[] {
  const api = useApi()
  const [items, setItems] = useState<T[]>([])
  useEffect(() => {
    if (!path) return
    const ctrl = new AbortController()
    api.get<T[]>(path, { signal: ctrl.signal }).then(
      (list) => setItems(Array.isArray(list) ? list : []),
      (err) => {
        if (!ctrl.signal.aborted) console.warn(`[tickets] ${path} failed`, err)
      },
    )
    return () => ctrl.abort()
  }, [api, path])
  return items
}

/** The viewer's queues (admins: all of the company's). */
export function useQueues(admin: boolean, queueIds: number[]): QueueOption[] {
  const all = useAllQueues(true)
  return admin ? all : all.filter((q) => queueIds.includes(q.id))
}

/** The lists below load while `enabled` (a tab, a dialog open), again each time it turns on. */
export const useAllQueues = (enabled: boolean) => useLookup<QueueOption>(enabled ? '/queue' : null)

export const useTags = (enabled: boolean) => useLookup<TagOption>(enabled ? '/tags/list' : null)
export const useUsers = (enabled: boolean) => useLookup<UserOption>(enabled ? '/users/list' : null)
export const useConnections = (enabled: boolean) => useLookup<ConnectionOption>(enabled ? '/whatsapp' : null)
