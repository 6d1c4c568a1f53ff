import { useCallback, useEffect, useRef, useState } from 'react'
import { ClientErrorCodes, isApiError, useApi } from '@atende/client'
import { ErrorCard } from './states.tsx'
import { toast } from './toasts.tsx'

/** A page the company may not use says so, then goes home after 1 s. */
export const GO_HOME_MS = 1000

/** Whether a request was refused because the company's plan lacks the feature. */
export const isPlanDenied = (err: unknown) => isApiError(err) && err.code === ClientErrorCodes.PLAN_FEATURE_DISABLED

export interface GoHomeNotice {
  /** The warning toast's words. */
  message: string
  /** Leaves the page (the kit has no router: the module passes its navigate). */
  goHome: () => void
  /** How long the toast stays, when not the kit's default. */
  toastMs?: number
}

/** While `active`, warns once and goes home after 1 s; `goHome` may be a new function each render. */
export function useGoHomeNotice(active: boolean, { message, goHome, toastMs }: GoHomeNotice) {
  const leave = useRef(goHome)
  leave.current = goHome
  useEffect(() => {
    if (!active) return
    toast.warning(message, toastMs)
    const id = setTimeout(() => leave.current(), GO_HOME_MS)
    return () => clearTimeout(id)
  }, [active, message, toastMs])
}

/**
 * Whether the company's plan lost a feature while its page is open (the shell refuses the page
 * outright when it lacked it already). When `probe` names a read that failed, it is asked once more
 * to tell a denial apart from another failure; once denied (or `deny` is called), the notice shows
 * and the page goes home.
 */
export function usePlanDenied(probe: string | null, notice: GoHomeNotice) {
  const api = useApi()
  const [denied, setDenied] = useState(false)
  const deny = useCallback(() => setDenied(true), [])
  useEffect(() => {
    if (!probe) return
    const ctrl = new AbortController()
    api.get(probe, { signal: ctrl.signal }).catch((err) => {
      if (isPlanDenied(err)) setDenied(true)
    })
    return () => ctrl.abort()
  }, [probe, api])
  useGoHomeNotice(denied, notice)
  return { denied, deny }
}

/** What a page shows instead of itself when the company may not use it. */
export function DeniedCard({ title, testId }: { title: string; testId: string }) {
  return (
    <div className="p-6" data-testid={testId}>
      <ErrorCard title={title} />
    </div>
  )
}

/** The card of a page the company may not use, which warns and goes home after 1 s. */
export function NoAccessNotice({ testId, ...notice }: GoHomeNotice & { testId: string }) {
  useGoHomeNotice(true, notice)
  return <DeniedCard title={notice.message} testId={testId} />
}
