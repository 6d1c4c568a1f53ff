import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, ListPage, PlainTable, columnsOf, useConfirmDelete } from '@atende/ui'
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
  const col = columnsOf<Queue>(t, 'queues')
  const padding = 'px-3 py-2'
  const columns = [
    col('id', { padding, cell: (q) => q.id }),
    col('name', { padding, className: 'font-medium', cell: (q) => q.name }),
    col('color', {
      padding,
      cell: (q) => <span className="inline-block h-4 w-10 rounded" style={{ background: q.color }} title={q.color} />,
    }),
    col('orderQueue', { padding, cell: (q) => q.orderQueue ?? '—' }),
    col('greeting', { padding, className: 'max-w-xs truncate', cell: (q) => q.greetingMessage }),
    col('actions', {
      padding,
      align: 'right',
      className: 'whitespace-nowrap',
      cell: (q) => (
        <>
          <Button
            variant="secondary"
            onClick={() => setEditing({ queue: q })}
            aria-label={t('queues.edit', { name: q.name })}
          >
            {t('queues.editShort')}
          </Button>{' '}
          <Button variant="secondary" onClick={() => del.ask(q)} aria-label={t('queues.delete', { name: q.name })}>
            {t('queues.deleteShort')}
          </Button>
        </>
      ),
    }),
  ]

  return (
    <ListPage
      ns="queues"
      list={{ status: list.items === null ? 'loading' : 'ready', items, reload: () => void list.reload() }}
      count={false}
      onAdd={() => setEditing({ queue: null })}
      table={
        <PlainTable
          className="overflow-auto rounded-md border border-slate-200 dark:border-slate-700"
          data-testid="queues-table"
          headClassName="bg-slate-50 text-left text-xs uppercase text-slate-500 dark:text-slate-400 dark:bg-slate-800"
          rowClassName="border-t border-slate-200 dark:border-slate-700"
          rows={items}
          rowTestid="queue-row"
          columns={columns}
        />
      }
    >
      <QueueDialog editing={editing} queues={items} onClose={() => setEditing(null)} onSaved={list.upsert} />
      {del.dialog}
    </ListPage>
  )
}
