import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, ListPage, useConfirmDelete } from '@atende/ui'
import { QueueDialog } from './QueueDialog.tsx'
import type { Queue } from './types.ts'
import { useQueues } from './useQueues.ts'
import './index.css'

/** /queues: the company's queues (a short list, no count), add/edit dialog, delete confirmation; live. */
export default function QueuesPage() {
  const { t } = useTranslation()
  const list = useQueues()
  const { setItems } = list
  const [editing, setEditing] = useState<{ queue: Queue | null } | null>(null)
  const del = useConfirmDelete<Queue>({
    ns: 'queues',
    path: (q) => `/queue/${q.id}`,
    onDeleted: (q) => setItems((items) => items?.filter((x) => x.id !== q.id) ?? items),
  })
  const items = list.items ?? []

  return (
    <ListPage
      ns="queues"
      list={{ status: list.items === null ? 'loading' : 'ready', items, reload: () => void list.reload() }}
      count={false}
      onAdd={() => setEditing({ queue: null })}
      table={
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
              {items.map((q) => (
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
                      onClick={() => del.ask(q)}
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
      }
    >
      <QueueDialog editing={editing} queues={items} onClose={() => setEditing(null)} onSaved={list.upsert} />
      {del.dialog}
    </ListPage>
  )
}
