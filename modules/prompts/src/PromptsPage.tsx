import { useTranslation } from 'react-i18next'
import { ErrorCard, ListPage, useConfirmDelete, useEditing } from '@atende/ui'
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
  const list = usePrompts()
  const { denied, deny } = usePlanDenied(list.status === 'error')
  const { editing, add, edit, close } = useEditing<Prompt>()
  const { ask: onDelete, dialog: confirmDialog } = useConfirmDelete<Prompt>({
    ns: 'prompts',
    path: (r) => `/prompt/${r.id}`,
    onDeleted: (r) => list.remove(r.id),
    keys: { deleted: 'prompts.toasts.deleted', deleteError: 'prompts.toasts.deleteError' },
    onError: (err) => {
      if (!isPlanDenied(err)) return false
      deny()
      return true
    },
  })

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
      onAdd={add}
      table={<PromptsTable list={list} onEdit={edit} onDelete={onDelete} />}
    >
      <PromptDialog editing={editing} onClose={close} onSaved={list.upsert} onPlanDenied={deny} />
      {confirmDialog}
    </ListPage>
  )
}
