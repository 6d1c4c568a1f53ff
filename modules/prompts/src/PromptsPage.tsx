import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useApi } from '@atende/client'
import { ConfirmDialog, ErrorCard, ListPage, toast, useErrorToast } from '@atende/ui'
import { PromptDialog } from './PromptDialog.tsx'
import { PromptsTable } from './PromptsTable.tsx'
import type { Prompt } from './types.ts'
import { isPlanDenied, usePlanDenied } from './usePlanDenied.ts'
import { usePrompts } from './usePrompts.ts'
import './index.css'

/**
 * /prompts: the company's OpenAI prompts, kept live; admins add, edit and delete them. Only with the
 * plan's useOpenAi flag: a delete refused for the plan sends the page home as the list does.
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
    <ListPage
      ns="prompts"
      list={list}
      onAdd={() => setEditing({ record: null })}
      table={<PromptsTable list={list} onEdit={onEdit} onDelete={onDelete} />}
    >
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
    </ListPage>
  )
}
