import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from './Button.tsx'
import { cx } from './cx.ts'
import { SearchField } from './SearchField.tsx'
import { EmptyState, ErrorCard, Loading } from './states.tsx'

/** What the page needs of its list: its state, its server count, and a way to ask again. */
export interface ListPageList {
  status: 'loading' | 'ready' | 'error'
  items: readonly unknown[]
  count?: number
  reload: () => void
}

export interface ListPageProps {
  /**
   * The module's i18n namespace. The page reads `<ns>.title`, `<ns>.count` ({{count}}),
   * `<ns>.search`, `<ns>.searchPlaceholder`, `<ns>.add`, `<ns>.loadError`, `<ns>.empty` and
   * `<ns>.emptySearch` ({{search}}); `title`, `count` and `empty` override theirs.
   */
  ns: string
  list: ListPageList
  /** The header's test id prefix (`<testid>-count`); default `ns`. */
  testid?: string
  title?: ReactNode
  /** The count beside the title once loaded; `false` hides it; default `<ns>.count`. */
  count?: ReactNode | false
  /** The search box (debounced); omitted: the list has no search. */
  search?: { value: string; onSearch: (term: string) => void; debounceMs?: number }
  /** Before the title (a back link). */
  leading?: ReactNode
  /** The title's test id. */
  titleTestid?: string
  /** Classes of the header row (`items-end` beside labelled filters). */
  headerClassName?: string
  /** The add button's test id. */
  addTestid?: string
  /** The add button; omitted: none (the caller may not add). */
  onAdd?: () => void
  /** More header controls, between the search and the add button. */
  actions?: ReactNode
  /** What an empty list says; default `<ns>.emptySearch` while searching, `<ns>.empty` otherwise. */
  empty?: ReactNode
  /** A line under the empty state's title (what to do next). */
  emptyDescription?: ReactNode
  /** Shown between the header and the list, whatever its state (a quick-add form). */
  intro?: ReactNode
  /** The table, shown once the list has rows. */
  table: ReactNode
  /** Dialogs and sheets of the page (rendered after the body). */
  children?: ReactNode
  className?: string
}

/**
 * A module's list page: the title with the server's count, search, add, then the list's state —
 * the failure with a retry, the loading spinner, the empty state (saying the search when one is on)
 * or the table. Every list page of the product looks and behaves the same from this one piece.
 */
export function ListPage({
  ns,
  list,
  testid = ns,
  title,
  count,
  search,
  leading,
  titleTestid,
  headerClassName,
  addTestid,
  onAdd,
  actions,
  empty,
  emptyDescription,
  intro,
  table,
  children,
  className,
}: ListPageProps) {
  const { t } = useTranslation()
  const term = search?.value ?? ''
  return (
    <section className={cx('flex h-full min-h-[420px] flex-col gap-3 p-3 sm:p-6', className)}>
      <header className={cx('flex flex-wrap items-center gap-3', headerClassName)}>
        {leading}
        <h1 className="mr-auto text-xl font-semibold" data-testid={titleTestid}>
          {title ?? t(`${ns}.title`)}
          {list.status === 'ready' && count !== false && (
            <span
              className="ml-2 text-sm font-normal text-slate-500 dark:text-slate-400"
              data-testid={`${testid}-count`}
            >
              {count ?? t(`${ns}.count`, { count: list.count ?? list.items.length })}
            </span>
          )}
        </h1>
        {search && (
          <SearchField
            label={t(`${ns}.search`)}
            placeholder={t(`${ns}.searchPlaceholder`)}
            onSearch={search.onSearch}
            debounceMs={search.debounceMs}
            className="w-full sm:w-72"
          />
        )}
        {actions}
        {onAdd && (
          <Button onClick={onAdd} className="w-full sm:w-auto" data-testid={addTestid}>
            {t(`${ns}.add`)}
          </Button>
        )}
      </header>
      {intro}

      <ListState
        ns={ns}
        list={list}
        empty={empty ?? (term ? t(`${ns}.emptySearch`, { search: term }) : undefined)}
        emptyDescription={emptyDescription}
        table={table}
      />
      {children}
    </section>
  )
}

export interface ListStateProps {
  /** The module's i18n namespace: `<ns>.loadError` and `<ns>.empty` (unless `empty` says otherwise). */
  ns: string
  list: ListPageList
  empty?: ReactNode
  emptyDescription?: ReactNode
  /** What the list shows once it has rows. */
  table: ReactNode
}

/** A list's body by its state: the failure with a retry, the spinner, the empty state, or the rows. */
export function ListState({ ns, list, empty, emptyDescription, table }: ListStateProps) {
  const { t } = useTranslation()
  if (list.status === 'error')
    return (
      <ErrorCard
        title={t(`${ns}.loadError`)}
        action={
          <Button variant="secondary" onClick={list.reload}>
            {t('common.retry', { defaultValue: 'Retry' })}
          </Button>
        }
      />
    )
  if (list.status === 'loading') return <Loading label={t('common.loading', { defaultValue: '…' })} />
  if (list.items.length === 0) return <EmptyState title={empty ?? t(`${ns}.empty`)} description={emptyDescription} />
  return table
}
