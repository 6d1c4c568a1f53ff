import { useEffect, useMemo, useState } from 'react'
import { useApi, useSession } from '@atende/client'
import type { Me } from './rules.ts'

interface UserMe {
  id: number
  name: string
  profile: 'admin' | 'user'
  super: boolean
  allTicket: string
  queueIds: number[]
  whatsappId: number | null
}

/**
 * The viewer for the list rules: the stored session at once, then GET /users/me, since queues and
 * allTicket may have changed since login ("if allTicket is undefined, the user is re-fetched").
 */
export function useMe() {
  const api = useApi()
  const { user } = useSession()
  const [fresh, setFresh] = useState<UserMe | null>(null)
  useEffect(() => {
    if (!user) return
    const ctrl = new AbortController()
    api.get<UserMe>('/users/me', { signal: ctrl.signal }).then(setFresh, (err) => {
      if (!ctrl.signal.aborted) console.warn('[tickets] /users/me failed', err)
    })
    return () => ctrl.abort()
  }, [api, user])

  return useMemo(() => {
    const src = fresh ?? user
    if (!src) return { me: null, name: '', whatsappId: null as number | null }
    const me: Me = {
      id: src.id,
      admin: src.profile === 'admin' || src.super === true,
      queueIds: (src.queueIds as number[] | undefined) ?? [],
      allTicket: src.allTicket === 'enabled',
    }
    return { me, name: src.name, whatsappId: (src.whatsappId as number | null | undefined) ?? null }
  }, [fresh, user])
}
