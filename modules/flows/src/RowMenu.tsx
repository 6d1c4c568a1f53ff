import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { cx } from '@atende/ui'

export interface RowMenuItem {
  label: string
  onSelect: () => void
  danger?: boolean
}

const DotsIcon = ({ className }: { className?: string }) => (
  <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden className={className}>
    <circle cx="12" cy="5" r="2" />
    <circle cx="12" cy="12" r="2" />
    <circle cx="12" cy="19" r="2" />
  </svg>
)

/**
 * A row's action menu: a button opening a small list of actions, placed fixed under the button so a
 * scrolled table does not clip it. Escape, a click outside or choosing an action closes it.
 */
export function RowMenu({
  label,
  items,
  trigger,
  triggerClassName,
}: {
  label: string
  items: RowMenuItem[]
  /** What the button shows (three dots by default, with `label` as its accessible name). */
  trigger?: ReactNode
  triggerClassName?: string
}) {
  const id = useId()
  const button = useRef<HTMLButtonElement>(null)
  const menu = useRef<HTMLDivElement>(null)
  const [at, setAt] = useState<{ top: number; right: number } | null>(null)

  useEffect(() => {
    if (!at) return
    menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus()
    const close = (e: Event) => {
      if (e instanceof KeyboardEvent) {
        if (e.key !== 'Escape') return
        button.current?.focus()
      } else if (menu.current?.contains(e.target as Node) || button.current?.contains(e.target as Node)) return
      setAt(null)
    }
    document.addEventListener('mousedown', close)
    document.addEventListener('keydown', close)
    window.addEventListener('resize', close)
    window.addEventListener('scroll', close, true)
    return () => {
      document.removeEventListener('mousedown', close)
      document.removeEventListener('keydown', close)
      window.removeEventListener('resize', close)
      window.removeEventListener('scroll', close, true)
    }
  }, [at])

  const toggle = () => {
    if (at) return setAt(null)
    const r = button.current?.getBoundingClientRect()
    if (r) setAt({ top: r.bottom + 4, right: window.innerWidth - r.right })
  }

  return (
    <>
      <button
        ref={button}
        type="button"
        aria-label={trigger ? undefined : label}
        title={trigger ? undefined : label}
        aria-haspopup="menu"
        aria-expanded={!!at}
        aria-controls={at ? id : undefined}
        onClick={(e) => {
          e.stopPropagation()
          toggle()
        }}
        className={
          triggerClassName ??
          'rounded-md p-2 text-slate-600 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-primary dark:text-slate-300 dark:hover:bg-slate-700'
        }
      >
        {trigger ?? <DotsIcon className="h-4 w-4" />}
      </button>
      {at && (
        <div
          ref={menu}
          id={id}
          role="menu"
          aria-label={label}
          style={{ top: at.top, right: at.right }}
          className="fixed z-40 min-w-44 rounded-md border border-slate-200 bg-white py-1 text-left shadow-lg dark:border-slate-600 dark:bg-slate-800"
          onClick={(e) => e.stopPropagation()}
          onKeyDown={(e) => {
            if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return
            e.preventDefault()
            const list = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])]
            const i = list.indexOf(document.activeElement as HTMLElement)
            list[(i + (e.key === 'ArrowDown' ? 1 : list.length - 1)) % list.length]?.focus()
          }}
        >
          {items.map((item) => (
            <button
              key={item.label}
              type="button"
              role="menuitem"
              onClick={() => {
                setAt(null)
                item.onSelect()
              }}
              className={cx(
                'block w-full px-4 py-2 text-left text-sm hover:bg-slate-100 focus:bg-slate-100 focus:outline-none dark:hover:bg-slate-700 dark:focus:bg-slate-700',
                item.danger ? 'text-red-700 dark:text-red-400' : 'text-slate-700 dark:text-slate-100',
              )}
            >
              {item.label}
            </button>
          ))}
        </div>
      )}
    </>
  )
}
