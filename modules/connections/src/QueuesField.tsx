import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useApi } from '@atende/client'
import { ChipsField, type Chip } from '@atende/ui'

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
  const [queues, setQueues] = useState<Chip[] | null>(null)
  useEffect(() => {
    const ctrl = new AbortController()
    api
      .get<Chip[]>('/queue', { signal: ctrl.signal })
      .then((q) => setQueues(Array.isArray(q) ? q : []))
      .catch(() => {
        if (!ctrl.signal.aborted) setQueues([])
      })
    return () => ctrl.abort()
  }, [api])
  return (
    <ChipsField
      legend={t('connections.form.queues')}
      items={queues}
      value={value}
      onChange={onChange}
      error={error}
      empty={<p className="text-xs text-slate-500 dark:text-slate-400">{t('connections.form.noQueues')}</p>}
      data-testid="connection-queues"
    />
  )
}
