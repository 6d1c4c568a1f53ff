import type { ReactNode } from 'react'
import { cx } from './cx.ts'

export function Loading({ label, className }: { label?: string; className?: string }) {
  return (
    <div
      role="status"
      aria-label={label ?? 'Loading'}
      className={cx('flex items-center justify-center gap-3 p-6 text-slate-500 dark:text-slate-400', className)}
    >
      <span
        className="h-6 w-6 animate-spin rounded-full border-2 border-primary border-t-transparent dark:border-white dark:border-t-transparent"
        aria-hidden
      />
      {label && <span className="text-sm">{label}</span>}
    </div>
  )
}

export function EmptyState({
  title,
  description,
  action,
}: {
  title: ReactNode
  description?: ReactNode
  action?: ReactNode
}) {
  return (
    <div className="flex flex-col items-center justify-center gap-2 rounded-lg border border-dashed border-slate-300 p-10 text-center dark:border-slate-600">
      <p className="text-base font-medium text-slate-700 dark:text-slate-200">{title}</p>
      {description && <p className="text-sm text-slate-500 dark:text-slate-400">{description}</p>}
      {action}
    </div>
  )
}

/** Shown in place of something that failed (a module that did not load, a failed request). */
export function ErrorCard({ title, details, action }: { title: ReactNode; details?: ReactNode; action?: ReactNode }) {
  return (
    <div
      role="alert"
      className="rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-800 dark:border-red-700 dark:bg-red-950 dark:text-red-200"
    >
      <p className="font-medium">{title}</p>
      {details && <p className="mt-1 break-words opacity-80">{details}</p>}
      {action && <div className="mt-3">{action}</div>}
    </div>
  )
}
