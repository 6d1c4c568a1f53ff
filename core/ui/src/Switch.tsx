import { useId, type ReactNode } from 'react'
import { cx } from './cx.ts'

export interface SwitchProps {
  checked: boolean
  onChange: (checked: boolean) => void
  /** Names the switch: shown next to it, or only to assistive technology with `hideLabel`. */
  label: ReactNode
  hideLabel?: boolean
  disabled?: boolean
  /** A short line under the label. */
  hint?: ReactNode
  /** The current state in words beside the switch (e.g. Habilitado / Desabilitado); the switch itself says it to assistive technology. */
  stateLabel?: ReactNode
  /** A settings row: label first, the switch at the end, in a bordered box (lists of options). */
  boxed?: boolean
  className?: string
  'data-testid'?: string
}

/** An on/off switch (role="switch", Space/Enter toggle it as a button). */
export function Switch({
  checked,
  onChange,
  label,
  hideLabel,
  disabled,
  hint,
  stateLabel,
  boxed,
  className,
  ...rest
}: SwitchProps) {
  const id = useId()
  const toggle = (
    <button
      id={id}
      type="button"
      role="switch"
      aria-checked={checked}
      disabled={disabled}
      data-testid={rest['data-testid']}
      aria-labelledby={`${id}-label`}
      aria-describedby={hint ? `${id}-hint` : undefined}
      onClick={() => onChange(!checked)}
      className={cx(
        'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus:outline-none focus-visible:ring-2 focus-visible:ring-primary disabled:cursor-not-allowed disabled:opacity-50',
        checked ? 'bg-primary dark:bg-sky-400' : 'bg-slate-300 dark:bg-slate-600',
      )}
    >
      <span
        aria-hidden
        className={cx(
          'inline-block h-5 w-5 rounded-full bg-white shadow transition-transform',
          checked ? 'translate-x-5' : 'translate-x-0.5',
        )}
      />
    </button>
  )
  const text = (
    <div className={cx('flex flex-col', hideLabel && 'sr-only')}>
      <label id={`${id}-label`} htmlFor={id} className="text-sm font-medium text-slate-700 dark:text-slate-200">
        {label}
      </label>
      {hint && (
        <span id={`${id}-hint`} className="text-xs text-slate-500 dark:text-slate-400">
          {hint}
        </span>
      )}
    </div>
  )
  const state = stateLabel != null && (
    <span aria-hidden className="text-xs text-slate-500 dark:text-slate-400">
      {stateLabel}
    </span>
  )
  if (boxed) {
    return (
      <div
        className={cx(
          'flex items-center justify-between gap-3 rounded-md border border-slate-200 px-3 py-2 dark:border-slate-700',
          className,
        )}
      >
        {text}
        <div className="flex items-center gap-2">
          {state}
          {toggle}
        </div>
      </div>
    )
  }
  return (
    <div className={cx('flex items-center gap-3', className)}>
      {toggle}
      {text}
      {state}
    </div>
  )
}
