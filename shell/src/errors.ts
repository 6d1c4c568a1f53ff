import type { TFunction } from 'i18next'
import { errorMessage as translateError } from '@atende/client'
import { toast } from '@atende/ui'

/** core.md §8: translated message when the code is known, else the server's message. */
export function errorMessage(t: TFunction, err: unknown): string {
  return translateError(err, (key, opts) => t(key, opts)) || t('errors.generic')
}

export const toastError = (t: TFunction, err: unknown) => toast.error(errorMessage(t, err))
