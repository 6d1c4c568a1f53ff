import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, Select, TextField } from '@atende/ui'
import { PLAN_FLAGS, type Plan, type PlanFlag } from '../lib/types.ts'

export type PlanValues = {
  name: string
  users: string
  connections: string
  queues: string
  value: string
  isPublic: 'true' | 'false'
} & Record<PlanFlag, 'true' | 'false'>

const allOn = Object.fromEntries(PLAN_FLAGS.map((f) => [f, 'true'])) as Record<PlanFlag, 'true'>
/** New plans start with every flag on (administration.md §3 "all default true"). */
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

export interface PlanFormProps {
  values: PlanValues
  onChange: (v: PlanValues) => void
  editing: boolean
  saving: boolean
  serverErrors: Errors
  onSubmit: () => void
  onClear: () => void
  onDelete: () => void
}

export function PlanForm(p: PlanFormProps) {
  const { t } = useTranslation()
  const [submitted, setSubmitted] = useState(false)
  const errors = { ...p.serverErrors, ...(submitted ? validatePlan(p.values) : {}) }
  const msg = (k: keyof PlanValues) => (errors[k] ? t(`settings.validation.${errors[k]}`) : null)
  const set = (k: keyof PlanValues) => (v: string) => p.onChange({ ...p.values, [k]: v })
  const yesNo = [
    { value: 'true', label: t('settings.common.enabled') },
    { value: 'false', label: t('settings.common.disabled') },
  ]
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault()
        setSubmitted(true)
        if (Object.keys(validatePlan(p.values)).length === 0) p.onSubmit()
      }}
    >
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-6">
        <TextField
          label={t('settings.plans.name')}
          value={p.values.name}
          onChange={set('name')}
          error={msg('name')}
          maxLength={100}
          required
          className="xl:col-span-2"
        />
        <TextField
          label={t('settings.plans.users')}
          inputMode="numeric"
          value={p.values.users}
          onChange={set('users')}
          error={msg('users')}
        />
        <TextField
          label={t('settings.plans.connections')}
          inputMode="numeric"
          value={p.values.connections}
          onChange={set('connections')}
          error={msg('connections')}
        />
        <TextField
          label={t('settings.plans.queues')}
          inputMode="numeric"
          value={p.values.queues}
          onChange={set('queues')}
          error={msg('queues')}
        />
        <TextField
          label={t('settings.plans.value')}
          inputMode="decimal"
          value={p.values.value}
          onChange={set('value')}
          error={msg('value')}
        />
        <Select
          label={t('settings.plans.isPublic')}
          value={p.values.isPublic}
          onChange={set('isPublic')}
          options={[
            { value: 'true', label: t('settings.common.yes') },
            { value: 'false', label: t('settings.common.no') },
          ]}
        />
        {PLAN_FLAGS.map((f) => (
          <Select
            key={f}
            label={t(`settings.plans.flags.${f}`)}
            value={p.values[f]}
            onChange={set(f)}
            options={yesNo}
          />
        ))}
      </div>
      <p className="text-xs text-slate-500 dark:text-slate-400">{t('settings.plans.unlimitedHint')}</p>
      <div className="flex flex-wrap justify-end gap-2">
        <Button
          variant="secondary"
          onClick={() => {
            setSubmitted(false)
            p.onClear()
          }}
        >
          {t('settings.actions.clear')}
        </Button>
        {p.editing && (
          <Button variant="danger" onClick={p.onDelete}>
            {t('settings.actions.delete')}
          </Button>
        )}
        <Button type="submit" loading={p.saving}>
          {t('settings.actions.save')}
        </Button>
      </div>
    </form>
  )
}
