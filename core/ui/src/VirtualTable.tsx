import { memo, useLayoutEffect, useState, type HTMLAttributes, type ReactNode } from 'react'
import { cx } from './cx.ts'
import { Button } from './Button.tsx'
import { Loading } from './states.tsx'
import { useInfiniteScroll } from './hooks.ts'

export interface Column<T> {
  key: string
  header: ReactNode
  /** Classes of the header cell (width, responsive `hidden sm:table-cell` …). */
  headerClassName?: string
  /** Classes of each body cell. */
  className?: string
  cell: (row: T) => ReactNode
}

export interface VirtualTableProps<T> {
  /** Keep it stable (useMemo): rows re-render only when their row or the columns change. */
  columns: Column<T>[]
  rows: T[]
  rowKey: (row: T) => string | number
  /** Every row has this height in px, so only the rows in view (plus some) are rendered. */
  rowHeight: number
  /** Extra attributes of a row (data-testid, a tone). Keep it stable too. */
  rowProps?: (row: T) => HTMLAttributes<HTMLTableRowElement> & Record<`data-${string}`, string>
  hasMore: boolean
  /** The next page is on its way. */
  loadingMore: boolean
  /** The last next-page request failed: shows `failedText` with a retry button. */
  failed?: boolean
  loadMore: () => void
  /** How near the bottom (px) the next page is asked for; default 100 (contacts use 50). */
  scrollThreshold?: number
  /** Accessible name of the table. */
  label: string
  loadingLabel: string
  failedText?: string
  retryLabel?: string
  /** Shown instead of the table when there are no rows. */
  empty?: ReactNode
  className?: string
  'data-testid'?: string
}

const OVERSCAN = 8
const rowClass = 'border-b border-slate-100 hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-700/40'

interface RowProps<T> {
  row: T
  index: number
  columns: Column<T>[]
  height: number
  rowProps?: VirtualTableProps<T>['rowProps']
}
const Row = memo(function Row<T>({ row, index, columns, height, rowProps }: RowProps<T>) {
  const extra = rowProps?.(row)
  return (
    <tr {...extra} aria-rowindex={index + 2} style={{ height }} className={cx(rowClass, extra?.className)}>
      {columns.map((c) => (
        <td key={c.key} className={c.className}>
          {c.cell(row)}
        </td>
      ))}
    </tr>
  )
}) as <T>(p: RowProps<T>) => ReactNode

/**
 * A scrolled table of equal-height rows that renders only the rows in view (thousands stay smooth)
 * and asks for the next page within 100 px of the bottom, or while the rows do not fill the box.
 * The box is focusable so the keyboard can scroll it; `aria-rowcount`/`aria-rowindex` tell screen
 * readers the real size of the windowed table.
 */
export function VirtualTable<T>(p: VirtualTableProps<T>) {
  const { columns, rows, rowKey, rowHeight, rowProps, hasMore, loadingMore, failed = false, loadMore } = p
  const { ref, element, onScroll } = useInfiniteScroll({
    hasMore,
    busy: loadingMore || failed,
    loadMore,
    count: rows.length,
    threshold: p.scrollThreshold,
  })
  // Scroll position in whole rows: scrolling within a row re-renders nothing.
  const [topRow, setTopRow] = useState(0)
  const [height, setHeight] = useState(800)

  useLayoutEffect(() => {
    const el = element
    if (!el) return
    const measure = () => {
      setTopRow(Math.floor(el.scrollTop / rowHeight))
      setHeight(el.clientHeight)
    }
    measure()
    if (typeof ResizeObserver === 'undefined') return
    const ro = new ResizeObserver(measure)
    ro.observe(el)
    return () => ro.disconnect()
  }, [element, rowHeight])

  if (rows.length === 0 && !hasMore && p.empty) return <>{p.empty}</>

  const first = Math.max(0, topRow - OVERSCAN)
  const last = Math.min(rows.length, topRow + Math.ceil(height / rowHeight) + 1 + OVERSCAN)
  const visible = rows.slice(first, last)

  return (
    <div
      ref={ref}
      data-testid={p['data-testid']}
      tabIndex={0}
      role="region"
      aria-label={p.label}
      className={cx(
        'relative min-h-0 flex-initial overflow-auto rounded-lg bg-white shadow focus:outline-none focus-visible:ring-2 focus-visible:ring-primary dark:bg-slate-800',
        p.className,
      )}
      onScroll={(e) => {
        setTopRow(Math.floor(e.currentTarget.scrollTop / rowHeight))
        onScroll()
      }}
    >
      <table className="w-full table-fixed text-left text-sm" aria-label={p.label} aria-rowcount={rows.length + 1}>
        <thead className="sticky top-0 z-10 bg-slate-50 text-xs uppercase text-slate-500 shadow-sm dark:bg-slate-900 dark:text-slate-400">
          <tr className="h-10" aria-rowindex={1}>
            {columns.map((c) => (
              <th key={c.key} scope="col" className={cx('font-semibold', c.headerClassName)}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {first > 0 && <tr aria-hidden style={{ height: first * rowHeight }} />}
          {visible.map((r, i) => (
            <Row key={rowKey(r)} row={r} index={first + i} columns={columns} height={rowHeight} rowProps={rowProps} />
          ))}
          {last < rows.length && <tr aria-hidden style={{ height: (rows.length - last) * rowHeight }} />}
        </tbody>
      </table>
      {loadingMore && <Loading label={p.loadingLabel} className="p-3" />}
      {failed && (
        <div role="alert" className="flex items-center justify-center gap-3 p-3 text-sm text-red-700 dark:text-red-300">
          {p.failedText}
          <Button variant="secondary" className="px-3 py-1" onClick={loadMore}>
            {p.retryLabel ?? 'Retry'}
          </Button>
        </div>
      )}
    </div>
  )
}
