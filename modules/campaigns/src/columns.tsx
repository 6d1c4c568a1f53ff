import type { Column } from '@atende/ui'

/** The campaign screens' tables have rows of one height. */
export const ROW_HEIGHT = 52

/** The name column: the whole name on hover, cut to the column's width. */
export const nameColumn = <T extends { name: string }>(header: string): Column<T> => ({
  key: 'name',
  header,
  headerClassName: 'px-3',
  className: 'max-w-0 truncate px-3 font-medium',
  cell: (r) => <span title={r.name}>{r.name}</span>,
})
