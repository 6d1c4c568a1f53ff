import { useRef, type KeyboardEvent, type ReactNode } from 'react'
import { cx } from './cx.ts'

export interface TabItem<K extends string> {
  key: K
  label: string
  /** A count badge after the label (null/undefined: none). */
  count?: number | null
  testId?: string
  countTestId?: string
}

export interface TabsProps<K extends string> {
  tabs: TabItem<K>[]
  active: K
  onChange: (key: K) => void
  /** Accessible name of the tab list. */
  label: string
  /** Prefix of the tab and panel ids (`<idPrefix>-tab-<key>`, `<idPrefix>-panel-<key>`). */
  idPrefix: string
  className?: string
  /** Tabs share the width equally (e.g. a list's tabs) instead of sitting at the start. */
  fill?: boolean
  /** Compact tabs (a sub-level under other tabs). */
  small?: boolean
}

/**
 * WAI-ARIA tabs with automatic activation: Left/Right move (wrapping), Home/End jump; only the
 * active tab is in the tab order. Render the panel with `TabPanel` and the same `idPrefix`.
 */
export function Tabs<K extends string>({
  tabs,
  active,
  onChange,
  label,
  idPrefix,
  className,
  fill,
  small,
}: TabsProps<K>) {
  const refs = useRef<Record<string, HTMLButtonElement | null>>({})
  const onKey = (e: KeyboardEvent) => {
    if (!tabs.length) return
    const i = tabs.findIndex((t) => t.key === active)
    const n = tabs.length
    const target =
      e.key === 'ArrowRight'
        ? (i + 1) % n
        : e.key === 'ArrowLeft'
          ? (i - 1 + n) % n
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? n - 1
              : -1
    if (target < 0) return
    e.preventDefault()
    const next = tabs[target]!
    onChange(next.key)
    refs.current[next.key]?.focus()
  }
  return (
    <div
      role="tablist"
      aria-label={label}
      onKeyDown={onKey}
      className={cx(
        'flex overflow-x-auto border-b border-slate-200 dark:border-slate-700',
        !fill && 'gap-1',
        className,
      )}
    >
      {tabs.map((t) => (
        <button
          key={t.key}
          ref={(el) => {
            refs.current[t.key] = el
          }}
          id={`${idPrefix}-tab-${t.key}`}
          type="button"
          role="tab"
          aria-selected={t.key === active}
          aria-controls={`${idPrefix}-panel-${t.key}`}
          tabIndex={t.key === active ? 0 : -1}
          data-testid={t.testId}
          onClick={() => onChange(t.key)}
          className={cx(
            'whitespace-nowrap border-b-2 font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-primary',
            small ? 'px-2 py-1.5 text-xs' : 'px-4 py-2 text-sm',
            fill && 'flex flex-1 items-center justify-center gap-1.5 focus-visible:ring-inset',
            t.key === active
              ? 'border-primary text-primary dark:border-sky-400 dark:text-sky-300'
              : 'border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white',
          )}
        >
          {t.label}
          {t.count != null && (
            <span
              data-testid={t.countTestId}
              className="ml-1.5 rounded-full bg-slate-200 px-1.5 text-[11px] leading-5 text-slate-700 dark:bg-slate-600 dark:text-slate-100"
            >
              {t.count}
            </span>
          )}
        </button>
      ))}
    </div>
  )
}

/** The panel of the active tab, labelled by it. */
export function TabPanel({
  idPrefix,
  active,
  className,
  children,
}: {
  idPrefix: string
  active: string
  className?: string
  children: ReactNode
}) {
  return (
    <div
      role="tabpanel"
      id={`${idPrefix}-panel-${active}`}
      aria-labelledby={`${idPrefix}-tab-${active}`}
      className={className}
    >
      {children}
    </div>
  )
}
