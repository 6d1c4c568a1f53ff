import { useCallback, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useApi, usePermissions } from '@atende/client'
import { Button, ListState, SearchField, toast, useConfirmDelete } from '@atende/ui'
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
 * /contacts: search from 3 characters
 * (debounced 500 ms), creation-date filter, count, infinite scroll within 50 px, add/edit modal,
 * delete behind contacts-page:deleteContact, spreadsheet import and CSV export, live updates.
 */
export default function ContactsPage() {
  const { t, i18n } = useTranslation()
  const api = useApi()
  const perms = usePermissions()
  const canDelete = perms.values.has(DELETE_PERMISSION)
  const [filters, setFilters] = useState<ContactFilters>({ search: '', from: '', to: '' })
  const list = useContactList(filters)
  const [editing, setEditing] = useState<{ id: number | null } | null>(null)
  const [importing, setImporting] = useState(false)
  const [exporting, setExporting] = useState(false)
  const { upsert, remove } = list

  const onEdit = useCallback((c: Contact) => setEditing({ id: c.id }), [])
  const del = useConfirmDelete<Contact>({
    ns: 'contacts',
    path: (c) => `/contacts/${c.id}`,
    onDeleted: (c) => remove(c.id),
    keys: {
      yes: 'contacts.confirm.confirm',
      no: 'contacts.confirm.cancel',
      body: 'contacts.confirm.message',
      deleted: 'contacts.confirm.deleted',
      deleteError: 'errors.generic',
    },
  })
  const search = effectiveSearch(filters.search)
  const shortSearch = filters.search.trim().length > 0 && !search

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

      <ListState
        ns="contacts"
        list={list}
        empty={
          search
            ? t('contacts.emptySearch', { search })
            : filters.from || filters.to
              ? t('contacts.emptyDates')
              : undefined
        }
        table={<ContactsTable list={list} onEdit={onEdit} onDelete={canDelete ? del.ask : undefined} />}
      />

      <ContactDialog
        open={!!editing}
        contactId={editing?.id ?? null}
        onClose={() => setEditing(null)}
        onSaved={upsert}
      />
      <ImportDialog open={importing} onClose={() => setImporting(false)} />
      {del.dialog}
    </section>
  )
}
