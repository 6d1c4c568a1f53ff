import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { errorMessage, useApi, usePermissions } from '@atende/client'
import { Button, ConfirmDialog, EditIcon, EmptyState, ErrorCard, Loading, Switch, TrashIcon } from '@atende/ui'
import { CampaignsGate, fail, ok } from '../access.tsx'
import type { FlowCampaignWire } from '../types.ts'
import { PhraseDialog } from './PhraseDialog.tsx'
import { usePhrases } from './usePhraseData.ts'
import '../index.css'

/** The contacts page's delete permission, which also gates deleting phrase campaigns (§6). */
export const DELETE_PERMISSION = 'contacts-page:deleteContact'
const actionClass = 'rounded-md p-2 focus:outline-none focus-visible:ring-2'

/**
 * /phrase-lists (administration.md §2 "Phrase campaigns"): the company's phrase campaigns — a
 * phrase on a connection that starts a flow — with their status switch, edit, and delete for
 * those holding contacts-page:deleteContact.
 */
function PhraseLists() {
  const { t, i18n } = useTranslation()
  const api = useApi()
  const canDelete = usePermissions().values.has(DELETE_PERMISSION)
  const list = usePhrases()
  const [editing, setEditing] = useState<{ campaign: FlowCampaignWire | null } | null>(null)
  const [deleting, setDeleting] = useState<FlowCampaignWire | null>(null)
  const [busy, setBusy] = useState(false)
  const [switching, setSwitching] = useState<ReadonlySet<number>>(new Set())
  const message = (err: unknown) => errorMessage(err, t, { exists: (k) => i18n.exists(k) })

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

  const confirmDelete = async () => {
    if (!deleting) return
    setBusy(true)
    try {
      await api.delete(`/flowcampaign/${deleting.id}`)
      list.drop(deleting.id)
      ok(t('phrases.deleted'))
    } catch (err) {
      fail(`${t('phrases.deleteError')} ${message(err)}`)
    } finally {
      setBusy(false)
      setDeleting(null)
    }
  }

  return (
    <section className="flex h-full flex-col gap-3 p-3 sm:p-6">
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="mr-auto text-xl font-semibold">{t('phrases.title')}</h1>
        <Button onClick={() => setEditing({ campaign: null })}>{t('phrases.add')}</Button>
      </header>
      {list.failed ? (
        <ErrorCard
          title={t('phrases.loadError')}
          action={
            <Button variant="secondary" onClick={list.reload}>
              {t('flowsCommon.retry')}
            </Button>
          }
        />
      ) : list.items === null ? (
        <Loading label={t('flowsCommon.loading')} />
      ) : list.items.length === 0 ? (
        <EmptyState title={t('phrases.empty')} />
      ) : (
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
              {list.items.map((c) => (
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
                    <button
                      type="button"
                      onClick={() => setEditing({ campaign: c })}
                      aria-label={t('phrases.edit', { name: c.name })}
                      title={t('phrases.edit', { name: c.name })}
                      className={`${actionClass} text-slate-600 hover:bg-slate-100 focus-visible:ring-primary dark:text-slate-300 dark:hover:bg-slate-700`}
                    >
                      <EditIcon className="h-4 w-4" />
                    </button>
                    {canDelete && (
                      <button
                        type="button"
                        onClick={() => setDeleting(c)}
                        aria-label={t('phrases.delete', { name: c.name })}
                        title={t('phrases.delete', { name: c.name })}
                        className={`${actionClass} text-red-600 hover:bg-red-50 focus-visible:ring-red-500 dark:text-red-400 dark:hover:bg-red-950`}
                      >
                        <TrashIcon className="h-4 w-4" />
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <PhraseDialog editing={editing} onClose={() => setEditing(null)} onSaved={list.upsert} />
      <ConfirmDialog
        open={!!deleting}
        danger
        loading={busy}
        onClose={() => {
          if (!busy) setDeleting(null)
        }}
        onConfirm={() => void confirmDelete()}
        title={t('phrases.confirm.title', { name: deleting?.name ?? '' })}
        confirmLabel={t('phrases.confirm.yes')}
        cancelLabel={t('flowsCommon.cancel')}
      >
        {t('phrases.confirm.body')}
      </ConfirmDialog>
    </section>
  )
}

export default function PhraseListsPage() {
  return (
    <CampaignsGate>
      <PhraseLists />
    </CampaignsGate>
  )
}
