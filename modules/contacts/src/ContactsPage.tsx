import { useCallback, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { errorMessage, useApi, usePermissions } from '@atende/client'
import { Button, ConfirmDialog, EmptyState, ErrorCard, Loading, SearchField, toast } from '@atende/ui'
import { ContactDialog } from './ContactDialog.tsx'
import { ContactsTable } from './ContactsTable.tsx'
import { DateFilter } from './DateFilter.tsx'
import { exportCsv } from './exportCsv.ts'
import { ImportDialog } from './import/ImportDialog.tsx'
import type { Contact, ContactFilters } from './types.ts'
import { useContactList } from './useContactList.ts'
import { dayRange, effectiveSearch, SEARCH_MIN } from './validation.ts'
import './index.css'

export const DELETE_PERMISSION = 'contacts-page:deleteContact'

/**
 * /contacts (core.md §2, §5, §6; administration.md "Users, contacts", §9): search from 3 characters
 * (debounced 500 ms), creation-date filter, count, infinite scroll within 50 px, add/edit modal,
 * delete behind contacts-page:deleteContact, spreadsheet import and CSV export, live updates.
 */
export default function ContactsPage() {
  const { t, i18n } = useTranslation()
  const exists = (k: string) => i18n.exists(k)
  const api = useApi()
  const perms = usePermissions()
  const canDelete = perms.values.has(DELETE_PERMISSION)
  const [filters, setFilters] = useState<ContactFilters>({ search: '', from: '', to: '' })
  const list = useContactList(filters)
  const [editing, setEditing] = useState<{ id: number | null } | null>(null)
  const [deleting, setDeleting] = useState<Contact | null>(null)
  const [importing, setImporting] = useState(false)
  const [busy, setBusy] = useState(false)
  const [exporting, setExporting] = useState(false)
  const { upsert, remove } = list

  const onEdit = useCallback((c: Contact) => setEditing({ id: c.id }), [])
  const onDelete = useCallback((c: Contact) => setDeleting(c), [])
  const search = effectiveSearch(filters.search)
  const shortSearch = filters.search.trim().length > 0 && !search

  const confirmDelete = async () => {
    if (!deleting) return
    setBusy(true)
    try {
      await api.delete(`/contacts/${deleting.id}`)
      remove(deleting.id)
      toast.success(t('contacts.confirm.deleted'))
    } catch (err) {
      toast.error(errorMessage(err, t, { exists }))
    } finally {
      setBusy(false)
      setDeleting(null)
    }
  }

  const doExport = async () => {
    setExporting(true)
    try {
      const range = dayRange(filters.from, filters.to)
      await exportCsv(api, { searchParam: search || undefined, dateStart: range.start, dateEnd: range.end })
    } catch (err) {
      toast.error(t('contacts.export.failed'))
      console.error(err)
    } finally {
      setExporting(false)
    }
  }

  const count = useMemo(() => {
    const n = list.count.toLocaleString(i18n.language)
    return list.countCapped ? t('contacts.countCapped', { count: n }) : t('contacts.count', { count: list.count, n })
  }, [list.count, list.countCapped, t, i18n.language])

  return (
    <section className="flex h-full min-h-[420px] flex-col gap-3 p-3 sm:p-6">
      <header className="flex flex-wrap items-end gap-3">
        <h1 className="mr-auto text-xl font-semibold">
          {t('contacts.title')}
          {list.status === 'ready' && (
            <span className="ml-2 text-sm font-normal text-slate-500 dark:text-slate-400" data-testid="contacts-count">
              {count}
            </span>
          )}
        </h1>
        <div className="flex w-full flex-col gap-1 sm:w-72">
          <SearchField
            label={t('contacts.search')}
            placeholder={t('contacts.searchPlaceholder')}
            onSearch={(s) => setFilters((f) => ({ ...f, search: s }))}
            className="w-full"
          />
          {shortSearch && (
            <p className="text-xs text-slate-500 dark:text-slate-400">
              {t('contacts.searchHint', { count: SEARCH_MIN })}
            </p>
          )}
        </div>
        <DateFilter from={filters.from} to={filters.to} onChange={(r) => setFilters((f) => ({ ...f, ...r }))} />
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setImporting(true)}>
            {t('contacts.import.button')}
          </Button>
          <Button variant="secondary" onClick={() => void doExport()} loading={exporting}>
            {t('contacts.export.button')}
          </Button>
          <Button onClick={() => setEditing({ id: null })}>{t('contacts.add')}</Button>
        </div>
      </header>

      {list.status === 'error' ? (
        <ErrorCard
          title={t('contacts.loadError')}
          action={
            <Button variant="secondary" onClick={list.reload}>
              {t('common.retry', { defaultValue: 'Retry' })}
            </Button>
          }
        />
      ) : list.status === 'loading' ? (
        <Loading label={t('common.loading', { defaultValue: '…' })} />
      ) : list.contacts.length === 0 ? (
        <EmptyState
          title={
            search
              ? t('contacts.emptySearch', { search })
              : filters.from || filters.to
                ? t('contacts.emptyDates')
                : t('contacts.empty')
          }
        />
      ) : (
        <ContactsTable
          contacts={list.contacts}
          hasMore={list.hasMore}
          loadingMore={list.loadingMore}
          moreFailed={list.moreFailed}
          loadMore={list.loadMore}
          onEdit={onEdit}
          onDelete={canDelete ? onDelete : undefined}
        />
      )}

      <ContactDialog
        open={!!editing}
        contactId={editing?.id ?? null}
        onClose={() => setEditing(null)}
        onSaved={upsert}
      />
      <ImportDialog open={importing} onClose={() => setImporting(false)} />
      <ConfirmDialog
        open={!!deleting}
        danger
        loading={busy}
        onClose={() => {
          if (!busy) setDeleting(null)
        }}
        onConfirm={() => void confirmDelete()}
        title={t('contacts.confirm.title', { name: deleting?.name ?? '' })}
        confirmLabel={t('contacts.confirm.confirm')}
        cancelLabel={t('contacts.confirm.cancel')}
      >
        {t('contacts.confirm.message')}
      </ConfirmDialog>
    </section>
  )
}
