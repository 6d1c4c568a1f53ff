import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useApi, useSession } from '@atende/client'
import { Button, ConfirmDialog, EmptyState, ErrorCard, Loading, SearchField, toast, useErrorToast } from '@atende/ui'
import { FileListDialog } from './FileListDialog.tsx'
import { FileListsTable } from './FileListsTable.tsx'
import type { FileList } from './types.ts'
import { useFileLists } from './useFileLists.ts'
import './index.css'

/**
 * /files (administration.md §2 "Files", §4 live updates): the company's file lists by name,
 * searchable, a page at a time; admins add, edit and delete them.
 */
export default function FilesPage() {
  const { t } = useTranslation()
  const api = useApi()
  const { isAdmin, isSuper } = useSession()
  const canEdit = isAdmin || isSuper
  const showError = useErrorToast('files.deleteError')
  const [search, setSearch] = useState('')
  const list = useFileLists(search)
  const { upsert, remove } = list
  const [editing, setEditing] = useState<{ record: FileList | null } | null>(null)
  const [deleting, setDeleting] = useState<FileList | null>(null)
  const [busy, setBusy] = useState(false)
  const onEdit = useCallback((record: FileList) => setEditing({ record }), [])
  const onDelete = useCallback((record: FileList) => setDeleting(record), [])

  const confirmDelete = async () => {
    if (!deleting) return
    setBusy(true)
    try {
      await api.delete(`/files/${deleting.id}`)
      remove(deleting.id)
      toast.success(t('files.deleted'))
    } catch (err) {
      showError(err)
    } finally {
      setBusy(false)
      setDeleting(null)
    }
  }

  return (
    <section className="flex h-full min-h-[420px] flex-col gap-3 p-3 sm:p-6">
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="mr-auto text-xl font-semibold">
          {t('files.title')}
          {list.status === 'ready' && (
            <span
              className="ml-2 text-sm font-normal text-slate-500 dark:text-slate-400"
              data-testid="file-lists-count"
            >
              {t('files.count', { count: list.count })}
            </span>
          )}
        </h1>
        <SearchField
          label={t('files.search')}
          placeholder={t('files.searchPlaceholder')}
          onSearch={setSearch}
          className="w-full sm:w-72"
        />
        {canEdit && (
          <Button onClick={() => setEditing({ record: null })} className="w-full sm:w-auto">
            {t('files.add')}
          </Button>
        )}
      </header>

      {list.status === 'error' ? (
        <ErrorCard
          title={t('files.loadError')}
          action={
            <Button variant="secondary" onClick={list.reload}>
              {t('files.retry')}
            </Button>
          }
        />
      ) : list.status === 'loading' ? (
        <Loading label={t('files.loading')} />
      ) : list.items.length === 0 ? (
        <EmptyState title={search ? t('files.emptySearch', { search }) : t('files.empty')} />
      ) : (
        <FileListsTable
          records={list.items}
          hasMore={list.hasMore}
          loadingMore={list.loadingMore}
          moreFailed={list.moreFailed}
          loadMore={list.loadMore}
          canEdit={canEdit}
          onEdit={onEdit}
          onDelete={onDelete}
        />
      )}

      <FileListDialog editing={editing} onClose={() => setEditing(null)} onSaved={upsert} />
      <ConfirmDialog
        open={!!deleting}
        danger
        loading={busy}
        onClose={() => {
          if (!busy) setDeleting(null)
        }}
        onConfirm={() => void confirmDelete()}
        title={t('files.confirm.title', { name: deleting?.name ?? '' })}
        confirmLabel={t('files.confirm.yes')}
        cancelLabel={t('files.confirm.no')}
      >
        {t('files.confirm.body')}
      </ConfirmDialog>
    </section>
  )
}
