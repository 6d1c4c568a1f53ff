import type { ReactNode } from 'react'
import { Dialog as HDialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react'
import { cx } from './cx.ts'
import { ModalToasts } from './toasts.tsx'

export interface SheetProps {
  open: boolean
  onClose: () => void
  /** Names the dialog; shown in the header. */
  title: ReactNode
  /** A second, smaller line under the title. */
  subtitle?: ReactNode
  /** Accessible name of the header's close button (translated by the caller). */
  closeLabel: string
  /** Classes of the header bar (a coloured bar, say). */
  headerClassName?: string
  children: ReactNode
  /** Width class of the panel from `sm` up (default sm:max-w-md); phones get the full width. */
  widthClass?: string
  'data-testid'?: string
}

/**
 * A side panel over the page, anchored right and full height (a conversation, details). It is a
 * modal with the Dialog's behaviour: focus trap, Escape and a backdrop click close it (Headless UI).
 */
export function Sheet({
  open,
  onClose,
  title,
  subtitle,
  closeLabel,
  headerClassName,
  children,
  widthClass = 'sm:max-w-md',
  ...rest
}: SheetProps) {
  return (
    <HDialog open={open} onClose={onClose} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-black/40" />
      <div className="fixed inset-0 flex justify-end">
        <DialogPanel
          data-testid={rest['data-testid']}
          className={cx(
            'flex h-full w-full flex-col bg-white shadow-xl dark:bg-slate-800 dark:text-slate-100',
            widthClass,
          )}
        >
          <ModalToasts open={open} />
          <header
            className={cx(
              'flex items-center gap-3 border-b border-slate-200 px-4 py-3 dark:border-slate-700',
              headerClassName,
            )}
          >
            <div className="min-w-0 flex-1">
              <DialogTitle className="truncate text-base font-semibold">{title}</DialogTitle>
              {subtitle && <p className="truncate text-xs opacity-80">{subtitle}</p>}
            </div>
            <button
              type="button"
              onClick={onClose}
              aria-label={closeLabel}
              className="rounded p-1.5 text-xl leading-none opacity-80 hover:bg-black/10 hover:opacity-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-current"
            >
              <span aria-hidden>×</span>
            </button>
          </header>
          {children}
        </DialogPanel>
      </div>
    </HDialog>
  )
}
