import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { ClientErrorCodes, isApiError, useApi } from '@atende/client'
import { ErrorCard, ListPage, toast, useConfirmDelete, useEditing, useSearchTerm } from '@atende/ui'
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
  const search = useSearchTerm()
  const list = useQueueIntegrations(search.value)
  const { editing, add, edit, close } = useEditing<QueueIntegration>()
  const [denied, setDenied] = useState(false)

  const onPlanDenied = useCallback(() => setDenied(true), [])
  const { ask: onDelete, dialog: confirmDialog } = useConfirmDelete<QueueIntegration>({
    ns: 'integrations',
    path: (r) => `/queueIntegration/${r.id}`,
    onDeleted: (r) => list.remove(r.id),
    keys: { deleted: 'integrations.toasts.deleted', deleteError: 'integrations.toasts.deleteError' },
    onError: (err) => {
      if (!isPlanDenied(err)) return false
      setDenied(true)
      return true
    },
  })

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
    close()
    toast.warning(t('integrations.planDenied'))
    const id = setTimeout(() => navigate('/', { replace: true }), REDIRECT_MS)
    return () => clearTimeout(id)
  }, [denied, close, navigate, t])

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
      search={search}
      onAdd={add}
      table={<QueueIntegrationsTable list={list} onEdit={edit} onDelete={onDelete} />}
    >
      <QueueIntegrationDialog editing={editing} onClose={close} onSaved={list.upsert} onPlanDenied={onPlanDenied} />
      {confirmDialog}
    </ListPage>
  )
}
