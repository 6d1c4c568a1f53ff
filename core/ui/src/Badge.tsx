import type { ReactNode } from 'react'
import { cx } from './cx.ts'

export type BadgeTone = 'primary' | 'neutral' | 'success' | 'warning' | 'danger'

const TONES: Record<BadgeTone, string> = {
  primary: 'bg-primary-light text-primary dark:bg-slate-600 dark:text-white',
  neutral: 'bg-slate-100 text-slate-700 dark:bg-slate-700 dark:text-slate-200',
  success: 'bg-green-100 text-green-800 dark:bg-green-900 dark:text-green-200',
  warning: 'bg-amber-100 text-amber-800 dark:bg-amber-900 dark:text-amber-200',
  danger: 'bg-red-100 text-red-800 dark:bg-red-900 dark:text-red-200',
}

/** A short label next to something (a role, a status, a count). */
export function Badge({
  tone = 'neutral',
  className,
  children,
}: {
  tone?: BadgeTone
  className?: string
  children: ReactNode
}) {
  return <span className={cx('inline-block rounded px-1.5 py-0.5 text-xs', TONES[tone], className)}>{children}</span>
}
