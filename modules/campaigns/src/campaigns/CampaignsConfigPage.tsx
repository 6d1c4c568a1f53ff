import { useEffect, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { errorMessage, isApiError, useApi } from '@atende/client'
import { Button, EmptyState, ErrorCard, Loading, Select, TextField, TrashIcon, toast } from '@atende/ui'
import { CampaignsGate, NoAccess, isPlanDenied } from '../access.tsx'
import { dangerActionClass } from '../icons.tsx'
import {
  DAILY_LIMIT_MAX,
  LONGER_INTERVALS,
  MESSAGE_INTERVALS,
  settingsFrom,
  type CampaignSettingRow,
  type CampaignSettings,
} from './types.ts'
import { configErrors, type ConfigForm as Form, type ConfigFormErrors as Errors } from './rules.ts'
import { useCampaignSettings } from './useCampaigns.ts'
import '../index.css'

let uid = 0
const formOf = (s: CampaignSettings): Form => ({
  messageInterval: String(s.messageInterval),
  longerIntervalAfter: String(s.longerIntervalAfter),
  greaterInterval: String(s.greaterInterval),
  dailyLimit: String(s.dailyLimit),
  windowStart: s.windowStart,
  windowEnd: s.windowEnd,
  variables: s.variables.map((v) => ({ ...v, uid: ++uid })),
})
/**
 * /campaigns-config: the three intervals with
 * their fixed option lists, the protection of the number (a daily limit per connection and a sending
 * window), and the variables messages may use (duplicate keys are ignored by the server).
 */
function CampaignsConfig() {
  const { t, i18n } = useTranslation()
  const api = useApi()
  const loaded = useCampaignSettings()
  const [form, setForm] = useState<Form | null>(null)
  const [errors, setErrors] = useState<Errors>({})
  const [busy, setBusy] = useState(false)
  const [denied, setDenied] = useState(false)
  useEffect(() => {
    if (loaded.settings) setForm(formOf(loaded.settings))
  }, [loaded.settings])

  if (denied || (loaded.status === 'error' && isPlanDenied(loaded.error)))
    return <NoAccess testId="campaigns-config-plan-denied" />
  if (loaded.status === 'error')
    return (
      <div className="p-6">
        <ErrorCard
          title={t('campaignConfig.loadError')}
          action={
            <Button variant="secondary" onClick={loaded.reload}>
              {t('campaignList.retry')}
            </Button>
          }
        />
      </div>
    )
  if (!form) return <Loading label={t('campaignList.loading')} />

  const set = <K extends keyof Form>(key: K, value: Form[K]) => {
    setForm((f) => (f ? { ...f, [key]: value } : f))
    setErrors((e) => ({ ...e, [key]: undefined }))
  }
  const setVariable = (id: number, patch: Partial<{ key: string; value: string }>) =>
    set(
      'variables',
      form.variables.map((v) => (v.uid === id ? { ...v, ...patch } : v)),
    )
  /** A setting's field: its label under campaignConfig, its value and its error. */
  const field = (key: Exclude<keyof Form, 'variables'>) => ({
    label: t(`campaignConfig.${key}`),
    value: form[key],
    onChange: (v: string) => set(key, v),
    error: errors[key as keyof Errors],
  })
  const seconds = (n: number, zero: string) => ({
    value: String(n),
    label: n ? t('campaignConfig.seconds', { count: n }) : zero,
  })

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const found = configErrors(form)
    if (Object.keys(found).length) {
      setErrors(
        Object.fromEntries(
          Object.entries(found).map(([k, v]) => [
            k,
            v === 'windowFormat' ? 'HH:mm' : t(`campaignConfig.${v}`, { max: DAILY_LIMIT_MAX }),
          ]),
        ),
      )
      return
    }
    setBusy(true)
    try {
      const settings = {
        messageInterval: Number(form.messageInterval),
        longerIntervalAfter: Number(form.longerIntervalAfter),
        greaterInterval: Number(form.greaterInterval),
        dailyLimit: Number(form.dailyLimit),
        windowStart: form.windowStart,
        windowEnd: form.windowEnd,
        variables: form.variables.map((v) => ({ key: v.key.trim(), value: v.value })).filter((v) => v.key),
      }
      const rows = await api.post<CampaignSettingRow[]>('/campaign-settings', { body: { settings } })
      loaded.setSettings(settingsFrom(rows))
      toast.success(t('campaignConfig.saved'))
    } catch (err) {
      if (isPlanDenied(err)) setDenied(true)
      const text = errorMessage(err, t, { exists: (k: string) => i18n.exists(k) })
      const field = isApiError(err) ? err.field : undefined
      if (field === 'dailyLimit' || field === 'windowStart' || field === 'windowEnd')
        setErrors((x) => ({ ...x, [field]: text }))
      else toast.error(text)
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className="flex flex-col gap-4 p-3 sm:p-6">
      <h1 className="text-xl font-semibold">{t('campaignConfig.title')}</h1>
      <form onSubmit={submit} noValidate className="flex max-w-3xl flex-col gap-6" data-testid="campaigns-config-form">
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-1 text-base font-semibold">{t('campaignConfig.intervals')}</legend>
          <p className="text-sm text-slate-600 dark:text-slate-300">{t('campaignConfig.intervalsHint')}</p>
          <div className="grid gap-3 sm:grid-cols-3">
            <Select
              {...field('messageInterval')}
              options={MESSAGE_INTERVALS.map((n) => seconds(n, t('campaignConfig.noInterval')))}
            />
            <Select
              {...field('longerIntervalAfter')}
              options={LONGER_INTERVALS.map((n) => ({
                value: String(n),
                label: n ? t('campaignConfig.messages', { count: n }) : t('campaignConfig.notDefined'),
              }))}
            />
            <Select
              {...field('greaterInterval')}
              options={LONGER_INTERVALS.map((n) => seconds(n, t('campaignConfig.noInterval')))}
            />
          </div>
        </fieldset>

        <fieldset className="flex flex-col gap-3">
          <legend className="mb-1 text-base font-semibold">{t('campaignConfig.protection')}</legend>
          <p className="text-sm text-slate-600 dark:text-slate-300">{t('campaignConfig.protectionHint')}</p>
          <div className="grid gap-3 sm:grid-cols-3">
            <TextField {...field('dailyLimit')} type="number" min={1} max={DAILY_LIMIT_MAX} />
            <TextField {...field('windowStart')} placeholder="08:00" inputMode="numeric" maxLength={5} />
            <TextField {...field('windowEnd')} placeholder="20:00" inputMode="numeric" maxLength={5} />
          </div>
        </fieldset>

        <fieldset className="flex flex-col gap-3" data-testid="campaigns-config-variables">
          <legend className="mb-1 text-base font-semibold">{t('campaignConfig.variables')}</legend>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {t('campaignConfig.variablesHint', { example: '{chave}', interpolation: { escapeValue: false } })}
          </p>
          {form.variables.length === 0 ? (
            <EmptyState title={t('campaignConfig.variablesEmpty')} />
          ) : (
            form.variables.map((v, i) => (
              <div key={v.uid} className="flex items-end gap-2" data-testid={`campaign-variable-${i}`}>
                <TextField
                  label={t('campaignConfig.shortcut')}
                  value={v.key}
                  onChange={(key) => setVariable(v.uid, { key })}
                  maxLength={50}
                  className="w-40"
                />
                <TextField
                  label={t('campaignConfig.content')}
                  value={v.value}
                  onChange={(value) => setVariable(v.uid, { value })}
                  maxLength={1000}
                  className="flex-1"
                />
                <button
                  type="button"
                  className={dangerActionClass}
                  onClick={() =>
                    set(
                      'variables',
                      form.variables.filter((x) => x.uid !== v.uid),
                    )
                  }
                  title={t('campaignConfig.removeVariable', { key: v.key })}
                  aria-label={t('campaignConfig.removeVariable', { key: v.key })}
                >
                  <TrashIcon className="h-4 w-4" />
                </button>
              </div>
            ))
          )}
          <div>
            <Button
              variant="secondary"
              onClick={() => set('variables', [...form.variables, { key: '', value: '', uid: ++uid }])}
            >
              {t('campaignConfig.addVariable')}
            </Button>
          </div>
        </fieldset>

        <div>
          <Button type="submit" loading={busy}>
            {t('campaignConfig.save')}
          </Button>
        </div>
      </form>
    </section>
  )
}

export default function CampaignsConfigPage() {
  return (
    <CampaignsGate>
      <CampaignsConfig />
    </CampaignsGate>
  )
}
