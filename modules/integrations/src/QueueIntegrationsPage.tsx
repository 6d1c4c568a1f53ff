import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { ClientErrorCodes, isApiError, useApi } from '@atende/client'
import { ConfirmDialog, ErrorCard, ListPage, toast, useErrorToast } from '@atende/ui'
import { QueueIntegrationDialog } from './QueueIntegrationDialog.tsx'
import { QueueIntegrationsTable } from './QueueIntegrationsTable.tsx'
import type { QueueIntegration } from './types.ts'
import { useQueueIntegrations } from './useQueueIntegrations.ts'
import './index.css'

/** Without the integrations plan flag, the notice goes home after 1 s. */
export const REDIRECT_MS = 1000

const isPlanDenied = (err: unknown) => isApiError(err) && err.code === ClientErrorCodes.PLAN_FEATURE_DISABLED

/**
 * /queue-integration: the company's integrations, searchable, a page at a time, kept live; admins
 * add, edit and delete them.
 */
export default function QueueIntegrationsPage() {
  const { t } = useTranslation()
  const api = useApi()
  const navigate = useNavigate()
  const showError = useErrorToast('integrations.toasts.deleteError')
  const [search, setSearch] = useState('')
  const list = useQueueIntegrations(search)
  const { upsert, remove } = list
  const [editing, setEditing] = useState<{ record: QueueIntegration | null } | null>(null)
  const [deleting, setDeleting] = useState<QueueIntegration | null>(null)
  const [busy, setBusy] = useState(false)
  const [denied, setDenied] = useState(false)

  const onEdit = useCallback((record: QueueIntegration) => setEditing({ record }), [])
  const onDelete = useCallback((record: QueueIntegration) => setDeleting(record), [])
  const onPlanDenied = useCallback(() => setDenied(true), [])

  // The list hook keeps only that a page failed: ask once more to tell a plan without the feature apart.
  const failed = list.status === 'error'
  useEffect(() => {
    if (!failed) return
    const ctrl = new AbortController()
    api.get('/queueIntegration', { params: { pageNumber: 1 }, signal: ctrl.signal }).catch((err) => {
      if (isPlanDenied(err)) setDenied(true)
    })
    return () => ctrl.abort()
  }, [failed, api])

  useEffect(() => {
    if (!denied) return
    setEditing(null)
    setDeleting(null)
    toast.warning(t('integrations.planDenied'))
    const id = setTimeout(() => navigate('/', { replace: true }), REDIRECT_MS)
    return () => clearTimeout(id)
  }, [denied, navigate, t])

  const confirmDelete = async () => {
    if (!deleting) return
    setBusy(true)
    try {
      await api.delete(`/queueIntegration/${deleting.id}`)
      remove(deleting.id)
      toast.success(t('integrations.toasts.deleted'))
    } catch (err) {
      if (isPlanDenied(err)) setDenied(true)
      else showError(err)
    } finally {
      setBusy(false)
      setDeleting(null)
    }
  }

  if (denied)
    return (
      <div className="p-6" data-testid="integrations-plan-denied">
        <ErrorCard title={t('integrations.planDenied')} />
      </div>
    )

  return (
    <ListPage
      ns="integrations"
      list={list}
      search={{ value: search, onSearch: setSearch }}
      onAdd={() => setEditing({ record: null })}
      table={<QueueIntegrationsTable list={list} onEdit={onEdit} onDelete={onDelete} />}
    >
      <QueueIntegrationDialog
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={upsert}
        onPlanDenied={onPlanDenied}
      />
      <ConfirmDialog
        open={!!deleting}
        danger
        loading={busy}
        onClose={() => {
          if (!busy) setDeleting(null)
        }}
        onConfirm={() => void confirmDelete()}
        title={t('integrations.confirm.title', { name: deleting?.name ?? '' })}
        confirmLabel={t('integrations.confirm.yes')}
        cancelLabel={t('integrations.confirm.no')}
      >
        {t('integrations.confirm.body')}
      </ConfirmDialog>
    </ListPage>
  )
}
