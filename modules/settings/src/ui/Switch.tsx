import { useId } from 'react'
import { cx } from '@atende/ui'

export interface SwitchProps {
  label: string
  checked: boolean
  onChange: (checked: boolean) => void
  disabled?: boolean
  /** Text shown next to the switch for its current state (e.g. Habilitado / Desabilitado). */
  stateLabel?: string
}

/** An accessible on/off switch (role="switch"); the label names it. */
export function Switch({ label, checked, onChange, disabled, stateLabel }: SwitchProps) {
  const id = useId()
  return (
    <div className="flex items-center justify-between gap-3 rounded-md border border-slate-200 px-3 py-2 dark:border-slate-700">
      <label htmlFor={id} className="text-sm font-medium text-slate-700 dark:text-slate-200">{label}</label>
      <div className="flex items-center gap-2">
        {stateLabel && <span className="text-xs text-slate-500 dark:text-slate-400" aria-hidden>{stateLabel}</span>}
        <button
          id={id}
          type="button"
          role="switch"
          aria-checked={checked}
          disabled={disabled}
          onClick={() => onChange(!checked)}
          className={cx(
            'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus:outline-none focus-visible:ring-2 focus-visible:ring-primary disabled:opacity-50',
            checked ? 'bg-primary dark:bg-sky-400' : 'bg-slate-300 dark:bg-slate-600',
          )}
        >
          <span className={cx('inline-block h-5 w-5 rounded-full bg-white shadow transition-transform', checked ? 'translate-x-5' : 'translate-x-0.5')} />
        </button>
      </div>
    </div>
  )
}
