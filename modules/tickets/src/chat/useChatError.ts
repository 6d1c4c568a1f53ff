import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { isAbortError, isApiError } from '@atende/client'
import { toast, useErrorToast } from '@atende/ui'

/**
 * Error toasts for the chat: the chat's own words for the ticket codes it meets (chat.errors.*),
 * then the shell's catalogue (errors.*) through useErrorToast, then the given fallback.
 */
export function useChatError(fallbackKey = 'chat.errors.generic') {
  const { t, i18n } = useTranslation()
  const base = useErrorToast(fallbackKey)
  return useCallback(
    (err: unknown, key?: string) => {
      if (isAbortError(err)) return
      if (isApiError(err) && i18n.exists(`chat.errors.${err.code}`)) {
        console.error(err)
        toast.error(
          t(`chat.errors.${err.code}`, {
            userName: (err.data?.userName as string) ?? '',
            queueName: (err.data?.queueName as string) ?? '',
          }),
        )
        return
      }
      base(err, key)
    },
    [t, i18n, base],
  )
}

/** 403 on a ticket: the viewer may not see it. */
export const isNoAccess = (err: unknown) => isApiError(err) && (err.status === 403 || err.code === 'ERR_NO_PERMISSION')
export const isNotFound = (err: unknown) => isApiError(err) && err.status === 404
