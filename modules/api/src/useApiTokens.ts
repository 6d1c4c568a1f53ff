import { useCallback, useEffect, useRef, useState } from 'react'
import { isAbortError, useApi, useRealtime, useSession } from '@atende/client'
import { newestFirst } from './tokens.ts'
import type { ApiToken, ApiTokenFrame } from './types.ts'

export type TokensState =
  | { status: 'loading'; items: ApiToken[] }
  | { status: 'ready'; items: ApiToken[] }
  | { status: 'error'; items: ApiToken[]; error: unknown }

/**
 * GET /api/api-tokens (the company's tokens in one answer), kept live by the
 * `company-{id}-apiToken` frames: a token made or revoked elsewhere shows here.
 */
export function useApiTokens() {
  const api = useApi()
  const { companyId } = useSession()
  const [state, setState] = useState<TokensState>({ status: 'loading', items: [] })
  const ctrl = useRef<AbortController | null>(null)

  const load = useCallback(
    async (quiet: boolean) => {
      ctrl.current?.abort()
      const mine = new AbortController()
      ctrl.current = mine
      if (!quiet) setState((s) => ({ status: 'loading', items: s.items }))
      try {
        const res = await api.get<{ data: ApiToken[] }>('/api-tokens', { signal: mine.signal })
        const items = Array.isArray(res?.data) ? [...res.data].sort(newestFirst) : []
        setState({ status: 'ready', items })
      } catch (error) {
        if (isAbortError(error) || mine.signal.aborted) return
        // A live refresh that failed keeps the list in view; only a failed first load is an error.
        setState((s) => (quiet && s.status === 'ready' ? s : { status: 'error', items: s.items, error }))
      }
    },
    [api],
  )

  useEffect(() => {
    void load(false)
    return () => ctrl.current?.abort()
  }, [load])

  useRealtime<ApiTokenFrame>(companyId ? `company-${companyId}-apiToken` : null, () => void load(true))

  /** A token this page made or revoked, in place before the live frame arrives. */
  const upsert = useCallback((token: ApiToken) => {
    setState((s) =>
      s.status === 'ready'
        ? { ...s, items: [token, ...s.items.filter((x) => x.id !== token.id)].sort(newestFirst) }
        : s,
    )
  }, [])

  const reload = useCallback(() => void load(false), [load])
  return { ...state, reload, upsert }
}
