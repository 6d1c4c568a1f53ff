import type { ReactNode } from 'react'
import { Dialog as HDialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react'
import { cx } from './cx.ts'
import { ModalToasts } from './toasts.tsx'

export interface DialogProps {
  open: boolean
  onClose: () => void
  title?: ReactNode
  children: ReactNode
  footer?: ReactNode
  size?: 'sm' | 'md' | 'lg' | 'xl'
}

const SIZES = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-2xl', xl: 'max-w-4xl' }

/** Modal dialog: focus trap, Escape and backdrop click close it (Headless UI). */
export function Dialog({ open, onClose, title, children, footer, size = 'md' }: DialogProps) {
  return (
    <HDialog open={open} onClose={onClose} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-black/50" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel
          className={cx('w-full rounded-lg bg-white p-5 shadow-xl dark:bg-slate-800 dark:text-slate-100', SIZES[size])}
        >
          <ModalToasts open={open} />
          {title && <DialogTitle className="mb-3 text-lg font-semibold">{title}</DialogTitle>}
          {children}
          {footer && <div className="mt-4 flex justify-end gap-2">{footer}</div>}
        </DialogPanel>
      </div>
    </HDialog>
  )
}
