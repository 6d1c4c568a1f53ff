import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, ConfirmDialog, EmptyState, Loading, toast, useErrorToast } from '@atende/ui'
import { QueueDialog } from './QueueDialog.tsx'
import type { Queue } from './types.ts'
import { useQueues } from './useQueues.ts'
import './index.css'

/** /queues (administration.md §2 "Queues"): the company's queues, add/edit dialog, delete confirmation; live. */
export default function QueuesPage() {
  const { t } = useTranslation()
  const showError = useErrorToast()
  const list = useQueues()
  const [editing, setEditing] = useState<{ queue: Queue | null } | null>(null)
  const [deleting, setDeleting] = useState<Queue | null>(null)
  const [busy, setBusy] = useState(false)

  const confirmDelete = async () => {
    if (!deleting) return
    setBusy(true)
    try {
      await list.remove(deleting.id)
      toast.success(t('queues.deleted'))
    } catch (err) {
      showError(err, 'queues.deleteError')
    } finally {
      setBusy(false)
      setDeleting(null)
    }
  }

  return (
    <section className="flex h-full flex-col gap-3 p-3 sm:p-6">
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="mr-auto text-xl font-semibold">{t('queues.title')}</h1>
        <Button onClick={() => setEditing({ queue: null })}>{t('queues.add')}</Button>
      </header>
      {list.items === null ? (
        <Loading label={t('queues.loading')} />
      ) : list.items.length === 0 ? (
        <EmptyState title={t('queues.empty')} />
      ) : (
        <div className="overflow-auto rounded-md border border-slate-200 dark:border-slate-700">
          <table className="w-full text-sm" data-testid="queues-table">
            <thead className="bg-slate-50 text-left text-xs uppercase text-slate-500 dark:text-slate-400 dark:bg-slate-800">
              <tr>
                <th className="px-3 py-2">{t('queues.columns.id')}</th>
                <th className="px-3 py-2">{t('queues.columns.name')}</th>
                <th className="px-3 py-2">{t('queues.columns.color')}</th>
                <th className="px-3 py-2">{t('queues.columns.orderQueue')}</th>
                <th className="px-3 py-2">{t('queues.columns.greeting')}</th>
                <th className="px-3 py-2 text-right">{t('queues.columns.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((q) => (
                <tr
                  key={q.id}
                  className="border-t border-slate-200 dark:border-slate-700"
                  data-testid={`queue-row-${q.id}`}
                >
                  <td className="px-3 py-2">{q.id}</td>
                  <td className="px-3 py-2 font-medium">{q.name}</td>
                  <td className="px-3 py-2">
                    <span className="inline-block h-4 w-10 rounded" style={{ background: q.color }} title={q.color} />
                  </td>
                  <td className="px-3 py-2">{q.orderQueue ?? '—'}</td>
                  <td className="max-w-xs truncate px-3 py-2">{q.greetingMessage}</td>
                  <td className="whitespace-nowrap px-3 py-2 text-right">
                    <Button
                      variant="secondary"
                      onClick={() => setEditing({ queue: q })}
                      aria-label={t('queues.edit', { name: q.name })}
                    >
                      {t('queues.editShort')}
                    </Button>{' '}
                    <Button
                      variant="secondary"
                      onClick={() => setDeleting(q)}
                      aria-label={t('queues.delete', { name: q.name })}
                    >
                      {t('queues.deleteShort')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <QueueDialog editing={editing} queues={list.items ?? []} onClose={() => setEditing(null)} onSaved={list.upsert} />
      <ConfirmDialog
        open={!!deleting}
        danger
        loading={busy}
        onClose={() => {
          if (!busy) setDeleting(null)
        }}
        onConfirm={() => void confirmDelete()}
        title={t('queues.confirm.title', { name: deleting?.name ?? '' })}
        confirmLabel={t('queues.confirm.yes')}
        cancelLabel={t('queues.confirm.no')}
      >
        {t('queues.confirm.body')}
      </ConfirmDialog>
    </section>
  )
}
