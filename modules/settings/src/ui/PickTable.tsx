import type { ReactNode } from 'react'
import { cx } from '@atende/ui'
import { tdClass, thClass } from './Panel.tsx'

export interface PickColumn<T> {
  key: string
  header: ReactNode
  cell: (row: T) => ReactNode
}

/**
 * A table whose rows are picked to edit them in the form above: by click, Enter or Space; the
 * picked row says so (`aria-selected`).
 */
export function PickTable<T extends { id: number }>(p: {
  columns: PickColumn<T>[]
  rows: T[]
  picked: number | null
  onPick: (row: T) => void
  /** Classes of a row (a tone), and how the picked row stands out. */
  rowClass?: (row: T, picked: boolean) => string | false | undefined
  rowProps?: (row: T) => Record<`data-${string}`, string>
  stickyHead?: boolean
}) {
  return (
    <table className="min-w-full text-sm">
      <thead className={p.stickyHead ? 'sticky top-0 bg-white dark:bg-slate-800' : undefined}>
        <tr>
          {p.columns.map((c) => (
            <th key={c.key} scope="col" className={thClass}>
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {p.rows.map((row) => (
          <tr
            key={row.id}
            {...p.rowProps?.(row)}
            tabIndex={0}
            aria-selected={p.picked === row.id}
            onClick={() => p.onPick(row)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' || e.key === ' ') {
                e.preventDefault()
                p.onPick(row)
              }
            }}
            className={cx(
              'cursor-pointer border-t border-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-primary dark:border-slate-700',
              p.rowClass?.(row, p.picked === row.id),
            )}
          >
            {p.columns.map((c) => (
              <td key={c.key} className={tdClass}>
                {c.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  )
}
