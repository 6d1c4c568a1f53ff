import type { ReactNode } from 'react'
import type { Column } from './VirtualTable.tsx'

export interface PlainTableProps<T> {
  rows: readonly T[]
  /** Each column's header and cell classes are its own (padding, breakpoints, alignment). */
  columns: readonly Column<T>[]
  /** Default: the row's `id`. */
  rowKey?: (row: T) => string | number
  /** Each row's test id, `<rowTestid>-<key>`. */
  rowTestid?: string
  /** The table's test id. */
  'data-testid'?: string
  /** Classes of the box around the table (border, scrolling, responsive hiding). */
  className?: string
  tableClassName?: string
  headClassName?: string
  rowClassName?: string
  /** The table's name for screen readers. */
  label?: string
}

const byId = (row: unknown) => (row as { id: number }).id

/**
 * A short list as a whole table (no windowing, no paging): the header row, then a row per item,
 * every cell from its column — for lists the server sends at once.
 */
export function PlainTable<T>(p: PlainTableProps<T>): ReactNode {
  const rowKey = p.rowKey ?? byId
  return (
    <div className={p.className}>
      <table className={p.tableClassName ?? 'w-full text-sm'} data-testid={p['data-testid']} aria-label={p.label}>
        <thead className={p.headClassName}>
          <tr>
            {p.columns.map((c) => (
              <th key={c.key} className={c.headerClassName}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {p.rows.map((row) => (
            <tr
              key={rowKey(row)}
              className={p.rowClassName}
              data-testid={p.rowTestid ? `${p.rowTestid}-${rowKey(row)}` : undefined}
            >
              {p.columns.map((c) => (
                <td key={c.key} className={c.className}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
