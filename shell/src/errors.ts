import type { TFunction } from 'i18next'
import i18n from 'i18next'
import { errorMessage as translateError, isApiError } from '@atende/client'
import { rules, toast } from '@atende/ui'

/**
 * The translation of the error's code when the catalogue (i18n `errors.<CODE>`) has one,
 * else the server's message. A validation error naming a field says which field, and the limit it broke.
 */
export function errorMessage(t: TFunction, err: unknown): string {
  if (isApiError(err) && err.code === 'ERR_VALIDATION' && err.field) {
    const limit = rules.say(t, rules.limitOf(err.data))
    return t('errors.ERR_VALIDATION_field', { field: err.field }) + (limit ? ` ${limit}` : '')
  }
  return translateError(err, (key, opts) => t(key, opts), { exists: (key) => i18n.exists(key) }) || t('errors.generic')
}

/** An error toast; closes after the default 2 s. */
export const toastError = (t: TFunction, err: unknown) => toast.error(errorMessage(t, err))
