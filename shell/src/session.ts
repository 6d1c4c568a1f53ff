import type { TFunction } from 'i18next'
import { subscriptionWarning } from '@atende/client'
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

/** A fresh login warns again. */
export function resetSubscriptionWarning() {
  sessionStore()?.removeItem(WARNED_KEY)
}

/** core.md §8: 'subscription expires in N days' when fewer than 5 days remain, once per session. */
export function warnSubscriptionOnce(t: TFunction, dueDate: string | null | undefined, now = Date.now()) {
  const days = subscriptionWarning(dueDate, now)
  const store = sessionStore()
  if (days == null || store?.getItem(WARNED_KEY)) return
  store?.setItem(WARNED_KEY, '1')
  toast.warning(t('login.expiresSoon', { count: days }))
}
