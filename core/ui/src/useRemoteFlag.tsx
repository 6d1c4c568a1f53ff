import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react'
import { useApi, useSession, type ApiClient } from '@atende/client'
import { Button } from './Button.tsx'
import { ErrorCard, Loading } from './states.tsx'

export type RemoteFlagState = 'loading' | 'on' | 'off' | 'error'

/**
 * A yes/no the server decides for the company (a setting, a grant), read when the page opens and
 * again when the company changes; `retry` reads it once more after an error.
 */
export function useRemoteFlag(read: (api: ApiClient, signal?: AbortSignal) => Promise<boolean>, logName: string) {
  const api = useApi()
  const { companyId } = useSession()
  const [state, setState] = useState<RemoteFlagState>('loading')
  const readRef = useRef(read)
  readRef.current = read
  const load = useCallback(
    (signal?: AbortSignal) => {
      setState('loading')
      readRef.current(api, signal).then(
        (on) => {
          if (!signal?.aborted) setState(on ? 'on' : 'off')
        },
        (err) => {
          if (signal?.aborted) return
          console.warn(`[${logName}] failed`, err)
          setState('error')
        },
      )
    },
    [api, logName],
  )
  useEffect(() => {
    const ctrl = new AbortController()
    load(ctrl.signal)
    return () => ctrl.abort()
  }, [load, companyId])
  const retry = useCallback(() => load(), [load])
  return { state, retry }
}

export interface FlagGateProps {
  state: RemoteFlagState
  retry: () => void
  /** Words for the loading line, the error card's title and its retry button. */
  labels: { loading: string; error: string; retry: string }
  /** What shows when the flag is off. */
  off: ReactNode
  /** A class for a box around the error card (none: the card alone). */
  errorClassName?: string
  children: ReactNode
}

/** Shows the loading line, the error card with its retry, the `off` node, or the children once on. */
export function FlagGate({ state, retry, labels, off, errorClassName, children }: FlagGateProps) {
  if (state === 'loading') return <Loading label={labels.loading} />
  if (state === 'error') {
    const card = (
      <ErrorCard
        title={labels.error}
        action={
          <Button variant="secondary" onClick={retry}>
            {labels.retry}
          </Button>
        }
      />
    )
    return errorClassName === undefined ? card : <div className={errorClassName}>{card}</div>
  }
  if (state === 'off') return <>{off}</>
  return <>{children}</>
}
