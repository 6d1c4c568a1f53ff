import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { useApi, useRealtime, useSession } from '@atende/client'
import { Button, ConfirmDialog, EmptyState, ErrorCard, Loading, SearchField, toast, useErrorToast } from '@atende/ui'
import { AnnouncementDialog } from './AnnouncementDialog.tsx'
import { AnnouncementView } from './AnnouncementView.tsx'
import { AnnouncementsTable } from './AnnouncementsTable.tsx'
import { REDIRECT_MS, announcementEvent, type Announcement } from './types.ts'
import { useAnnouncements } from './useAnnouncements.ts'
import './index.css'

/** /announcements (administration.md §2): the super user's screen; anyone else is sent home. */
export default function AnnouncementsPage() {
  const { isSuper } = useSession()
  return isSuper ? <Manage /> : <NotAllowed />
}

/** administration.md §2, §8: the informational toast, then / after 1 s. */
function NotAllowed() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  useEffect(() => {
    toast.info(t('announcements.superOnly'))
    const id = setTimeout(() => navigate('/', { replace: true }), REDIRECT_MS)
    return () => clearTimeout(id)
  }, [navigate, t])
  return (
    <div className="p-6" data-testid="announcements-denied">
      <ErrorCard title={t('announcements.superOnly')} />
    </div>
  )
}

function Manage() {
  const { t } = useTranslation()
  const api = useApi()
  const { companyId } = useSession()
  const showError = useErrorToast('announcements.toasts.error')
  const [search, setSearch] = useState('')
  const list = useAnnouncements(search)
  const { upsert, remove, refresh } = list
  const [editing, setEditing] = useState<{ record: Announcement | null } | null>(null)
  const [previewing, setPreviewing] = useState<Announcement | null>(null)
  const [deleting, setDeleting] = useState<Announcement | null>(null)
  const [busy, setBusy] = useState(false)

  // Frames carry only what readers may see: the super user's list reads its page again.
  useRealtime(announcementEvent(companyId), () => refresh())

  const onPreview = useCallback((r: Announcement) => setPreviewing(r), [])
  const onEdit = useCallback((r: Announcement) => setEditing({ record: r }), [])
  const onDelete = useCallback((r: Announcement) => setDeleting(r), [])
  const onDeactivate = useCallback(
    async (r: Announcement) => {
      try {
        upsert(await api.put<Announcement>(`/announcements/${r.id}`, { body: { status: false } }))
        toast.success(t('announcements.toasts.deactivated'))
      } catch (err) {
        showError(err)
      }
    },
    [api, upsert, showError, t],
  )

  const confirmDelete = async () => {
    if (!deleting) return
    setBusy(true)
    try {
      await api.delete(`/announcements/${deleting.id}`)
      remove(deleting.id)
      toast.success(t('announcements.toasts.deleted'))
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
          {t('announcements.title')}
          {list.status === 'ready' && (
            <span className="ml-2 text-sm font-normal text-slate-500 dark:text-slate-400">
              {t('announcements.count', { count: list.count })}
            </span>
          )}
        </h1>
        <SearchField
          label={t('announcements.search')}
          placeholder={t('announcements.searchPlaceholder')}
          onSearch={setSearch}
          className="w-full sm:w-72"
        />
        <Button onClick={() => setEditing({ record: null })} data-testid="announcements-add">
          {t('announcements.add')}
        </Button>
      </header>

      {list.status === 'error' ? (
        <ErrorCard
          title={t('announcements.loadError')}
          action={
            <Button variant="secondary" onClick={list.reload}>
              {t('announcements.retry')}
            </Button>
          }
        />
      ) : list.status === 'loading' ? (
        <Loading label={t('announcements.loading')} />
      ) : list.items.length === 0 ? (
        <EmptyState title={search ? t('announcements.emptySearch', { search }) : t('announcements.empty')} />
      ) : (
        <AnnouncementsTable
          records={list.items}
          hasMore={list.hasMore}
          loadingMore={list.loadingMore}
          moreFailed={list.moreFailed}
          loadMore={list.loadMore}
          onPreview={onPreview}
          onEdit={onEdit}
          onDeactivate={onDeactivate}
          onDelete={onDelete}
        />
      )}

      {editing && (
        <AnnouncementDialog
          record={editing.record}
          onClose={() => setEditing(null)}
          onSaved={(r) => {
            upsert(r)
            setEditing(null)
          }}
        />
      )}
      <AnnouncementView record={previewing} onClose={() => setPreviewing(null)} />
      <ConfirmDialog
        open={!!deleting}
        title={t('announcements.confirmDelete', { title: deleting?.title ?? '' })}
        confirmLabel={t('announcements.delete')}
        cancelLabel={t('announcements.cancel')}
        danger
        loading={busy}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </section>
  )
}
