import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useApi } from '@atende/client'
import { Button, ConfirmDialog, EmptyState, ErrorCard, Loading, toast, useErrorToast } from '@atende/ui'
import { PromptDialog } from './PromptDialog.tsx'
import { PromptsTable } from './PromptsTable.tsx'
import type { Prompt } from './types.ts'
import { isPlanDenied, usePlanDenied } from './usePlanDenied.ts'
import { usePrompts } from './usePrompts.ts'
import './index.css'

/**
 * /prompts (administration.md §2 "Prompts", §4 live updates): the company's OpenAI prompts; admins
 * add, edit and delete them. Only with the plan's useOpenAi flag.
 */
export default function PromptsPage() {
  const { t } = useTranslation()
  const api = useApi()
  const showError = useErrorToast('prompts.toasts.deleteError')
  const list = usePrompts()
  const { upsert, remove } = list
  const { denied, deny } = usePlanDenied(list.status === 'error')
  const [editing, setEditing] = useState<{ record: Prompt | null } | null>(null)
  const [deleting, setDeleting] = useState<Prompt | null>(null)
  const [busy, setBusy] = useState(false)

  const onEdit = useCallback((record: Prompt) => setEditing({ record }), [])
  const onDelete = useCallback((record: Prompt) => setDeleting(record), [])

  const confirmDelete = async () => {
    if (!deleting) return
    setBusy(true)
    try {
      await api.delete(`/prompt/${deleting.id}`)
      remove(deleting.id)
      toast.success(t('prompts.toasts.deleted'))
    } catch (err) {
      if (isPlanDenied(err)) deny()
      else showError(err)
    } finally {
      setBusy(false)
      setDeleting(null)
    }
  }

  if (denied)
    return (
      <div className="p-6" data-testid="prompts-plan-denied">
        <ErrorCard title={t('prompts.planDenied')} />
      </div>
    )

  return (
    <section className="flex h-full min-h-[420px] flex-col gap-3 p-3 sm:p-6">
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="mr-auto text-xl font-semibold">
          {t('prompts.title')}
          {list.status === 'ready' && (
            <span className="ml-2 text-sm font-normal text-slate-500 dark:text-slate-400" data-testid="prompts-count">
              {t('prompts.count', { count: list.count })}
            </span>
          )}
        </h1>
        <Button onClick={() => setEditing({ record: null })} className="w-full sm:w-auto">
          {t('prompts.add')}
        </Button>
      </header>

      {list.status === 'error' ? (
        <ErrorCard
          title={t('prompts.loadError')}
          action={
            <Button variant="secondary" onClick={list.reload}>
              {t('prompts.retry')}
            </Button>
          }
        />
      ) : list.status === 'loading' ? (
        <Loading label={t('prompts.loading')} />
      ) : list.items.length === 0 ? (
        <EmptyState title={t('prompts.empty')} />
      ) : (
        <PromptsTable records={list.items} onEdit={onEdit} onDelete={onDelete} />
      )}

      <PromptDialog editing={editing} onClose={() => setEditing(null)} onSaved={upsert} onPlanDenied={deny} />
      <ConfirmDialog
        open={!!deleting}
        danger
        loading={busy}
        onClose={() => {
          if (!busy) setDeleting(null)
        }}
        onConfirm={() => void confirmDelete()}
        title={t('prompts.confirm.title', { name: deleting?.name ?? '' })}
        confirmLabel={t('prompts.confirm.yes')}
        cancelLabel={t('prompts.confirm.no')}
      >
        {t('prompts.confirm.body')}
      </ConfirmDialog>
    </section>
  )
}
