import { toast } from '@atende/ui'
import { useTaskErrors, type TaskField } from './useTaskErrors.ts'

/** A failed task save (add row or edit dialog): its words under the field at fault, else a toast. */
export function useTaskRefusal(setErrors: (errors: Partial<Record<TaskField, string>>) => void) {
  const explain = useTaskErrors()
  return (err: unknown) => {
    const { field, message } = explain(err)
    if (field) setErrors({ [field]: message })
    else toast.error(message)
  }
}
