import { useTranslation } from 'react-i18next'
import { errorMessage, isApiError } from '@atende/client'
import { rules, say } from '@atende/ui'

export type TaskField = 'text' | 'day' | 'userid'
const FIELDS = new Set<string>(['text', 'day', 'userid'])

/** A failed save as the form shows it: the field at fault (with its message, naming a broken limit), or a message for a toast. */
export function useTaskErrors() {
  const { t, i18n } = useTranslation()
  return (err: unknown): { field?: TaskField; message: string } => {
    const message = errorMessage(err, t, { exists: (k: string) => i18n.exists(k) })
    if (isApiError(err) && err.field && FIELDS.has(err.field)) {
      const field = err.field as TaskField
      if (err.code !== 'ERR_VALIDATION') return { field, message }
      // A limit the server names is said as such, not as "Informe a tarefa." (issue 35).
      return { field, message: say(t, rules.limitOf(err.data)) ?? t(`tasks.validation.${field}`) }
    }
    return { message }
  }
}
