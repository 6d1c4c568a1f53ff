import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, EmptyState, ErrorCard, Loading, SearchField } from '@atende/ui'
import { __Name__Table } from './__Name__Table.tsx'
import { use__Name__ } from './use__Name__.ts'
import './index.css'

/** /__name__: the company's __Title__ records, searchable, a page at a time. */
export default function __Name__Page() {
  const { t } = useTranslation()
  const [search, setSearch] = useState('')
  const list = use__Name__(search)

  return (
    <section className="flex h-full min-h-[420px] flex-col gap-3 p-3 sm:p-6">
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="mr-auto text-xl font-semibold">
          {t('__camel__.title')}
          {list.status === 'ready' && <span className="ml-2 text-sm font-normal text-slate-500 dark:text-slate-400">{t('__camel__.count', { count: list.count })}</span>}
        </h1>
        <SearchField label={t('__camel__.search')} placeholder={t('__camel__.searchPlaceholder')} onSearch={setSearch} className="w-full sm:w-72" />
      </header>

      {list.status === 'error' ? (
        <ErrorCard title={t('__camel__.loadError')} action={<Button variant="secondary" onClick={list.reload}>{t('__camel__.retry')}</Button>} />
      ) : list.status === 'loading' ? (
        <Loading label={t('__camel__.loading')} />
      ) : list.items.length === 0 ? (
        <EmptyState title={search ? t('__camel__.emptySearch', { search }) : t('__camel__.empty')} />
      ) : (
        <__Name__Table records={list.items} hasMore={list.hasMore} loadingMore={list.loadingMore} moreFailed={list.moreFailed} loadMore={list.loadMore} />
      )}
    </section>
  )
}
