import { useCallback } from 'react'
import { PagedTable, type Column, type PagedTableProps } from '@atende/ui'

const ROW_HEIGHT = 52
const byId = (r: { id: number }) => r.id

export type RecordsTableProps<T> = Omit<PagedTableProps<T>, 'rowKey' | 'rowProps' | 'rowHeight'> & {
  /** The rows' test id prefix: a row is `<row>-<id>`. */
  row: string
}

/** A table of the campaign screens: rows of one height keyed by id, each with its test id. */
export function RecordsTable<T extends { id: number }>({ row, ...rest }: RecordsTableProps<T>) {
  const rowProps = useCallback((r: T) => ({ 'data-testid': `${row}-${r.id}` }), [row])
  return <PagedTable<T> {...rest} rowKey={byId} rowProps={rowProps} rowHeight={ROW_HEIGHT} />
}

/** The name column: the whole name on hover, cut to the column's width. */
export const nameColumn = <T extends { name: string }>(header: string): Column<T> => ({
  key: 'name',
  header,
  headerClassName: 'px-3',
  className: 'max-w-0 truncate px-3 font-medium',
  cell: (r) => <span title={r.name}>{r.name}</span>,
})
