import type { ReactNode } from 'react'
import type { TFunction } from 'i18next'
import { cx } from './cx.ts'
import type { Column } from './VirtualTable.tsx'

/** The screen width from which a column shows (it is hidden on narrower screens). */
export type Breakpoint = 'sm' | 'md' | 'lg' | 'xl'

// Whole class names, so Tailwind's scan of this file generates them.
const SHOWN_FROM: Record<Breakpoint, [string, string]> = {
  sm: ['hidden', 'sm:table-cell'],
  md: ['hidden', 'md:table-cell'],
  lg: ['hidden', 'lg:table-cell'],
  xl: ['hidden', 'xl:table-cell'],
}
const ALIGN = { right: 'text-right', center: 'text-center' } as const

export interface ColumnSpec<T> {
  cell: (row: T) => ReactNode
  /** The header's words; default `<ns>.columns.<key>`. */
  header?: ReactNode
  /** The column's width class (`w-48`, `w-1/4`); none: it takes the room left. */
  width?: string
  /** Hidden on screens narrower than this. */
  from?: Breakpoint
  align?: keyof typeof ALIGN
  /** Long text ends in an ellipsis instead of widening the table. */
  truncate?: boolean
  /** More classes of each body cell (font, colour). */
  className?: string
}

/**
 * A table's columns from its module's namespace: `const col = columnsOf<Tag>(t, 'tags')`, then
 * `col('name', { cell: (r) => r.name, width: 'w-48', from: 'sm' })` — header words, padding,
 * width and the breakpoint it shows from written once for every table.
 */
export function columnsOf<T>(t: TFunction, ns: string) {
  return (key: string, { cell, header, width, from, align, truncate, className }: ColumnSpec<T>): Column<T> => {
    const [hidden, shown] = from ? SHOWN_FROM[from] : []
    return {
      key,
      header: header ?? t(`${ns}.columns.${key}`),
      headerClassName: cx(hidden, width, 'px-3', align && ALIGN[align], shown),
      className: cx(hidden, truncate && 'max-w-0 truncate', 'px-3', align && ALIGN[align], className, shown),
      cell,
    }
  }
}
