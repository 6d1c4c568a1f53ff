import { useEffect, useRef, useState, type ReactNode } from 'react'
import { cx } from './cx.ts'

export interface TopBarPopoverProps<T> {
  /** Test id prefix: `<testid>-button`, `<testid>-count` and the panel `<testid>` (each overridable). */
  testid: string
  testids?: { button?: string; count?: string; panel?: string; list?: string }
  icon: ReactNode
  /** The badge's number (hidden at 0, "99+" past 99). */
  count: number
  /** The button's accessible name ("3 unread chats"). */
  label: string
  /** The panel's heading and accessible name. */
  title: string
  /** What the panel says with no items. */
  empty: string
  items: readonly T[]
  itemKey: (item: T) => string | number
  /** An item's button (use `popoverItemClass`); `close` shuts the panel before it navigates. */
  renderItem: (item: T, close: () => void) => ReactNode
}

/** The class of an item's button in the panel: full width, hover and keyboard focus alike. */
export const popoverItemClass =
  'flex w-full px-3 py-2 text-left hover:bg-slate-100 focus:bg-slate-100 focus:outline-none dark:hover:bg-slate-700 dark:focus:bg-slate-700'

/**
 * A top-bar button with a count badge that opens a panel of items below it. A click outside or
 * Escape closes it (Escape gives the focus back to the button); the badge is hidden from screen
 * readers because the button's name says the count.
 */
export function TopBarPopover<T>(p: TopBarPopoverProps<T>) {
  const [open, setOpen] = useState(false)
  const root = useRef<HTMLDivElement>(null)
  const button = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    if (!open) return
    const onDown = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false)
    }
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return
      setOpen(false)
      button.current?.focus()
    }
    document.addEventListener('mousedown', onDown)
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('mousedown', onDown)
      document.removeEventListener('keydown', onKey)
    }
  }, [open])

  const close = () => setOpen(false)
  const ids = { button: `${p.testid}-button`, count: `${p.testid}-count`, panel: p.testid, ...p.testids }
  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-haspopup="true"
        aria-label={p.label}
        title={p.label}
        data-testid={ids.button}
        data-count={p.count}
        className="relative rounded-md p-2 hover:bg-white/10 focus:outline-none focus-visible:ring-2 focus-visible:ring-white"
      >
        {p.icon}
        {p.count > 0 && (
          <span
            aria-hidden
            data-testid={ids.count}
            className="absolute -right-0.5 -top-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-red-700 px-1 text-[10px] font-bold leading-none text-white"
          >
            {p.count > 99 ? '99+' : p.count}
          </span>
        )}
      </button>
      {open && (
        <div
          role="dialog"
          aria-label={p.title}
          data-testid={ids.panel}
          className="absolute right-0 top-full z-50 mt-1 w-80 max-w-[calc(100vw-1rem)] overflow-hidden rounded-md border border-slate-200 bg-white text-slate-800 shadow-lg dark:border-slate-700 dark:bg-slate-800 dark:text-slate-100"
        >
          <p className="border-b border-slate-200 px-3 py-2 text-sm font-semibold dark:border-slate-700">{p.title}</p>
          {p.items.length === 0 ? (
            <p className="px-3 py-6 text-center text-sm text-slate-600 dark:text-slate-300">{p.empty}</p>
          ) : (
            <ul className="max-h-96 overflow-y-auto" data-testid={ids.list}>
              {p.items.map((item) => (
                <li key={p.itemKey(item)}>{p.renderItem(item, close)}</li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  )
}

/** A row's line of preview text and unread count (chats, tickets): the count named for screen readers. */
export function PreviewLine({ text, unread, unreadLabel }: { text: ReactNode; unread: number; unreadLabel: string }) {
  return (
    <span className="flex items-center gap-2">
      <span className="min-w-0 flex-1 truncate text-xs text-slate-600 dark:text-slate-300">{text || '\u00a0'}</span>
      <span
        className="shrink-0 rounded-full bg-emerald-700 px-1.5 text-[11px] font-semibold text-white"
        aria-label={unreadLabel}
      >
        {unread}
      </span>
    </span>
  )
}

/** A row's heading: the name, truncated, and its time at the right. */
export function HeadingLine({ name, time, className }: { name: ReactNode; time: ReactNode; className?: string }) {
  return (
    <span className={cx('flex items-baseline gap-2', className)}>
      <span className="min-w-0 flex-1 truncate text-sm font-medium">{name}</span>
      <span className="shrink-0 text-xs text-slate-600 dark:text-slate-300">{time}</span>
    </span>
  )
}
