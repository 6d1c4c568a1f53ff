import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { errorMessage, isApiError } from '@atende/client'
import { Button, Select, TextField, rules, say, toast, useSaveRecord } from '@atende/ui'
import { DEFAULT_EXPIRY, EXPIRY_CHOICES, NAME_MAX, type ExpiresIn } from './tokens.ts'
import type { GeneratedToken } from './types.ts'
import { isPlanDenied } from './usePlanDenied.tsx'

export interface GenerateTokenFormProps {
  onGenerated: (token: GeneratedToken) => void
  onPlanDenied: () => void
}

/** A name and an expiry (365 days by default, or never): POST /api-tokens/generate. */
export function GenerateTokenForm({ onGenerated, onPlanDenied }: GenerateTokenFormProps) {
  const { t, i18n } = useTranslation()
  const save = useSaveRecord()
  const [name, setName] = useState('')
  const [expiresIn, setExpiresIn] = useState<ExpiresIn>(DEFAULT_EXPIRY)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const submit = (e: FormEvent) => {
    e.preventDefault()
    const problem = rules.length(1, NAME_MAX)(name)
    setError(say(t, problem))
    if (problem) return
    void save<{ data: GeneratedToken }>({
      path: '/api-tokens/generate',
      body: { name: name.trim(), expiresIn },
      setBusy,
      then: (res) => {
        toast.success(t('apiTokens.toasts.generated'))
        setName('')
        setExpiresIn(DEFAULT_EXPIRY)
        onGenerated(res.data)
      },
      failed: (err) => {
        if (isPlanDenied(err)) return onPlanDenied()
        const message = errorMessage(err, t, { exists: (k: string) => i18n.exists(k) })
        if (isApiError(err) && err.field === 'name') setError(message)
        else toast.error(message)
      },
    })
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby="api-generate-title"
      className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-800"
    >
      <h2 id="api-generate-title" className="mb-3 text-base font-semibold">
        {t('apiTokens.generate.title')}
      </h2>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <TextField
          className="min-w-0 flex-1"
          label={t('apiTokens.generate.name')}
          placeholder={t('apiTokens.generate.namePlaceholder')}
          value={name}
          onChange={(v) => {
            setName(v)
            setError(null)
          }}
          error={error}
          maxLength={NAME_MAX}
        />
        <Select
          className="sm:w-48"
          label={t('apiTokens.generate.expiresIn')}
          value={expiresIn}
          onChange={(v) => setExpiresIn(v as ExpiresIn)}
          options={EXPIRY_CHOICES.map((c) => ({ value: c, label: t(`apiTokens.expiry.${c}`) }))}
        />
        <Button type="submit" loading={busy} className="sm:mt-6">
          {t('apiTokens.generate.submit')}
        </Button>
      </div>
    </form>
  )
}
