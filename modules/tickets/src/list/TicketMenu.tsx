import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { cx, ExtensionSlot, useExtensions } from '@atende/ui'
import type { Ticket } from '../types.ts'

interface TicketMenuProps {
  /** For the other modules' entries (the `ticket.menu` slot). */
  ticket: Ticket
  canDelete: boolean
  /** Close without message only makes sense for a ticket not yet closed. */
  canClose: boolean
  onCloseWithoutMessage: () => void
  onDelete: () => void
}

const itemClass =
  'block w-full px-3 py-2 text-left text-sm hover:bg-slate-100 focus:bg-slate-100 focus:outline-none disabled:cursor-not-allowed disabled:opacity-50 dark:hover:bg-slate-700 dark:focus:bg-slate-700'

/**
 * The admin options (⋮) of a list item: other modules' entries first (the `ticket.menu`
 * extension slot, props { ticket, close, className }: the schedules module puts "Agendamento" there),
 * close without message, delete (with ticket-options:deleteTicket).
 * Fixed-positioned from the button so the scrolled list does not clip it.
 */
export function TicketMenu({ ticket, canDelete, canClose, onCloseWithoutMessage, onDelete }: TicketMenuProps) {
  const { t } = useTranslation()
  const id = useId()
  const button = useRef<HTMLButtonElement>(null)
  const menu = useRef<HTMLDivElement>(null)
  const [pos, setPos] = useState<{ top: number; right: number } | null>(null)
  const hasExtensions = useExtensions('ticket.menu').length > 0

  useEffect(() => {
    if (!pos) return
    const close = (e: Event) => {
      if (
        e.type === 'mousedown' &&
        (menu.current?.contains(e.target as Node) || button.current?.contains(e.target as Node))
      )
        return
      setPos(null)
    }
    document.addEventListener('mousedown', close)
    window.addEventListener('resize', close)
    document.addEventListener('scroll', close, true)
    menu.current?.querySelector<HTMLButtonElement>('button:not([disabled])')?.focus()
    return () => {
      document.removeEventListener('mousedown', close)
      window.removeEventListener('resize', close)
      document.removeEventListener('scroll', close, true)
    }
  }, [pos])

  const toggle = () => {
    if (pos) {
      setPos(null)
      return
    }
    const r = button.current!.getBoundingClientRect()
    setPos({ top: r.bottom + 4, right: Math.max(8, window.innerWidth - r.right) })
  }
  const pick = (fn: () => void) => {
    setPos(null)
    button.current?.focus()
    fn()
  }
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.stopPropagation()
      setPos(null)
      button.current?.focus()
      return
    }
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return
    e.preventDefault()
    const items = [...(menu.current?.querySelectorAll<HTMLButtonElement>('button:not([disabled])') ?? [])]
    const i = items.indexOf(document.activeElement as HTMLButtonElement)
    items[(i + (e.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length]?.focus()
  }
  const close = () => {
    setPos(null)
    button.current?.focus()
  }

  if (!hasExtensions && !canClose && !canDelete) return null

  return (
    <>
      <button
        ref={button}
        type="button"
        aria-haspopup="menu"
        aria-expanded={!!pos}
        aria-controls={pos ? id : undefined}
        aria-label={t('tickets.buttons.options')}
        title={t('tickets.buttons.options')}
        data-testid="ticket-options"
        onClick={(e) => {
          e.stopPropagation()
          toggle()
        }}
        className="rounded p-1 text-slate-500 hover:bg-slate-200 hover:text-slate-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-primary dark:text-slate-300 dark:hover:bg-slate-600"
      >
        <svg viewBox="0 0 24 24" className="h-4 w-4" fill="currentColor" aria-hidden>
          <circle cx="12" cy="5" r="2" />
          <circle cx="12" cy="12" r="2" />
          <circle cx="12" cy="19" r="2" />
        </svg>
      </button>
      {pos && (
        <div
          ref={menu}
          id={id}
          role="menu"
          onKeyDown={onKey}
          onClick={(e) => e.stopPropagation()}
          style={{ position: 'fixed', top: pos.top, right: pos.right }}
          className="z-50 w-56 rounded-md border border-slate-200 bg-white py-1 shadow-lg dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100"
        >
          {/* Filled by the schedules module (its "Agendamento" entry); each entry renders a role="menuitem" button and calls close() when picked. */}
          {hasExtensions && <ExtensionSlot name="ticket.menu" props={{ ticket, close, className: itemClass }} />}
          {canClose && (
            <button
              type="button"
              role="menuitem"
              className={itemClass}
              data-testid="ticket-option-close-silent"
              onClick={() => pick(onCloseWithoutMessage)}
            >
              {t('tickets.menu.closeWithoutMessage')}
            </button>
          )}
          {canDelete && (
            <button
              type="button"
              role="menuitem"
              className={cx(itemClass, 'text-red-600 dark:text-red-400')}
              data-testid="ticket-option-delete"
              onClick={() => pick(onDelete)}
            >
              {t('tickets.menu.delete')}
            </button>
          )}
        </div>
      )}
    </>
  )
}
