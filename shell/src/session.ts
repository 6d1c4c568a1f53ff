import { useEffect, useState } from 'react'
import type { i18n as I18n, TFunction } from 'i18next'
import { subscriptionWarning, type SecurityNotice, type SessionUser } from '@atende/client'
import { toast } from '@atende/ui'

/** Browser-session flag: the expiry toast shows once per session (tab), not on every reload. */
const WARNED_KEY = 'atende.expiryWarned'

const sessionStore = (): Storage | null => {
  try {
    return window.sessionStorage
  } catch {
    return null
  }
}

/** The sign-in's security notice is read once, so it stays longer than a toast's 2 s. */
export const SECURITY_NOTICE_MS = 15_000

/**
 * The text of what the sign-in told about the user's security (login.securityNotice.<code>, with
 * when it happened in the reader's language), or null: no notice, or a code this shell cannot word.
 */
export function securityNoticeText(i18n: I18n, notice: SecurityNotice | undefined): string | null {
  const key = notice && `login.securityNotice.${notice.code}`
  if (!key || !i18n.exists(key)) return null
  const when = new Date(notice.at)
  const at = Number.isNaN(when.getTime())
    ? notice.at
    : when.toLocaleString(i18n.language, { dateStyle: 'short', timeStyle: 'short' })
  return i18n.t(key, { at })
}

/** A fresh login warns again. */
export function resetSubscriptionWarning() {
  sessionStore()?.removeItem(WARNED_KEY)
}

/** 'subscription expires in N days' when fewer than 5 days remain, once per session. */
export function warnSubscriptionOnce(t: TFunction, dueDate: string | null | undefined, now = Date.now()) {
  const days = subscriptionWarning(dueDate, now)
  const store = sessionStore()
  if (days == null || store?.getItem(WARNED_KEY)) return
  store?.setItem(WARNED_KEY, '1')
  toast.warning(t('login.expiresSoon', { count: days }))
}

/**
 * Whether this is an expired company's restricted session (the server's rule, kernel expiry gate:
 * the due date's instant has passed; super users are never restricted). Such a session only renews:
 * the server lists only the billing module and the shell sends every other page there.
 */
export function sessionLapsed(user: SessionUser | null | undefined, now = Date.now()): boolean {
  const due = user?.company?.dueDate
  return !!user && !user.super && !!due && new Date(due).getTime() < now
}

/** sessionLapsed, turning true by itself when the due instant passes while the app is open. */
export function useSessionLapsed(user: SessionUser | null | undefined): boolean {
  const [now, setNow] = useState(() => Date.now())
  const due = user?.company?.dueDate
  useEffect(() => {
    const wait = due ? new Date(due).getTime() - Date.now() : NaN
    // setTimeout holds at most ~24.8 days; a later due date is met by a later visit.
    if (!(wait > 0) || wait > 2 ** 31 - 1) return
    const timer = setTimeout(() => setNow(Date.now()), wait + 1)
    return () => clearTimeout(timer)
  }, [due])
  return sessionLapsed(user, Math.max(now, Date.now()))
}
