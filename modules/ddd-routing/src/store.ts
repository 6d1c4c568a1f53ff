import { useSyncExternalStore } from 'react'
import type { ApiClient } from '@atende/client'
import type { DddRoute } from '@atende/plugin-ddd-routing/api'

/**
 * What the users screen's contributions share: whether the company has DDD routing on
 * (dddRoutingEnabled) and every user's DDDs. One module-level store, so the
 * column, each row's button and the dialog read one load (two requests per visit to the screen)
 * and see each other's changes.
 */
export interface DddState {
  status: 'idle' | 'loading' | 'ready' | 'error'
  enabled: boolean
  byUser: Readonly<Record<number, readonly string[]>>
}

let state: DddState = { status: 'idle', enabled: false, byUser: {} }
const listeners = new Set<() => void>()
let loading = 0

function set(next: Partial<DddState>) {
  state = { ...state, ...next }
  for (const l of listeners) l()
}

const subscribe = (l: () => void) => {
  listeners.add(l)
  return () => listeners.delete(l)
}

export const useDdds = () => useSyncExternalStore(subscribe, () => state)

/** Reads the setting and, when on, the company's DDD map; a later call wins over an older one. */
export async function loadDdds(api: ApiClient) {
  const mine = ++loading
  set({ status: 'loading' })
  try {
    const setting = await api.get<{ key: string; value: string }>('/settings/dddRoutingEnabled')
    const enabled = setting.value === 'enabled'
    const rows = enabled ? await api.get<DddRoute[]>('/ddd-routing') : []
    if (mine !== loading) return
    const byUser: Record<number, string[]> = {}
    for (const r of rows) (byUser[r.userId] ??= []).push(r.ddd)
    set({ status: 'ready', enabled, byUser })
  } catch (err) {
    if (mine !== loading) return
    console.warn('[ddd-routing] load failed', err)
    set({ status: 'error', enabled: false })
  }
}

export function setUserDdds(userId: number, ddds: readonly string[]) {
  set({ byUser: { ...state.byUser, [userId]: [...ddds].sort() } })
}
