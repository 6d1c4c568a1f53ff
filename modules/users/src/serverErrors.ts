import { errorMessage, isApiError } from '@atende/client'
import type { TFunction } from 'i18next'
import { rules, say } from '@atende/ui'
import type { UserFormValues } from './validation.ts'

const FORM_FIELDS = new Set([
  'name',
  'email',
  'password',
  'profile',
  'allTicket',
  'queueIds',
  'whatsappId',
  'profilePicture',
])

/**
 * i18n key for a server error on one field; undefined: the code's text from the shell's error
 * catalogue (`errors.*`, e.g. ERR_EMAIL_EXISTS), else the server's own message.
 */
function fieldKey(code: string, field: string, message: string): string | undefined {
  if (code === 'ERR_WEAK_PASSWORD')
    return message.startsWith('Password too short')
      ? 'users.validation.passwordShort'
      : 'users.validation.passwordPolicy'
  if (code === 'ERR_VALIDATION') {
    if (field === 'email') return 'users.validation.email'
    if (field === 'name') return 'users.validation.nameLength'
    if (field === 'profilePicture') return 'users.validation.pictureType'
  }
  return undefined
}

export interface SaveFailure {
  /** The message under one field of the form. */
  field?: { name: keyof UserFormValues; message: string }
  /** Otherwise a toast. */
  toast?: string
}

/** Where a failed save is shown: inline under the server's `field`, else as a translated toast. */
export function saveFailure(err: unknown, t: TFunction, exists: (key: string) => boolean): SaveFailure {
  if (isApiError(err) && err.field && FORM_FIELDS.has(err.field)) {
    // A limit the server names is said as such ("Muito longo! (máximo 200 caracteres)").
    const limit = err.code === 'ERR_VALIDATION' ? say(t, rules.limitOf(err.data)) : null
    const key = fieldKey(err.code, err.field, err.message)
    const message = limit ?? (key ? t(key) : errorMessage(err, t, { exists }))
    return { field: { name: err.field as keyof UserFormValues, message } }
  }
  return { toast: errorMessage(err, t, { exists }) }
}
