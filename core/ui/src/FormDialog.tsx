import { useCallback, useEffect, useId, useState, type FormEvent, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { errorMessage, isAbortError, isApiError } from '@atende/client'
import { Button } from './Button.tsx'
import { Dialog, type DialogProps } from './Dialog.tsx'
import { toast } from './toasts.tsx'
import { limitOf, say, type Problem } from './validation.ts'

/**
 * The props of a dialog that adds or edits one record: `editing` null is closed, `{ record: null }`
 * adds, `{ record }` edits it.
 */
export interface EditDialogProps<T> {
  editing: { record: T | null } | null
  onClose: () => void
  onSaved: (record: T) => void
}

export interface FormDialogProps {
  open: boolean
  /** The save is on its way: the dialog cannot be closed and the save button spins. */
  busy: boolean
  onClose: () => void
  onSubmit: (e: FormEvent) => void
  /**
   * The words, or instead the module's namespace: `<ns>.form.addTitle`/`editTitle`, `<ns>.form.cancel`
   * and `<ns>.form.add`/`save`, by whether the dialog `adds` a record.
   */
  title?: ReactNode
  submitLabel?: ReactNode
  cancelLabel?: ReactNode
  ns?: string
  adds?: boolean
  size?: DialogProps['size']
  /** Classes of the form (default a column of fields). */
  className?: string
  /** A control beside the footer's buttons (a delete, a hint). */
  footerStart?: ReactNode
  /** The save button waits (the form is not ready); `submitLabel={null}` hides it. */
  submitDisabled?: boolean
  submitTestid?: string
  /** The form's test id. */
  formTestid?: string
  children: ReactNode
}

/** A dialog that is a form: Enter submits, the footer's buttons cancel and save, busy holds it open. */
export function FormDialog({
  open,
  busy,
  onClose,
  onSubmit,
  title,
  submitLabel,
  cancelLabel,
  size,
  className = 'flex flex-col gap-4',
  footerStart,
  children,
  ns,
  adds = false,
  submitDisabled,
  submitTestid,
  formTestid,
}: FormDialogProps) {
  const formId = useId()
  const { t } = useTranslation()
  const word = (key: string) => (ns ? t(`${ns}.form.${key}`) : '')
  return (
    <Dialog
      open={open}
      onClose={() => {
        if (!busy) onClose()
      }}
      size={size}
      title={title ?? word(adds ? 'addTitle' : 'editTitle')}
      footer={
        <>
          {footerStart}
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {cancelLabel ?? word('cancel')}
          </Button>
          {submitLabel !== null && (
            <Button type="submit" form={formId} loading={busy} disabled={submitDisabled} data-testid={submitTestid}>
              {submitLabel ?? word(adds ? 'add' : 'save')}
            </Button>
          )}
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className={className} data-testid={formTestid}>
        {children}
      </form>
    </Dialog>
  )
}

export type FieldErrors<V> = Partial<Record<keyof V, string>>

/**
 * A form's values and errors, set back to `initial(target)` each time the dialog opens on a target
 * (`target` null: closed). Setting a field clears its error.
 */
export function useFormState<V extends object, Target>(target: Target | null, initial: (t: Target) => V) {
  const [values, setValues] = useState<V>(() => initial(target as Target))
  const [errors, setErrors] = useState<FieldErrors<V>>({})
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    if (target == null) return
    setValues(initial(target))
    setErrors({})
    // `initial` is the caller's pure mapping; only a new target resets the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [target])
  const set = <K extends keyof V>(key: K, value: V[K]) => {
    setValues((v) => ({ ...v, [key]: value }))
    setErrors((e) => ({ ...e, [key]: undefined }))
  }
  /** A text field's value, change and error: `<TextField label={…} {...field('name')} />`. */
  const field = <K extends keyof V>(key: K) => ({
    value: values[key] as string,
    onChange: (v: string) => set(key, v as V[K]),
    error: errors[key],
  })
  /** The FormDialog's opening, busy and handlers: `<FormDialog {...dialog(onClose, submit)} ns="tags" adds={!tag}>`. */
  const dialog = (onClose: () => void, onSubmit: (e: FormEvent) => void) => ({
    open: target != null,
    busy,
    onClose,
    onSubmit,
  })
  return { values, setValues, errors, setErrors, set, field, dialog, busy, setBusy }
}

/** A failed request's words: the translation of its error code when one exists, else its own message. */
export function useErrorMessage() {
  const { t, i18n } = useTranslation()
  return useCallback((err: unknown) => errorMessage(err, t, { exists: (k: string) => i18n.exists(k) }), [t, i18n])
}

/**
 * The words for a request the server refused: a refusal naming a field of this form goes under that
 * field (a validation error naming its limit says the limit, "Muito longo! (máximo 50 caracteres)";
 * otherwise `required` when given, else the code's translation); anything else is a toast.
 * Returns the field it put the words under, if any.
 */
export function useRefusal() {
  const { t, i18n } = useTranslation()
  return <V,>(
    err: unknown,
    fields: readonly (keyof V & string)[],
    setErrors: (update: (e: FieldErrors<V>) => FieldErrors<V>) => void,
    words: {
      /** A field's words when the server says it is missing (it names no limit). */
      required?: Partial<Record<keyof V, string>>
      /** A field's own words for "too short" (the spec's), instead of the kit's, when the server names a minimum. */
      tooShort?: Partial<Record<keyof V, Problem>>
    } = {},
  ): (keyof V & string) | null => {
    if (isAbortError(err)) return null
    const message = errorMessage(err, t, { exists: (k: string) => i18n.exists(k) })
    const field = isApiError(err) ? fields.find((f) => f === err.field) : undefined
    if (!field || !isApiError(err)) {
      toast.error(message)
      return null
    }
    const text =
      err.code !== 'ERR_VALIDATION'
        ? message
        : (say(
            t,
            typeof err.data?.min === 'number' ? (words.tooShort?.[field] ?? limitOf(err.data)) : limitOf(err.data),
          ) ?? (words.required?.[field] != null ? t(words.required[field]!) : message))
    setErrors((e) => ({ ...e, [field]: text }))
    return field
  }
}

/**
 * Binds a form's text fields to its values: `<TextField {...field('name')} maxLength={100} />`
 * gets the label, value, change and error of that key, so a form lists what differs per field only.
 */
export function fieldBinder<V extends Record<string, string>>(o: {
  values: V
  onChange: (values: V) => void
  label: (key: keyof V & string) => string
  error?: (key: keyof V & string) => string | null | undefined
}) {
  return <K extends keyof V & string>(key: K) => ({
    label: o.label(key),
    value: o.values[key],
    onChange: (v: string) => o.onChange({ ...o.values, [key]: v }),
    error: o.error?.(key) ?? undefined,
  })
}
