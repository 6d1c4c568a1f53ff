import { useRef, type KeyboardEvent } from 'react'
import { cx } from '@atende/ui'

export interface TabDef<K extends string> { key: K; label: string; testId: string; count?: number | null; countTestId?: string }

interface TabBarProps<K extends string> {
  tabs: TabDef<K>[]
  active: K
  onChange: (key: K) => void
  label: string
  small?: boolean
}

/** WAI-ARIA tabs (arrows, Home/End) with an optional count badge: the list's tabs and sub-tabs. */
export function TabBar<K extends string>({ tabs, active, onChange, label, small }: TabBarProps<K>) {
  const refs = useRef<Partial<Record<K, HTMLButtonElement | null>>>({})
  const onKey = (e: KeyboardEvent) => {
    const i = tabs.findIndex((t) => t.key === active)
    const n = tabs.length
    const target = e.key === 'ArrowRight' ? (i + 1) % n : e.key === 'ArrowLeft' ? (i - 1 + n) % n : e.key === 'Home' ? 0 : e.key === 'End' ? n - 1 : -1
    if (target < 0) return
    e.preventDefault()
    const next = tabs[target]!
    onChange(next.key)
    refs.current[next.key]?.focus()
  }
  return (
    <div role="tablist" aria-label={label} onKeyDown={onKey} className={cx('flex border-b border-slate-200 dark:border-slate-700', small && 'bg-slate-50 dark:bg-slate-900/40')}>
      {tabs.map((t) => (
        <button key={t.key} ref={(el) => { refs.current[t.key] = el }} type="button" role="tab" data-testid={t.testId}
          aria-selected={t.key === active} tabIndex={t.key === active ? 0 : -1} onClick={() => onChange(t.key)}
          className={cx('flex flex-1 items-center justify-center gap-1.5 whitespace-nowrap border-b-2 font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-primary',
            small ? 'px-2 py-1.5 text-xs' : 'px-3 py-2 text-sm',
            t.key === active ? 'border-primary text-primary dark:border-sky-400 dark:text-sky-300' : 'border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white')}>
          {t.label}
          {t.count != null && (
            <span data-testid={t.countTestId} className="rounded-full bg-slate-200 px-1.5 text-[11px] leading-5 text-slate-700 dark:bg-slate-600 dark:text-slate-100">{t.count}</span>
          )}
        </button>
      ))}
    </div>
  )
}
