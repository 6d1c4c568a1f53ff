import { useCallback, useEffect, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useApi } from '@atende/client'
import { Button, ErrorCard, Loading, Select, TextField, useErrorToast } from '@atende/ui'
import './index.css'

interface Summary {
  total: number
  promoters: number
  passives: number
  detractors: number
  score: number | null
}

const SCORES = Array.from({ length: 11 }, (_, i) => ({ value: String(i), label: String(i) }))

/** /nps: the company's NPS and its counts, and a form to record an answer. */
export default function NpsPage() {
  const { t } = useTranslation()
  const api = useApi()
  const showError = useErrorToast('nps.saveError')
  const [summary, setSummary] = useState<Summary | null>(null)
  const [failed, setFailed] = useState(false)
  const [score, setScore] = useState('10')
  const [comment, setComment] = useState('')
  const [saving, setSaving] = useState(false)

  const load = useCallback(() => {
    setFailed(false)
    api.get<Summary>('/nps/summary').then(setSummary, () => setFailed(true))
  }, [api])
  useEffect(load, [load])

  async function submit(e: FormEvent) {
    e.preventDefault()
    setSaving(true)
    try {
      await api.post('/nps/responses', { body: { score: Number(score), comment } })
      setComment('')
      load()
    } catch (err) {
      showError(err)
    } finally {
      setSaving(false)
    }
  }

  if (failed)
    return (
      <ErrorCard
        title={t('nps.loadError')}
        action={
          <Button variant="secondary" onClick={load}>
            {t('nps.retry')}
          </Button>
        }
      />
    )
  if (!summary) return <Loading label={t('nps.loading')} />
  const counts = ['total', 'promoters', 'passives', 'detractors'] as const
  return (
    <section className="flex flex-col gap-4 p-3 sm:p-6">
      <h1 className="text-xl font-semibold">{t('nps.title')}</h1>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
        <div className="rounded border border-slate-200 p-3 dark:border-slate-700">
          <dt className="text-sm text-slate-500 dark:text-slate-400">{t('nps.score')}</dt>
          <dd className="text-2xl font-semibold" data-testid="nps-score">
            {summary.score ?? '–'}
          </dd>
        </div>
        {counts.map((key) => (
          <div key={key} className="rounded border border-slate-200 p-3 dark:border-slate-700">
            <dt className="text-sm text-slate-500 dark:text-slate-400">{t(`nps.${key}`)}</dt>
            <dd className="text-2xl font-semibold">{summary[key]}</dd>
          </div>
        ))}
      </dl>
      {summary.total === 0 && <p className="text-sm text-slate-500 dark:text-slate-400">{t('nps.noScore')}</p>}
      <form onSubmit={submit} className="flex max-w-md flex-col gap-3">
        <h2 className="font-medium">{t('nps.add')}</h2>
        <Select label={t('nps.scoreLabel')} options={SCORES} value={score} onChange={setScore} />
        <TextField label={t('nps.comment')} value={comment} maxLength={2000} onChange={setComment} />
        <Button type="submit" disabled={saving} className="self-start">
          {t('nps.save')}
        </Button>
      </form>
    </section>
  )
}
