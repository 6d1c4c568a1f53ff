import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { VirtualTable, type VirtualTableProps } from './VirtualTable.tsx'

/** What a table needs of a paged list (`usePagedList`, `useCollection` …). */
export interface PagedRows<T> {
  items: T[]
  hasMore: boolean
  loadingMore: boolean
  moreFailed: boolean
  loadMore: () => void
}

const byId = (row: unknown) => (row as { id: number }).id

type Fed = 'rows' | 'hasMore' | 'loadingMore' | 'failed' | 'loadMore' | 'label' | 'loadingLabel' | 'failedText'

export type PagedTableProps<T> = Omit<VirtualTableProps<T>, Fed | 'retryLabel' | 'rowKey'> & {
  /** Default: the row's `id`. */
  rowKey?: (row: T) => string | number
  /** Each row's test id, `<rowTestid>-<id>` (instead of `rowProps`). */
  rowTestid?: string
  list: PagedRows<T>
  /**
   * The module's i18n namespace: the table is named `<ns>.title`, says `<ns>.loadingMore` while the
   * next page comes and `<ns>.loadMoreError` when it failed (each overridable).
   */
  ns: string
  label?: string
  loadingLabel?: string
  failedText?: string
}

/** The windowed table of a paged list: rows, the next page and its failure come from the list. */
export function PagedTable<T>({
  list,
  ns,
  label,
  loadingLabel,
  failedText,
  rowKey = byId,
  rowTestid,
  ...rest
}: PagedTableProps<T>) {
  const { t } = useTranslation()
  const given = rest.rowProps
  const rowProps = useMemo(
    () => given ?? (rowTestid ? (row: T) => ({ 'data-testid': `${rowTestid}-${rowKey(row)}` }) : undefined),
    [given, rowTestid, rowKey],
  )
  return (
    <VirtualTable
      {...rest}
      rowKey={rowKey}
      rowProps={rowProps}
      rows={list.items}
      hasMore={list.hasMore}
      loadingMore={list.loadingMore}
      failed={list.moreFailed}
      loadMore={list.loadMore}
      label={label ?? t(`${ns}.title`)}
      loadingLabel={loadingLabel ?? t(`${ns}.loadingMore`)}
      failedText={failedText ?? t(`${ns}.loadMoreError`)}
      retryLabel={t('common.retry', { defaultValue: 'Retry' })}
    />
  )
}
