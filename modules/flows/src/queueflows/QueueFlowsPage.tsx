import { useCallback, useEffect, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useApi, useSession } from '@atende/client'
import { Button, ConfirmDialog, EditIcon, EmptyState, ErrorCard, Loading, TrashIcon, cx } from '@atende/ui'
import { fail, ok } from '../access.tsx'
import type { QueueFlowWire, QueueRef } from '../types.ts'
import { QueueFlowDialog, queueFlowBody } from './QueueFlowDialog.tsx'
import { useQueueRefs } from './useQueueRefs.ts'
import '../index.css'

/** The queues to pick from until they come (the same list each render). */
const NO_QUEUES: QueueRef[] = []

function Chip({ color, children, className }: { color?: string; children: ReactNode; className?: string }) {
  return (
    <span
      className={cx(
        'inline-flex items-center gap-1.5 rounded-full border border-slate-200 px-2 py-0.5 text-xs dark:border-slate-600',
        className,
      )}
    >
      {color && <span aria-hidden className="h-2.5 w-2.5 rounded-full" style={{ background: color }} />}
      {children}
    </span>
  )
}

/**
 * /queue-flow-management: the
 * company's sub-queue flows as cards, with activate/deactivate (PUT with isActive flipped), edit and
 * delete; 'Novo Fluxo de Filas' opens the dialog. The list is reloaded after every change.
 */
