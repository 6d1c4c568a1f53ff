import type { BotPickersProps } from './BotPickers.tsx'
import type { FieldErrors } from './FormDialog.tsx'

interface BotValues {
  integrationId: number | null
  promptId: number | null
}

/**
 * BotPickers bound to a useFormState form (a queue's, a connection's): its two picks, a change that
 * clears both their errors, and those errors — `<BotPickers owner="queue" {...bindBotPickers(form)} />`.
 */
export function bindBotPickers<V extends BotValues>(form: {
  values: V
  errors: FieldErrors<V>
  setValues: (update: (v: V) => V) => void
  setErrors: (update: (e: FieldErrors<V>) => FieldErrors<V>) => void
}): Pick<BotPickersProps, 'integrationId' | 'promptId' | 'onChange' | 'errors'> {
  return {
    integrationId: form.values.integrationId,
    promptId: form.values.promptId,
    onChange: (patch) => {
      form.setValues((v) => ({ ...v, ...patch }))
      form.setErrors((e) => ({ ...e, integrationId: undefined, promptId: undefined }))
    },
    errors: { integrationId: form.errors.integrationId, promptId: form.errors.promptId },
  }
}
