import { useId, type ReactNode, type SelectHTMLAttributes } from 'react'
import { cx } from './cx.ts'
import { FieldShell, controlProps, inputClass, inputErrorClass } from './TextField.tsx'

export interface SelectOption {
  value: string | number
  label: ReactNode
}

export interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange'> {
  label: ReactNode
  options: SelectOption[]
  placeholder?: string
  error?: string | null
  onChange?: (value: string) => void
}

/** A native select: accessible and keyboard-friendly without extra code. */
export function Select({
  label,
  options,
  placeholder,
  error,
  id,
  className,
  onChange,
  required,
  ...rest
}: SelectProps) {
  const autoId = useId()
  const fieldId = id ?? autoId
  return (
    <FieldShell id={fieldId} label={label} error={error} required={required} className={className}>
      <select
        {...controlProps(fieldId, required, error)}
        className={cx(inputClass, error && inputErrorClass)}
        onChange={(e) => onChange?.(e.target.value)}
        {...rest}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldShell>
  )
}
