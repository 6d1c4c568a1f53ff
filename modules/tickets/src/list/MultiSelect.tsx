import { useEffect, useId, useRef, useState } from 'react'
import { cx } from '@atende/ui'

export interface MultiOption {
  id: number
  name: string
  color?: string
}

interface MultiSelectProps {
  label: string
  options: MultiOption[]
  selected: number[]
  onChange: (ids: number[]) => void
  /** Shown on the button when nothing is picked ("all"). */
  noneLabel: string
  'data-testid'?: string
}

/** A compact filter: a button that opens a checkbox list (Escape or a click outside closes it). */
export function MultiSelect({ label, options, selected, onChange, noneLabel, ...rest }: MultiSelectProps) {
  const [open, setOpen] = useState(false)
  const box = useRef<HTMLDivElement>(null)
  const id = useId()
  useEffect(() => {
    if (!open) return
    const close = (e: MouseEvent) => {
      if (!box.current?.contains(e.target as Node)) setOpen(false)
    }
    document.addEventListener('mousedown', close)
    return () => document.removeEventListener('mousedown', close)
  }, [open])
  const toggle = (optionId: number) =>
    onChange(selected.includes(optionId) ? selected.filter((x) => x !== optionId) : [...selected, optionId])
  const summary = selected.length ? `${label} (${selected.length})` : `${label}: ${noneLabel}`
  return (
    <div
      ref={box}
      className="relative"
      onKeyDown={(e) => {
        if (e.key === 'Escape') setOpen(false)
      }}
    >
      <button
        type="button"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={`${id}-list`}
        data-testid={rest['data-testid']}
        onClick={() => setOpen((o) => !o)}
        className={cx(
          'rounded-md border px-2 py-1 text-xs focus:outline-none focus-visible:ring-2 focus-visible:ring-primary',
          selected.length
            ? 'border-primary text-primary dark:border-sky-400 dark:text-sky-300'
            : 'border-slate-300 text-slate-600 dark:border-slate-600 dark:text-slate-300',
        )}
      >
        {summary} ▾
      </button>
      {open && (
        <div
          id={`${id}-list`}
          role="group"
          aria-label={label}
          className="absolute left-0 top-full z-30 mt-1 max-h-64 w-56 overflow-y-auto rounded-md border border-slate-200 bg-white py-1 shadow-lg dark:border-slate-600 dark:bg-slate-800"
        >
          {options.length === 0 && <p className="px-3 py-2 text-xs text-slate-500 dark:text-slate-400">—</p>}
          {options.map((o) => (
            <label
              key={o.id}
              className="flex cursor-pointer items-center gap-2 px-3 py-1.5 text-sm hover:bg-slate-100 dark:hover:bg-slate-700"
            >
              <input type="checkbox" checked={selected.includes(o.id)} onChange={() => toggle(o.id)} />
              {o.color && (
                <span aria-hidden className="h-3 w-3 shrink-0 rounded-full" style={{ backgroundColor: o.color }} />
              )}
              <span className="truncate">{o.name}</span>
            </label>
          ))}
        </div>
      )}
    </div>
  )
}
