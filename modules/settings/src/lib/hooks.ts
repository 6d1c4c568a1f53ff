import { useCallback, useEffect, useState, type UIEvent } from 'react'
import { useTranslation } from 'react-i18next'
import i18n from 'i18next'
import { isAbortError, isApiError } from '@atende/client'
import { toast } from '@atende/ui'

/** administration.md §9: list and search fetches wait 500 ms after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 500
/** Infinite scroll loads the next page within about 100 px of the bottom. */
export const SCROLL_THRESHOLD_PX = 100

export function useDebounced<T>(value: T, ms = SEARCH_DEBOUNCE_MS): T {
  const [v, setV] = useState(value)
  useEffect(() => {
    const id = setTimeout(() => setV(value), ms)
    return () => clearTimeout(id)
  }, [value, ms])
  return v
}

/** onScroll handler that calls `more` near the bottom of the scrolled box. */
export function nearBottom(more: () => void) {
  return (e: UIEvent<HTMLElement>) => {
    const el = e.currentTarget
    if (el.scrollHeight - el.scrollTop - el.clientHeight < SCROLL_THRESHOLD_PX) more()
  }
}

/**
 * Error toasts (administration.md §8): the translation of the server's error code when one is known
 * (the shell's catalogue, plus the codes of this screen in our own bundle), otherwise the section's
 * translated fallback (errorList / error / errorOperation) rather than an untranslated server text.
 */
export function useErrorToast() {
  const { t } = useTranslation()
  return useCallback((err: unknown, fallbackKey: string) => {
    if (isAbortError(err)) return
    console.error(err)
    const code = isApiError(err) ? `errors.${err.code}` : null
    toast.error(code && i18n.exists(code) ? t(code) : t(fallbackKey))
  }, [t])
}
