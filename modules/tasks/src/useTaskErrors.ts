import { useTranslation } from 'react-i18next'
import { errorMessage, isApiError } from '@atende/client'

export type TaskField = 'text' | 'day' | 'userid'
const FIELDS = new Set<string>(['text', 'day', 'userid'])

/** A failed save as the form shows it: the field at fault (with its message), or a message for a toast. */
export function useTaskErrors() {
  const { t, i18n } = useTranslation()
  return (err: unknown): { field?: TaskField; message: string } => {
    const message = errorMessage(err, t, { exists: (k: string) => i18n.exists(k) })
    if (isApiError(err) && err.field && FIELDS.has(err.field)) {
      const field = err.field as TaskField
      return { field, message: err.code === 'ERR_VALIDATION' ? t(`tasks.validation.${field}`) : message }
    }
    return { message }
  }
}
