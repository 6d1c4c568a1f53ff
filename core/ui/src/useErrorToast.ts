import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { isAbortError, isApiError } from '@atende/client'
import { toast } from './toasts.tsx'
import { limitOf, say } from './validation.ts'

/**
 * Error toasts: the translation of the server's error code when one is
 * known (`errors.<CODE>` in the shell's or the module's bundle), otherwise the screen's translated
 * fallback rather than an untranslated server text. Aborted requests say nothing.
 * The fallback key given to the returned function wins over the hook's default. A validation error
 * naming a limit says it ("Muito longo! (máximo 50 caracteres)").
 */
export function useErrorToast(fallbackKey?: string) {
  const { t, i18n } = useTranslation()
  return useCallback(
    (err: unknown, key: string | undefined = fallbackKey) => {
      if (isAbortError(err)) return
      console.error(err)
      const code = isApiError(err) ? `errors.${err.code}` : null
      const limit = isApiError(err) && err.code === 'ERR_VALIDATION' ? limitOf(err.data) : null
      if (limit) toast.error(say(t, limit)!)
      else if (code && i18n.exists(code)) toast.error(t(code))
      else if (key) toast.error(t(key))
      else toast.error(err instanceof Error ? err.message : String(err))
    },
    [t, i18n, fallbackKey],
  )
}
