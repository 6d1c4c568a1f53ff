import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useApi, usePermissions } from '@atende/client'
import { ListPage, PlainTable, Switch, actionsColumn, columnsOf } from '@atende/ui'
import { CampaignsGate, fail, ok } from '../access.tsx'
import type { FlowCampaignWire } from '../types.ts'
import { useAskDelete, useErrorText } from '../useAskDelete.tsx'
import { PhraseDialog } from './PhraseDialog.tsx'
import { usePhrases } from './usePhraseData.ts'
import '../index.css'

/** The contacts page's delete permission, which also gates deleting phrase campaigns. */
export const DELETE_PERMISSION = 'contacts-page:deleteContact'

/**
 * /phrase-lists: the company's phrase campaigns — a
 * phrase on a connection that starts a flow — with their status switch, edit, and delete for
 * those holding contacts-page:deleteContact.
 */
function PhraseLists() {
  const { t } = useTranslation()
  const api = useApi()
  const canDelete = usePermissions().values.has(DELETE_PERMISSION)
  const list = usePhrases()
  const [editing, setEditing] = useState<{ campaign: FlowCampaignWire | null } | null>(null)
  const [switching, setSwitching] = useState<ReadonlySet<number>>(new Set())
  const message = useErrorText()
  const del = useAskDelete<FlowCampaignWire>('phrases', '/flowcampaign', list.drop)

  const toggle = async (c: FlowCampaignWire, status: boolean) => {
    setSwitching((s) => new Set(s).add(c.id))
    try {
      const { id, name, flowId, whatsappId, phrase } = c
      list.upsert(
        await api.put<FlowCampaignWire>('/flowcampaign', { body: { id, name, flowId, whatsappId, phrase, status } }),
      )
      ok(t('phrases.updated'))
    } catch (err) {
      fail(`${t('phrases.saveError')} ${message(err)}`)
    } finally {
      setSwitching((s) => {
        const next = new Set(s)
        next.delete(c.id)
        return next
      })
    }
  }

  const items = list.items ?? []
  const col = columnsOf<FlowCampaignWire>(t, 'phrases')
  const padding = 'px-3 py-2'
  const columns = [
    col('name', { padding, className: 'font-medium', cell: (c) => c.name }),
    col('phrase', { padding, from: 'sm', className: 'max-w-xs truncate', cell: (c) => c.phrase }),
    col('flow', { padding, from: 'md', className: 'max-w-xs truncate', cell: (c) => c.flowName }),
    col('connection', { padding, from: 'lg', className: 'max-w-xs truncate', cell: (c) => c.whatsappName ?? '—' }),
    col('status', {
      padding,
      cell: (c) => (
        <Switch
          label={t('phrases.statusOf', { name: c.name })}
          hideLabel
          stateLabel={t(c.status ? 'phrases.active' : 'phrases.disabled')}
          checked={c.status}
          disabled={switching.has(c.id)}
          onChange={(v) => void toggle(c, v)}
        />
      ),
    }),
    {
      ...actionsColumn<FlowCampaignWire>({
        i18n: { t, ns: 'phrases' },
        onEdit: (c) => setEditing({ campaign: c }),
        onDelete: canDelete ? del.ask : undefined,
      }),
      headerClassName: 'px-3 py-2 text-right',
      className: 'whitespace-nowrap px-1 py-2 text-right',
    },
  ]
  return (
    <ListPage
      ns="phrases"
      list={{
        status: list.failed ? 'error' : list.items === null ? 'loading' : 'ready',
        items,
        reload: list.reload,
      }}
      count={false}
      onAdd={() => setEditing({ campaign: null })}
      table={
        <PlainTable
          className="overflow-auto rounded-lg bg-white shadow dark:bg-slate-800"
          data-testid="phrases-table"
          headClassName="bg-slate-50 text-left text-xs uppercase text-slate-500 dark:bg-slate-900 dark:text-slate-400"
          rowClassName="border-t border-slate-100 dark:border-slate-700"
          rows={items}
          rowTestid="phrase-row"
          columns={columns}
        />
      }
    >
      <PhraseDialog editing={editing} onClose={() => setEditing(null)} onSaved={list.upsert} />
      {del.dialog}
    </ListPage>
  )
}

export default function PhraseListsPage() {
  return (
    <CampaignsGate>
      <PhraseLists />
    </CampaignsGate>
  )
}
