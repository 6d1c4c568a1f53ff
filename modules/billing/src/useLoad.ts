import { useCallback, useEffect, useState } from 'react'
import { isAbortError, useApi } from '@atende/client'

export type Load<T> =
  { status: 'loading'; data: null } | { status: 'ready'; data: T } | { status: 'error'; data: null; error: unknown }

/** One GET while mounted (again on `reload`), with its loading and error states for the screen to show. */
export function useLoad<T>(path: string | null) {
  const api = useApi()
  const [state, setState] = useState<Load<T>>({ status: 'loading', data: null })
  const [round, setRound] = useState(0)

  useEffect(() => {
    if (!path) return
    const ctrl = new AbortController()
    setState({ status: 'loading', data: null })
    api
      .get<T>(path, { signal: ctrl.signal })
      .then((data) => setState({ status: 'ready', data }))
      .catch((error: unknown) => {
        if (ctrl.signal.aborted || isAbortError(error)) return
        console.error(`[billing] ${path} failed`, error)
        setState({ status: 'error', data: null, error })
      })
    return () => ctrl.abort()
  }, [api, path, round])

  const reload = useCallback(() => setRound((n) => n + 1), [])
  return { ...state, reload }
}