export default function QueueFlowsPage() {
  const { t } = useTranslation()
  const api = useApi()
  const { companyId } = useSession()
  const [flows, setFlows] = useState<QueueFlowWire[] | null>(null)
  const [failed, setFailed] = useState(false)
  const queues = useQueueRefs(() => fail(t('queueFlows.queuesError'))) ?? NO_QUEUES
  const [editing, setEditing] = useState<{ flow: QueueFlowWire | null } | null>(null)
  const [deleting, setDeleting] = useState<QueueFlowWire | null>(null)
  const [busy, setBusy] = useState(false)
  const [switching, setSwitching] = useState<number | null>(null)

  const load = useCallback(
    async (signal?: AbortSignal) => {
      if (!companyId) return
      try {
        setFlows(await api.get<QueueFlowWire[]>(`/queue-flow/sub-flows/company/${companyId}`, { signal }))
        setFailed(false)
      } catch (err) {
        if (signal?.aborted) return
        console.error(err)
        setFailed(true)
        fail(t('queueFlows.loadError'))
      }
    },
    [api, companyId, t],
  )
  useEffect(() => {
    const ctrl = new AbortController()
    void load(ctrl.signal)
    return () => ctrl.abort()
  }, [load])

  const toggle = async (f: QueueFlowWire) => {
    const on = !f.isActive
    setSwitching(f.id)
    try {
      const body = queueFlowBody(
        {
          name: f.name,
          description: f.description,
          queueId: String(f.queueId),
          welcomeMessage: f.welcomeMessage,
          subFlows: f.subFlows.map((s, i) => ({
            key: i,
            name: s.name,
            description: s.description,
            targetQueueId: String(s.targetQueueId),
            welcomeMessage: s.welcomeMessage,
          })),
        },
        on,
      )
      await api.put(`/queue-flow/sub-flows/${f.id}`, { body })
      ok(t(on ? 'queueFlows.activated' : 'queueFlows.deactivated'))
      await load()
    } catch (err) {
      console.error(err)
      fail(t(on ? 'queueFlows.activateError' : 'queueFlows.deactivateError'))
    } finally {
      setSwitching(null)
    }
  }

  const confirmDelete = async () => {
    if (!deleting) return
    setBusy(true)
    try {
      await api.delete(`/queue-flow/sub-flows/${deleting.id}`)
      ok(t('queueFlows.deleted'))
      await load()
    } catch (err) {
      console.error(err)
      fail(t('queueFlows.deleteError'))
    } finally {
      setBusy(false)
      setDeleting(null)
    }
  }

  return (
    <section className="flex h-full flex-col gap-3 overflow-auto p-3 sm:p-6">
      <header className="flex flex-wrap items-center gap-3">
        <div className="mr-auto">
          <h1 className="text-xl font-semibold">{t('queueFlows.title')}</h1>
          <p className="text-sm text-slate-600 dark:text-slate-300">{t('queueFlows.note')}</p>
        </div>
        <Button onClick={() => setEditing({ flow: null })}>{t('queueFlows.add')}</Button>
      </header>
      {failed && !flows ? (
        <ErrorCard
          title={t('queueFlows.loadError')}
          action={
            <Button variant="secondary" onClick={() => void load()}>
              {t('flowsCommon.retry')}
            </Button>
          }
        />
      ) : flows === null ? (
        <Loading label={t('flowsCommon.loading')} />
      ) : flows.length === 0 ? (
        <EmptyState title={t('queueFlows.empty')} description={t('queueFlows.emptyHint')} />
      ) : (
        <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3" data-testid="queue-flows">
          {flows.map((f) => (
            <li
              key={f.id}
              data-testid={`queue-flow-${f.id}`}
              aria-label={f.name}
              className="flex flex-col gap-3 rounded-lg bg-white p-4 shadow dark:bg-slate-800"
            >
              <div className="flex items-start gap-2">
                <div className="mr-auto min-w-0">
                  <h2 className="truncate font-semibold">{f.name}</h2>
                  {f.description && <p className="text-sm text-slate-600 dark:text-slate-300">{f.description}</p>}
                </div>
                <span
                  className={cx(
                    'rounded-full px-2 py-0.5 text-xs font-medium',
                    f.isActive
                      ? 'bg-green-100 text-green-800 dark:bg-green-900 dark:text-green-200'
                      : 'bg-slate-100 text-slate-700 dark:bg-slate-700 dark:text-slate-200',
                  )}
                  data-testid="queue-flow-status"
                >
                  {t(f.isActive ? 'queueFlows.active' : 'queueFlows.inactive')}
                </span>
              </div>
              <div className="flex flex-col gap-1 text-sm">
                <span className="text-xs text-slate-500 dark:text-slate-400">{t('queueFlows.mainQueue')}</span>
                <div>
                  <Chip color={f.queue?.color}>{f.queue?.name ?? `#${f.queueId}`}</Chip>
                </div>
                <span className="mt-1 text-xs text-slate-500 dark:text-slate-400">
                  {t('queueFlows.subQueues', { count: f.subFlows.length })}
                </span>
                <div className="flex flex-wrap gap-1">
                  {f.subFlows.map((s, i) => (
                    <Chip key={i} color={s.targetQueue?.color}>
                      {s.name} → {s.targetQueue?.name ?? `#${s.targetQueueId}`}
                    </Chip>
                  ))}
                </div>
              </div>
              <div className="mt-auto flex items-center gap-1 border-t border-slate-100 pt-2 dark:border-slate-700">
                <Button
                  variant="secondary"
                  className="mr-auto px-3 py-1"
                  loading={switching === f.id}
                  onClick={() => void toggle(f)}
                >
                  {t(f.isActive ? 'queueFlows.deactivate' : 'queueFlows.activate')}
                </Button>
                <button
                  type="button"
                  onClick={() => setEditing({ flow: f })}
                  aria-label={t('queueFlows.edit', { name: f.name })}
                  title={t('queueFlows.edit', { name: f.name })}
                  className="rounded-md p-2 text-slate-600 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-primary dark:text-slate-300 dark:hover:bg-slate-700"
                >
                  <EditIcon className="h-4 w-4" />
                </button>
                <button
                  type="button"
                  onClick={() => setDeleting(f)}
                  aria-label={t('queueFlows.delete', { name: f.name })}
                  title={t('queueFlows.delete', { name: f.name })}
                  className="rounded-md p-2 text-red-600 hover:bg-red-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-red-500 dark:text-red-400 dark:hover:bg-red-950"
                >
                  <TrashIcon className="h-4 w-4" />
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <QueueFlowDialog editing={editing} queues={queues} onClose={() => setEditing(null)} onSaved={() => void load()} />
      <ConfirmDialog
        open={!!deleting}
        danger
        loading={busy}
        onClose={() => {
          if (!busy) setDeleting(null)
        }}
        onConfirm={() => void confirmDelete()}
        title={t('queueFlows.confirm.title')}
        confirmLabel={t('queueFlows.confirm.yes')}
        cancelLabel={t('flowsCommon.cancel')}
      >
        {deleting?.name}
      </ConfirmDialog>
    </section>
  )
}
