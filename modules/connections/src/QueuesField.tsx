import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useApi } from '@atende/client'

interface QueueRef {
  id: number
  name: string
  color: string
}

/** The connection's queues (its chatbot menu): GET /api/queue of the queues plugin; none without it. */
export function QueuesField({
  value,
  onChange,
  error,
}: {
  value: number[]
  onChange: (ids: number[]) => void
  error?: string
}) {
  const { t } = useTranslation()
  const api = useApi()
  const [queues, setQueues] = useState<QueueRef[] | null>(null)
  useEffect(() => {
    const ctrl = new AbortController()
    api
      .get<QueueRef[]>('/queue', { signal: ctrl.signal })
      .then((q) => setQueues(Array.isArray(q) ? q : []))
      .catch(() => {
        if (!ctrl.signal.aborted) setQueues([])
      })
    return () => ctrl.abort()
  }, [api])
  const toggle = (id: number) => onChange(value.includes(id) ? value.filter((q) => q !== id) : [...value, id])
  return (
    <fieldset className="flex flex-col gap-1" data-testid="connection-queues">
      <legend className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-200">
        {t('connections.form.queues')}
      </legend>
      {queues === null ? null : queues.length === 0 ? (
        <p className="text-xs text-slate-500 dark:text-slate-400">{t('connections.form.noQueues')}</p>
      ) : (
        <div className="flex flex-wrap gap-2">
          {queues.map((q) => (
            <label
              key={q.id}
              className="flex cursor-pointer items-center gap-2 rounded-full border border-slate-300 px-3 py-1 text-sm dark:border-slate-600"
            >
              <input type="checkbox" checked={value.includes(q.id)} onChange={() => toggle(q.id)} />
              <span className="h-2.5 w-2.5 rounded-full" style={{ background: q.color || '#94a3b8' }} aria-hidden />
              {q.name}
            </label>
          ))}
        </div>
      )}
      {error && (
        <p className="text-xs text-red-600" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  )
}
