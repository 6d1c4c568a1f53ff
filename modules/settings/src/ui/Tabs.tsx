import { useRef, type KeyboardEvent } from 'react'
import { cx } from '@atende/ui'

export interface TabItem<K extends string> { key: K; label: string }

/** WAI-ARIA tabs: arrow keys move between tabs; the panel is rendered by the caller. */
export function Tabs<K extends string>({ tabs, active, onChange, label }: { tabs: TabItem<K>[]; active: K; onChange: (key: K) => void; label: string }) {
  const refs = useRef<Record<string, HTMLButtonElement | null>>({})
  const onKey = (e: KeyboardEvent) => {
    const i = tabs.findIndex((t) => t.key === active)
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0
    if (!step) return
    e.preventDefault()
    const next = tabs[(i + step + tabs.length) % tabs.length]!
    onChange(next.key)
    refs.current[next.key]?.focus()
  }
  return (
    <div role="tablist" aria-label={label} onKeyDown={onKey}
      className="flex gap-1 overflow-x-auto border-b border-slate-200 dark:border-slate-700">
      {tabs.map((t) => (
        <button
          key={t.key}
          ref={(el) => { refs.current[t.key] = el }}
          id={`settings-tab-${t.key}`}
          type="button"
          role="tab"
          aria-selected={t.key === active}
          aria-controls={`settings-panel-${t.key}`}
          tabIndex={t.key === active ? 0 : -1}
          onClick={() => onChange(t.key)}
          className={cx(
            'whitespace-nowrap border-b-2 px-4 py-2 text-sm font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-primary',
            t.key === active ? 'border-primary text-primary dark:border-sky-400 dark:text-sky-300' : 'border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white',
          )}
        >
          {t.label}
        </button>
      ))}
    </div>
  )
}
