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
  className?: string
  'data-testid'?: string
}

/** An on/off switch (role="switch", Space/Enter toggle it as a button). */
export function Switch({ checked, onChange, label, hideLabel, disabled, hint, className, ...rest }: SwitchProps) {
  const id = useId()
  return (
    <div className={cx('flex items-center gap-3', className)}>
      <button id={id} type="button" role="switch" aria-checked={checked} disabled={disabled} data-testid={rest['data-testid']}
        aria-labelledby={`${id}-label`} aria-describedby={hint ? `${id}-hint` : undefined} onClick={() => onChange(!checked)}
        className={cx(
          'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus:outline-none focus-visible:ring-2 focus-visible:ring-primary disabled:cursor-not-allowed disabled:opacity-50',
          checked ? 'bg-primary dark:bg-sky-400' : 'bg-slate-300 dark:bg-slate-600',
        )}>
        <span aria-hidden className={cx('inline-block h-5 w-5 rounded-full bg-white shadow transition-transform', checked ? 'translate-x-5' : 'translate-x-0.5')} />
      </button>
      <div className={cx('flex flex-col', hideLabel && 'sr-only')}>
        <label id={`${id}-label`} htmlFor={id} className="text-sm font-medium text-slate-700 dark:text-slate-200">{label}</label>
        {hint && <span id={`${id}-hint`} className="text-xs text-slate-500 dark:text-slate-400">{hint}</span>}
      </div>
    </div>
  )
}
