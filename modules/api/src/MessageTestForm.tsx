import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { errorMessage, isApiError, useApi } from '@atende/client'
import { Button, ErrorCard, FieldShell, TextAreaField, TextField, sayAll } from '@atende/ui'
import { emptyTest, testErrors, testRequest, type TestErrors, type TestMode, type TestValues } from './messageTest.ts'
import type { SendResult } from './types.ts'
import { isPlanDenied } from './usePlanDenied.tsx'

type Outcome =
  { kind: 'sent'; answer: Partial<SendResult> } | { kind: 'failed'; code: string; message: string; status: number }

const FIELDS = new Set(['token', 'number', 'body', 'file', 'medias'])

/**
 * Tries POST /api/messages/send with a token as an integrator would: a text as JSON, or a media as
 * multipart. Shows the answer, or the server's error as it came.
 */
export function MessageTestForm({ onPlanDenied }: { onPlanDenied: () => void }) {
  const { t, i18n } = useTranslation()
  const api = useApi()
  const id = useId()
  const [mode, setMode] = useState<TestMode>('text')
  const [values, setValues] = useState<TestValues>(emptyTest)
  const [errors, setErrors] = useState<Partial<Record<keyof TestErrors, string>>>({})
  const [busy, setBusy] = useState(false)
  const [outcome, setOutcome] = useState<Outcome | null>(null)

  const set = <K extends keyof TestValues>(key: K, value: TestValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }))
    setErrors((e) => ({ ...e, [key]: undefined }))
  }
  /** A text of the test: its value, change and error. */
  const field = (key: 'token' | 'number' | 'body') => ({
    value: values[key],
    onChange: (v: string) => set(key, v),
    error: errors[key],
  })

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const found = testErrors(values, mode)
    setErrors(sayAll(t, found))
    if (Object.keys(found).length) return
    setBusy(true)
    setOutcome(null)
    try {
      const { body, headers } = testRequest(values, mode)
      // The typed token, not the session's: the call is made as the integrator would make it.
      const answer = await api.post<Partial<SendResult>>('/messages/send', {
        body,
        headers,
        auth: false,
        timeoutMs: 30_000,
      })
      setOutcome({ kind: 'sent', answer: answer ?? {} })
    } catch (err) {
      if (isPlanDenied(err)) return onPlanDenied()
      if (!isApiError(err)) throw err
      const message = errorMessage(err, t, { exists: (k: string) => i18n.exists(k) })
      setOutcome({ kind: 'failed', code: err.code, message, status: err.status })
      if (err.field && FIELDS.has(err.field)) {
        const key = err.field === 'medias' ? 'file' : (err.field as keyof TestErrors)
        setErrors((x) => ({ ...x, [key]: message }))
      }
    } finally {
      setBusy(false)
    }
  }

  const radio = (value: TestMode) => (
    <label className="flex items-center gap-2 text-sm">
      <input
        type="radio"
        name={`${id}-mode`}
        value={value}
        checked={mode === value}
        onChange={() => {
          setMode(value)
          setErrors({})
        }}
      />
      {t(`messagesApi.test.mode.${value}`)}
    </label>
  )

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-800"
    >
      <h2 id={`${id}-title`} className="text-base font-semibold">
        {t('messagesApi.test.title')}
      </h2>
      <form onSubmit={submit} noValidate className="flex flex-col gap-3">
        <fieldset className="flex flex-wrap gap-4">
          <legend className="sr-only">{t('messagesApi.test.mode.label')}</legend>
          {radio('text')}
          {radio('media')}
        </fieldset>
        <TextField label={t('messagesApi.test.token')} {...field('token')} autoComplete="off" spellCheck={false} />
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label={t('messagesApi.test.number')}
            hint={t('messagesApi.test.numberHint')}
            inputMode="tel"
            {...field('number')}
            maxLength={30}
          />
          <TextField
            label={t('messagesApi.test.idempotencyKey')}
            hint={t('messagesApi.test.idempotencyHint')}
            value={values.idempotencyKey}
            onChange={(v) => set('idempotencyKey', v)}
            maxLength={200}
          />
        </div>
        <TextAreaField label={t('messagesApi.test.body')} {...field('body')} rows={3} />
        {mode === 'media' && (
          <FieldShell id={`${id}-file`} label={t('messagesApi.test.file')} error={errors.file}>
            <input
              id={`${id}-file`}
              type="file"
              onChange={(e) => set('file', e.target.files?.[0] ?? null)}
              aria-invalid={errors.file ? true : undefined}
              aria-describedby={errors.file ? `${id}-file-error` : undefined}
              className="block w-full text-sm"
            />
          </FieldShell>
        )}
        <div>
          <Button type="submit" loading={busy}>
            {t(mode === 'media' ? 'messagesApi.test.sendMedia' : 'messagesApi.test.send')}
          </Button>
        </div>
      </form>

      {outcome?.kind === 'sent' && (
        <div
          role="status"
          data-testid="messages-api-result"
          className="rounded-lg border border-green-300 bg-green-50 p-4 text-sm text-green-900 dark:border-green-700 dark:bg-green-950 dark:text-green-100"
        >
          <p className="font-medium">{t('messagesApi.test.sent')}</p>
          <pre className="mt-2 max-h-64 overflow-auto font-mono text-xs">{JSON.stringify(outcome.answer, null, 2)}</pre>
        </div>
      )}
      {outcome?.kind === 'failed' && (
        <div data-testid="messages-api-error">
          <ErrorCard
            title={t('messagesApi.test.failed', { status: outcome.status || '—' })}
            details={`${outcome.code}: ${outcome.message}`}
          />
        </div>
      )}
    </section>
  )
}
