import { useCallback, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { errorMessage, useApi } from '@atende/client'
import {
  Button,
  ConfirmDialog,
  EditIcon,
  EmptyState,
  ErrorCard,
  Loading,
  SearchField,
  TrashIcon,
  VirtualTable,
  toast,
  type Column,
} from '@atende/ui'
import { CampaignsGate, NoAccess, isPlanDenied } from '../access.tsx'
import { ContactListDialog } from './ContactListDialog.tsx'
import { downloadExample } from './example.ts'
import { DownloadIcon, PeopleIcon, actionClass, dangerActionClass } from './icons.tsx'
import type { ContactList } from './types.ts'
import { useContactLists } from './useContactLists.ts'
import '../index.css'

const ROW_HEIGHT = 52
const rowProps = (r: ContactList) => ({ 'data-testid': `contact-list-row-${r.id}` })
const rowKey = (r: ContactList) => r.id

/**
 * /contact-lists (administration.md §2 "Contact lists and campaigns", §4 live updates): the
 * company's lists, searchable, a page at a time, with their contacts count; download the example
 * spreadsheet, open a list's contacts, rename, delete with confirmation; add.
 */
function ContactLists() {
  const { t, i18n } = useTranslation()
  const api = useApi()
  const navigate = useNavigate()
  const [search, setSearch] = useState('')
  const list = useContactLists(search)
  const { upsert, remove } = list
  const [denied, setDenied] = useState(false)
  const [editing, setEditing] = useState<{ record: ContactList | null } | null>(null)
  const [deleting, setDeleting] = useState<ContactList | null>(null)
  const [busy, setBusy] = useState(false)
  const message = useCallback(
    (err: unknown) => errorMessage(err, t, { exists: (k: string) => i18n.exists(k) }),
    [t, i18n],
  )

  const example = useCallback(() => {
    downloadExample(api).catch((err) => toast.error(message(err)))
  }, [api, message])

  const columns = useMemo<Column<ContactList>[]>(
    () => [
      {
        key: 'name',
        header: t('contactLists.columns.name'),
        headerClassName: 'px-3',
        className: 'max-w-0 truncate px-3 font-medium',
        cell: (r) => <span title={r.name}>{r.name}</span>,
      },
      {
        key: 'contacts',
        header: t('contactLists.columns.contacts'),
        headerClassName: 'w-28 px-3 text-center sm:w-40',
        className: 'px-3 text-center font-mono text-sm',
        cell: (r) => <span data-testid="contacts-count">{r.contactsCount}</span>,
      },
      {
        key: 'actions',
        header: t('contactLists.columns.actions'),
        headerClassName: 'w-44 px-3 text-right',
        className: 'px-1 text-right whitespace-nowrap',
        cell: (r) => (
          <>
            <button
              type="button"
              onClick={example}
              className={actionClass}
              title={t('contactLists.example')}
              aria-label={t('contactLists.example')}
            >
              <DownloadIcon className="h-4 w-4" />
            </button>
            <button
              type="button"
              onClick={() => navigate(`/contact-lists/${r.id}/contacts`)}
              className={actionClass}
              title={t('contactLists.open', { name: r.name })}
              aria-label={t('contactLists.open', { name: r.name })}
            >
              <PeopleIcon className="h-4 w-4" />
            </button>
            <button
              type="button"
              onClick={() => setEditing({ record: r })}
              className={actionClass}
              title={t('contactLists.edit', { name: r.name })}
              aria-label={t('contactLists.edit', { name: r.name })}
            >
              <EditIcon className="h-4 w-4" />
            </button>
            <button
              type="button"
              onClick={() => setDeleting(r)}
              className={dangerActionClass}
              title={t('contactLists.delete', { name: r.name })}
              aria-label={t('contactLists.delete', { name: r.name })}
            >
              <TrashIcon className="h-4 w-4" />
            </button>
          </>
        ),
      },
    ],
    [t, navigate, example],
  )

  const confirmDelete = async () => {
    if (!deleting) return
    setBusy(true)
    try {
      await api.delete(`/contact-lists/${deleting.id}`)
      remove(deleting.id)
      toast.success(t('contactLists.toasts.deleted'))
    } catch (err) {
      if (isPlanDenied(err)) setDenied(true)
      else toast.error(message(err))
    } finally {
      setBusy(false)
      setDeleting(null)
    }
  }

  if (denied) return <NoAccess testId="contact-lists-plan-denied" />

  return (
    <section className="flex h-full min-h-[420px] flex-col gap-3 p-3 sm:p-6">
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="mr-auto text-xl font-semibold">{t('contactLists.title')}</h1>
        <SearchField
          label={t('contactLists.search')}
          placeholder={t('contactLists.searchPlaceholder')}
          onSearch={setSearch}
          className="w-full sm:w-72"
        />
        <Button onClick={() => setEditing({ record: null })} className="w-full sm:w-auto">
          {t('contactLists.add')}
        </Button>
      </header>

      {list.status === 'error' ? (
        <ErrorCard
          title={t('contactLists.loadError')}
          action={
            <Button variant="secondary" onClick={list.reload}>
              {t('campaignsCommon.retry')}
            </Button>
          }
        />
      ) : list.status === 'loading' ? (
        <Loading label={t('campaignsCommon.loading')} />
      ) : list.items.length === 0 ? (
        <EmptyState title={search ? t('contactLists.emptySearch', { search }) : t('contactLists.empty')} />
      ) : (
        <VirtualTable
          data-testid="contact-lists-scroll"
          label={t('contactLists.title')}
          columns={columns}
          rows={list.items}
          rowKey={rowKey}
          rowProps={rowProps}
          rowHeight={ROW_HEIGHT}
          hasMore={list.hasMore}
          loadingMore={list.loadingMore}
          failed={list.moreFailed}
          loadMore={list.loadMore}
          loadingLabel={t('campaignsCommon.loadingMore')}
          failedText={t('contactLists.loadMoreError')}
          retryLabel={t('campaignsCommon.retry')}
        />
      )}

      <ContactListDialog
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={upsert}
        onPlanDenied={() => setDenied(true)}
      />
      <ConfirmDialog
        open={!!deleting}
        danger
        loading={busy}
        onClose={() => {
          if (!busy) setDeleting(null)
        }}
        onConfirm={() => void confirmDelete()}
        title={t('contactLists.confirm.title', { name: deleting?.name ?? '' })}
        confirmLabel={t('contactLists.confirm.yes')}
        cancelLabel={t('contactLists.confirm.no')}
      >
        {t('contactLists.confirm.body')}
      </ConfirmDialog>
    </section>
  )
}

export default function ContactListsPage() {
  return (
    <CampaignsGate>
      <ContactLists />
    </CampaignsGate>
  )
}
