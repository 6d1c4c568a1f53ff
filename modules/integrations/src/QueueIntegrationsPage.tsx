import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { ClientErrorCodes, isApiError, useApi } from '@atende/client'
import { Button, ConfirmDialog, EmptyState, ErrorCard, Loading, SearchField, toast, useErrorToast } from '@atende/ui'
import { QueueIntegrationDialog } from './QueueIntegrationDialog.tsx'
import { QueueIntegrationsTable } from './QueueIntegrationsTable.tsx'
import type { QueueIntegration } from './types.ts'
import { useQueueIntegrations } from './useQueueIntegrations.ts'
import './index.css'

/** administration.md §2, §8: without the integrations plan flag, the notice goes home after 1 s. */
export const REDIRECT_MS = 1000

const isPlanDenied = (err: unknown) => isApiError(err) && err.code === ClientErrorCodes.PLAN_FEATURE_DISABLED

/**
 * /queue-integration (administration.md §2 "Queue integrations", §4 live updates): the company's
 * integrations, searchable, a page at a time; admins add, edit and delete them.
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
    <section className="flex h-full min-h-[420px] flex-col gap-3 p-3 sm:p-6">
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="mr-auto text-xl font-semibold">
          {t('integrations.title')}
          {list.status === 'ready' && (
            <span
              className="ml-2 text-sm font-normal text-slate-500 dark:text-slate-400"
              data-testid="integrations-count"
            >
              {t('integrations.count', { count: list.count })}
            </span>
          )}
        </h1>
        <SearchField
          label={t('integrations.search')}
          placeholder={t('integrations.searchPlaceholder')}
          onSearch={setSearch}
          className="w-full sm:w-72"
        />
        <Button onClick={() => setEditing({ record: null })} className="w-full sm:w-auto">
          {t('integrations.add')}
        </Button>
      </header>

      {list.status === 'error' ? (
        <ErrorCard
          title={t('integrations.loadError')}
          action={
            <Button variant="secondary" onClick={list.reload}>
              {t('integrations.retry')}
            </Button>
          }
        />
      ) : list.status === 'loading' ? (
        <Loading label={t('integrations.loading')} />
      ) : list.items.length === 0 ? (
        <EmptyState title={search ? t('integrations.emptySearch', { search }) : t('integrations.empty')} />
      ) : (
        <QueueIntegrationsTable
          records={list.items}
          hasMore={list.hasMore}
          loadingMore={list.loadingMore}
          moreFailed={list.moreFailed}
          loadMore={list.loadMore}
          onEdit={onEdit}
          onDelete={onDelete}
        />
      )}

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
    </section>
  )
}
