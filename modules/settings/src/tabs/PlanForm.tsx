import { useTranslation } from 'react-i18next'
import { Select, TextField, fieldBinder } from '@atende/ui'
import { PLAN_FLAGS, type Plan, type PlanFlag } from '../lib/types.ts'
import { FormActions } from '../ui/FormActions.tsx'
import { useSettingsForm, type SettingsFormProps } from '../lib/useSettingsForm.ts'

export type PlanValues = {
  name: string
  users: string
  connections: string
  queues: string
  value: string
  isPublic: 'true' | 'false'
} & Record<PlanFlag, 'true' | 'false'>

const allOn = Object.fromEntries(PLAN_FLAGS.map((f) => [f, 'true'])) as Record<PlanFlag, 'true'>
/** New plans start with every flag on: a plan switches off what it leaves out. */
export const EMPTY_PLAN: PlanValues = {
  name: '',
  users: '0',
  connections: '0',
  queues: '0',
  value: '0',
  isPublic: 'true',
  ...allOn,
}

export function planValues(p: Plan): PlanValues {
  const flags = Object.fromEntries(PLAN_FLAGS.map((f) => [f, p[f] ? 'true' : 'false'])) as Record<
    PlanFlag,
    'true' | 'false'
  >
  return {
    name: p.name,
    users: String(p.users),
    connections: String(p.connections),
    queues: String(p.queues),
    value: p.value.toFixed(2).replace('.', ','),
    isPublic: p.isPublic ? 'true' : 'false',
    ...flags,
  }
}

/** Accepts 29,90 as well as 29.90. */
const toNumber = (v: string) =>
  Number(
    v
      .trim()
      .replace(/\.(?=\d{3}(\D|$))/g, '')
      .replace(',', '.'),
  )

export function planBody(v: PlanValues) {
  const flags = Object.fromEntries(PLAN_FLAGS.map((f) => [f, v[f] === 'true']))
  return {
    name: v.name.trim(),
    users: Number(v.users),
    connections: Number(v.connections),
    queues: Number(v.queues),
    value: toNumber(v.value),
    isPublic: v.isPublic === 'true',
    ...flags,
  }
}

type Errors = Partial<Record<keyof PlanValues, string>>
export function validatePlan(v: PlanValues): Errors {
  const e: Errors = {}
  if (!v.name.trim()) e.name = 'required'
  for (const k of ['users', 'connections', 'queues'] as const) {
    if (!/^\d+$/.test(v[k].trim())) e[k] = 'integer'
  }
  const value = toNumber(v.value)
  if (!v.value.trim() || !Number.isFinite(value) || value < 0) e.value = 'number'
  return e
}

export interface PlanFormProps extends SettingsFormProps {
  values: PlanValues
  onChange: (v: PlanValues) => void
  serverErrors: Errors
}

export function PlanForm(p: PlanFormProps) {
  const { t } = useTranslation()
  const { submitted, form, actions } = useSettingsForm(p, () => Object.keys(validatePlan(p.values)).length === 0)
  const errors = { ...p.serverErrors, ...(submitted ? validatePlan(p.values) : {}) }
  const field = fieldBinder({
    values: p.values,
    onChange: p.onChange,
    label: (k) => t(`settings.plans.${k}`),
    error: (k) => (errors[k] ? t(`settings.validation.${errors[k]}`) : null),
  })
  const flag = (f: PlanFlag) => ({ ...field(f), label: t(`settings.plans.flags.${f}`) })
  const options = (yes: string, no: string) => [
    { value: 'true', label: t(`settings.common.${yes}`) },
    { value: 'false', label: t(`settings.common.${no}`) },
  ]
  return (
    <form {...form}>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-6">
        <TextField {...field('name')} maxLength={100} required className="xl:col-span-2" />
        <TextField {...field('users')} inputMode="numeric" />
        <TextField {...field('connections')} inputMode="numeric" />
        <TextField {...field('queues')} inputMode="numeric" />
        <TextField {...field('value')} inputMode="decimal" />
        <Select {...field('isPublic')} error={undefined} options={options('yes', 'no')} />
        {PLAN_FLAGS.map((f) => (
          <Select key={f} {...flag(f)} error={undefined} options={options('enabled', 'disabled')} />
        ))}
      </div>
      <p className="text-xs text-slate-500 dark:text-slate-400">{t('settings.plans.unlimitedHint')}</p>
      <FormActions {...actions} />
    </form>
  )
}
