import { useEffect, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useApi } from '@atende/client'
import {
  Button,
  CopyButton,
  ErrorCard,
  Loading,
  Select,
  TextField,
  fieldBinder,
  toast,
  useErrorToast,
} from '@atende/ui'
import type { BillingConfig, ProviderName } from '../types.ts'
import { useLoad } from '../useLoad.ts'

type Form = {
  provider: ProviderName
  pixKey: string
  merchantName: string
  merchantCity: string
  /** Write-only secrets: blank keeps the stored one. */
  asaasApiKey: string
  asaasWebhookToken: string
}

/** Where Asaas must send its notifications (the token goes in its "authentication token" field). */
export const webhookUrl = (origin: string) => `${origin}/api/billing/webhooks/asaas`

/**
 * The platform's payment settings (GET/PUT /api/billing/config). Static Pix needs the platform's
 * key, name and city (they go into every BR Code); Asaas its API key and the webhook token it signs
 * notifications with. Stored secrets are never shown: the field says one is set, and a blank field
 * keeps it.
 */
export function PaymentSettingsForm() {
  const { t } = useTranslation()
  const api = useApi()
  const config = useLoad<BillingConfig>('/billing/config')
  const showError = useErrorToast('billing.platform.settings.saveError')
  const [form, setForm] = useState<Form | null>(null)
  const [saved, setSaved] = useState<BillingConfig | null>(null)
  const [errors, setErrors] = useState<Partial<Record<keyof Form, string>>>({})
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    if (config.status !== 'ready') return
    const c = config.data
    setSaved(c)
    setForm({ ...pick(c), asaasApiKey: '', asaasWebhookToken: '' })
  }, [config.status, config.data])

  if (config.status === 'error')
    return (
      <ErrorCard
        title={t('billing.platform.settings.loadError')}
        action={
          <Button variant="secondary" onClick={config.reload}>
            {t('billing.retry')}
          </Button>
        }
      />
    )
  if (!form || !saved) return <Loading label={t('billing.loading')} />

  const required = 'validation.required'
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const next: typeof errors = {}
    if (form.provider === 'pix-static')
      for (const key of ['pixKey', 'merchantName', 'merchantCity'] as const) if (!form[key].trim()) next[key] = required
    if (form.provider === 'asaas') {
      if (!form.asaasApiKey.trim() && !saved.asaasApiKeySet) next.asaasApiKey = required
      if (!form.asaasWebhookToken.trim() && !saved.asaasWebhookTokenSet) next.asaasWebhookToken = required
    }
    setErrors(next)
    if (Object.keys(next).length) return
    setBusy(true)
    try {
      const answer = await api.put<BillingConfig>('/billing/config', {
        body: {
          provider: form.provider,
          pixKey: form.pixKey.trim(),
          merchantName: form.merchantName.trim(),
          merchantCity: form.merchantCity.trim(),
          // Blank: the stored secret stays.
          ...(form.asaasApiKey.trim() ? { asaasApiKey: form.asaasApiKey.trim() } : {}),
          ...(form.asaasWebhookToken.trim() ? { asaasWebhookToken: form.asaasWebhookToken.trim() } : {}),
        },
      })
      setSaved(answer)
      setForm({ ...pick(answer), asaasApiKey: '', asaasWebhookToken: '' })
      toast.success(t('billing.platform.settings.saved'))
    } catch (err) {
      showError(err)
    } finally {
      setBusy(false)
    }
  }
  const secretHint = (isSet: boolean) => (isSet ? t('billing.platform.settings.secretSet') : undefined)
  const field = fieldBinder({
    values: form,
    onChange: setForm,
    label: (key) => t(`billing.platform.settings.${key}`),
    error: (key) => (errors[key] ? t(errors[key]!) : null),
  })

  return (
    <form onSubmit={submit} noValidate className="flex max-w-2xl flex-col gap-4" aria-busy={busy}>
      <Select
        label={t('billing.platform.settings.provider')}
        value={form.provider}
        options={[
          { value: 'pix-static', label: t('billing.platform.settings.providers.pix-static') },
          { value: 'asaas', label: t('billing.platform.settings.providers.asaas') },
        ]}
        onChange={(v) => setForm({ ...form, provider: v as ProviderName })}
      />
      <p className="text-sm text-slate-500 dark:text-slate-400">
        {t(`billing.platform.settings.about.${form.provider}`)}
      </p>
      {form.provider === 'pix-static' ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField {...field('pixKey')} maxLength={77} className="sm:col-span-2" />
          <TextField {...field('merchantName')} maxLength={100} />
          <TextField {...field('merchantCity')} maxLength={100} />
        </div>
      ) : (
        <div className="flex flex-col gap-4">
          <TextField
            {...field('asaasApiKey')}
            type="password"
            autoComplete="off"
            hint={secretHint(saved.asaasApiKeySet)}
          />
          <TextField
            {...field('asaasWebhookToken')}
            type="password"
            autoComplete="off"
            hint={secretHint(saved.asaasWebhookTokenSet)}
          />
          <div className="flex flex-wrap items-end gap-2">
            <TextField
              label={t('billing.platform.settings.webhookUrl')}
              value={webhookUrl(window.location.origin)}
              readOnly
              className="min-w-0 flex-1"
            />
            <CopyButton
              text={webhookUrl(window.location.origin)}
              label={t('billing.platform.settings.copyWebhook')}
              copied={t('billing.platform.settings.webhookCopied')}
              failed={t('billing.checkout.copyFailed')}
              variant="secondary"
            />
          </div>
        </div>
      )}
      <div>
        <Button type="submit" disabled={busy}>
          {t('billing.platform.settings.save')}
        </Button>
      </div>
    </form>
  )
}

const pick = (c: BillingConfig) => ({
  provider: c.provider,
  pixKey: c.pixKey,
  merchantName: c.merchantName,
  merchantCity: c.merchantCity,
})
