import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { useApi, useRealtime, useSession } from '@atende/client'
import {
  Button,
  ErrorCard,
  ListPage,
  toast,
  useConfirmDelete,
  useEditing,
  useErrorToast,
  useSearchTerm,
} from '@atende/ui'
import { AnnouncementDialog } from './AnnouncementDialog.tsx'
import { AnnouncementView } from './AnnouncementView.tsx'
import { AnnouncementsTable } from './AnnouncementsTable.tsx'
import { REDIRECT_MS, announcementEvent, type Announcement } from './types.ts'
import { useAnnouncements } from './useAnnouncements.ts'
import './index.css'

/** /announcements: the super user's screen; anyone else is sent home. */
export default function AnnouncementsPage() {
  const { isSuper } = useSession()
  return isSuper ? <Manage /> : <NotAllowed />
}

/** Anyone but the super user: an informational toast, then / after 1 s. */
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
  const search = useSearchTerm()
  const list = useAnnouncements(search.value)
  const { upsert, remove, refresh } = list
  const { editing, add, edit, close } = useEditing<Announcement>()
  const [previewing, setPreviewing] = useState<Announcement | null>(null)

  // Frames carry only what readers may see: the super user's list reads its page again.
  useRealtime(announcementEvent(companyId), () => refresh())

  const onPreview = useCallback((r: Announcement) => setPreviewing(r), [])
  const { ask: onDelete, dialog: confirmDialog } = useConfirmDelete<Announcement>({
    ns: 'announcements',
    path: (r) => `/announcements/${r.id}`,
    onDeleted: (r) => remove(r.id),
    titleValues: (r) => ({ title: r.title }),
    keys: {
      title: 'announcements.confirmDelete',
      yes: 'announcements.delete',
      no: 'announcements.cancel',
      body: null,
      deleted: 'announcements.toasts.deleted',
      deleteError: 'announcements.toasts.error',
    },
  })
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

  return (
    <ListPage
      ns="announcements"
      list={list}
      search={search}
      actions={
        <Button onClick={add} data-testid="announcements-add">
          {t('announcements.add')}
        </Button>
      }
      table={
        <AnnouncementsTable
          list={list}
          onPreview={onPreview}
          onEdit={edit}
          onDeactivate={onDeactivate}
          onDelete={onDelete}
        />
      }
    >
      {editing && (
        <AnnouncementDialog
          record={editing.record}
          onClose={close}
          onSaved={(r) => {
            upsert(r)
            close()
          }}
        />
      )}
      <AnnouncementView record={previewing} onClose={() => setPreviewing(null)} />
      {confirmDialog}
    </ListPage>
  )
}
