import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useApi, usePermissions } from '@atende/client'
import { EditIcon, IconAction, ListPage, Switch, TrashIcon } from '@atende/ui'
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
        <div className="overflow-auto rounded-lg bg-white shadow dark:bg-slate-800">
          <table className="w-full text-sm" data-testid="phrases-table">
            <thead className="bg-slate-50 text-left text-xs uppercase text-slate-500 dark:bg-slate-900 dark:text-slate-400">
              <tr>
                <th className="px-3 py-2">{t('phrases.columns.name')}</th>
                <th className="hidden px-3 py-2 sm:table-cell">{t('phrases.columns.phrase')}</th>
                <th className="hidden px-3 py-2 md:table-cell">{t('phrases.columns.flow')}</th>
                <th className="hidden px-3 py-2 lg:table-cell">{t('phrases.columns.connection')}</th>
                <th className="px-3 py-2">{t('phrases.columns.status')}</th>
                <th className="px-3 py-2 text-right">{t('phrases.columns.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((c) => (
                <tr
                  key={c.id}
                  className="border-t border-slate-100 dark:border-slate-700"
                  data-testid={`phrase-row-${c.id}`}
                >
                  <td className="px-3 py-2 font-medium">{c.name}</td>
                  <td className="hidden max-w-xs truncate px-3 py-2 sm:table-cell">{c.phrase}</td>
                  <td className="hidden max-w-xs truncate px-3 py-2 md:table-cell">{c.flowName}</td>
                  <td className="hidden max-w-xs truncate px-3 py-2 lg:table-cell">{c.whatsappName ?? '—'}</td>
                  <td className="px-3 py-2">
                    <Switch
                      label={t('phrases.statusOf', { name: c.name })}
                      hideLabel
                      stateLabel={t(c.status ? 'phrases.active' : 'phrases.disabled')}
                      checked={c.status}
                      disabled={switching.has(c.id)}
                      onChange={(v) => void toggle(c, v)}
                    />
                  </td>
                  <td className="whitespace-nowrap px-1 py-2 text-right">
                    <IconAction
                      label={t('phrases.edit', { name: c.name })}
                      onClick={() => setEditing({ campaign: c })}
                      icon={<EditIcon className="h-4 w-4" />}
                    />
                    {canDelete && (
                      <IconAction
                        label={t('phrases.delete', { name: c.name })}
                        tone="danger"
                        onClick={() => del.ask(c)}
                        icon={<TrashIcon className="h-4 w-4" />}
                      />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
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
