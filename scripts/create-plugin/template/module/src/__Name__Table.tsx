import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { PagedTable, type Column, type PagedRows } from '@atende/ui'
import type { __Entity__ } from '@atende/plugin-__name__/api'

/** Every row has the same height, so the table renders only the rows in view. */
const ROW_HEIGHT = 48
const rowKey = (record: __Entity__) => record.id

/** The records on the kit's windowed table, asking for the next page near the bottom. */
export function __Name__Table({ list }: { list: PagedRows<__Entity__> }) {
  const { t } = useTranslation()
  const columns = useMemo<Column<__Entity__>[]>(() => [
    { key: 'name', header: t('__camel__.columns.name'), headerClassName: 'w-1/3 px-3', className: 'max-w-0 truncate px-3 font-medium', cell: (r) => r.name },
    { key: 'description', header: t('__camel__.columns.description'), headerClassName: 'px-3', className: 'max-w-0 truncate px-3 text-slate-600 dark:text-slate-300', cell: (r) => r.description },
  ], [t])
  return <PagedTable data-testid="__name__-table" ns="__camel__" list={list} columns={columns} rowKey={rowKey} rowHeight={ROW_HEIGHT} />
}
