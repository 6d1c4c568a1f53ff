import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react'
import { cx } from './cx.ts'

export const inputClass =
  'w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-400 focus:border-primary focus:outline-none focus:ring-1 focus:ring-primary dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100'

/**
 * Add to `inputClass` for a control in error. Important (`!`): two border colours in one class list
 * are decided by stylesheet order, not by the order written, so a plain 'border-red-500' loses.
 */
export const inputErrorClass = 'border-red-500! focus:border-red-500! focus:ring-red-500! dark:border-red-400!'

export interface FieldShellProps {
  id: string
  label: ReactNode
  error?: string | null
  hint?: ReactNode
  /**
   * Marks the field as required: a red asterisk after the label. The asterisk sits beside the
   * <label>, not in it, so the field's name stays the label's text; the control itself carries
   * `required` (assistive technologies announce it).
   */
  required?: boolean
  children: ReactNode
  className?: string
}

/** Label + control + inline error; the error is tied to the control through aria-describedby. */
export function FieldShell({ id, label, error, hint, required, children, className }: FieldShellProps) {
  const text = (
    <label htmlFor={id} className="text-sm font-medium text-slate-700 dark:text-slate-200">
      {label}
    </label>
  )
  return (
    <div className={cx('flex flex-col gap-1', className)}>
      {required ? (
        <div className="flex items-baseline gap-0.5">
          {text}
          <span aria-hidden="true" className="text-sm font-medium text-red-600 dark:text-red-400" data-required>
            *
          </span>
        </div>
      ) : (
        text
      )}
      {children}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-xs text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
    </div>
  )
}

/** A FieldShell control's id, `required` and its ties to the error (or else the hint) under it. */
export const controlProps = (id: string, required?: boolean, error?: string | null, hint?: ReactNode) => ({
  id,
  required,
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${id}-error` : hint ? `${id}-hint` : undefined,
})

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> {
  label: ReactNode
  error?: string | null
  hint?: ReactNode
  onChange?: (value: string) => void
}

/** A labelled input; `required` marks the label (see FieldShell) and the input. */
export function TextField({ label, error, hint, id, className, onChange, required, ...rest }: TextFieldProps) {
  const autoId = useId()
  const fieldId = id ?? autoId
  return (
    <FieldShell id={fieldId} label={label} error={error} hint={hint} required={required} className={className}>
      <input
        {...controlProps(fieldId, required, error, hint)}
        className={cx(inputClass, error && inputErrorClass)}
        onChange={(e) => onChange?.(e.target.value)}
        {...rest}
      />
    </FieldShell>
  )
}

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange'> {
  label: ReactNode
  error?: string | null
  hint?: ReactNode
  onChange?: (value: string) => void
  /** More classes of the text area (height, font); it grows downwards by default. */
  areaClassName?: string
}

/** A labelled multi-line text, bound like TextField: `<TextAreaField label={…} {...field('message')} rows={4} />`. */
export function TextAreaField({
  label,
  error,
  hint,
  id,
  className,
  areaClassName = 'resize-y',
  onChange,
  required,
  ...rest
}: TextAreaFieldProps) {
  const autoId = useId()
  const fieldId = id ?? autoId
  return (
    <FieldShell id={fieldId} label={label} error={error} hint={hint} required={required} className={className}>
      <textarea
        {...controlProps(fieldId, required, error, hint)}
        className={cx(inputClass, areaClassName, error && inputErrorClass)}
        onChange={(e) => onChange?.(e.target.value)}
        {...rest}
      />
    </FieldShell>
  )
}

export interface CheckboxFieldProps {
  label: ReactNode
  checked: boolean
  onChange: (checked: boolean) => void
  disabled?: boolean
  /** `switch` where the box turns a setting on and off (assistive technology says on/off). */
  role?: 'switch'
  className?: string
  'data-testid'?: string
}

/** A checkbox with its words beside it (the label is the whole row, so clicking the words ticks it). */
export function CheckboxField({ label, checked, onChange, disabled, role, className, ...rest }: CheckboxFieldProps) {
  return (
    <label className={cx('flex items-center gap-2 text-sm', className)}>
      <input
        type="checkbox"
        role={role}
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
        data-testid={rest['data-testid']}
        className="h-4 w-4 accent-[var(--color-primary,#2563eb)]"
      />
      {label}
    </label>
  )
}
