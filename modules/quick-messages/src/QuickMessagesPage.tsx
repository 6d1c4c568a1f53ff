import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useApi, useSession } from '@atende/client'
import { Button, ConfirmDialog, EmptyState, ErrorCard, Loading, SearchField, toast, useErrorToast } from '@atende/ui'
import { QuickMessageDialog } from './QuickMessageDialog.tsx'
import { QuickMessagesTable } from './QuickMessagesTable.tsx'
import type { QuickMessage } from './types.ts'
import { useQuickMessages } from './useQuickMessages.ts'
import './index.css'

/**
 * /quick-messages (administration.md §2, §4 live updates): the caller's own and the company-wide
 * quick messages, searchable, a page at a time; the author or an admin edits and deletes.
 */
export default function QuickMessagesPage() {
  const { t } = useTranslation()
  const api = useApi()
  const { user, isAdmin, isSuper } = useSession()
  const showError = useErrorToast('quickMessages.deleteError')
  const [search, setSearch] = useState('')
  const list = useQuickMessages(search)
  const { upsert, remove } = list
  const [editing, setEditing] = useState<{ record: QuickMessage | null } | null>(null)
  const [deleting, setDeleting] = useState<QuickMessage | null>(null)
  const [busy, setBusy] = useState(false)

  const userId = user?.id
  const canEdit = useCallback(
    (q: QuickMessage) => isAdmin || isSuper || (userId != null && q.userId === userId),
    [isAdmin, isSuper, userId],
  )
  const onEdit = useCallback((record: QuickMessage) => setEditing({ record }), [])
  const onDelete = useCallback((record: QuickMessage) => setDeleting(record), [])

  const confirmDelete = async () => {
    if (!deleting) return
    setBusy(true)
    try {
      await api.delete(`/quick-messages/${deleting.id}`)
      remove(deleting.id)
      toast.success(t('quickMessages.deleted'))
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
          {t('quickMessages.title')}
          {list.status === 'ready' && (
            <span
              className="ml-2 text-sm font-normal text-slate-500 dark:text-slate-400"
              data-testid="quick-messages-count"
            >
              {t('quickMessages.count', { count: list.count })}
            </span>
          )}
        </h1>
        <SearchField
          label={t('quickMessages.search')}
          placeholder={t('quickMessages.searchPlaceholder')}
          onSearch={setSearch}
          className="w-full sm:w-72"
        />
        <Button onClick={() => setEditing({ record: null })} className="w-full sm:w-auto">
          {t('quickMessages.add')}
        </Button>
      </header>

      {list.status === 'error' ? (
        <ErrorCard
          title={t('quickMessages.loadError')}
          action={
            <Button variant="secondary" onClick={list.reload}>
              {t('common.retry', { defaultValue: 'Retry' })}
            </Button>
          }
        />
      ) : list.status === 'loading' ? (
        <Loading label={t('common.loading', { defaultValue: '…' })} />
      ) : list.items.length === 0 ? (
        <EmptyState title={search ? t('quickMessages.emptySearch', { search }) : t('quickMessages.empty')} />
      ) : (
        <QuickMessagesTable
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

      <QuickMessageDialog editing={editing} onClose={() => setEditing(null)} onSaved={upsert} />
      <ConfirmDialog
        open={!!deleting}
        danger
        loading={busy}
        onClose={() => {
          if (!busy) setDeleting(null)
        }}
        onConfirm={() => void confirmDelete()}
        title={t('quickMessages.confirm.title', { shortcode: deleting?.shortcode ?? '' })}
        confirmLabel={t('quickMessages.confirm.yes')}
        cancelLabel={t('quickMessages.confirm.no')}
      >
        {t('quickMessages.confirm.body')}
      </ConfirmDialog>
    </section>
  )
}
