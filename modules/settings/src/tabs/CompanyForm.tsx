import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, MaskedInput, Select, TextField, digits, rules, say } from '@atende/ui'
import { isEmail } from '../lib/format.ts'
import { formatDate, maskDate, parseTypedDate } from '../lib/dates.ts'
import { RECURRENCES, type Company, type Plan } from '../lib/types.ts'

export interface CompanyValues {
  name: string
  email: string
  phone: string
  planId: string
  status: 'true' | 'false'
  campaignsEnabled: 'enabled' | 'disabled'
  dueDate: string
  recurrence: string
  cnpj: string
}

export const EMPTY_COMPANY: CompanyValues = {
  name: '',
  email: '',
  phone: '',
  planId: '',
  status: 'true',
  campaignsEnabled: 'disabled',
  dueDate: '',
  recurrence: 'MENSAL',
  cnpj: '',
}

export function companyValues(c: Company): CompanyValues {
  return {
    name: c.name,
    email: c.email ?? '',
    phone: c.phone ?? '',
    planId: c.planId ? String(c.planId) : '',
    status: c.status ? 'true' : 'false',
    campaignsEnabled: c.settings.find((s) => s.key === 'campaignsEnabled')?.value === 'true' ? 'enabled' : 'disabled',
    dueDate: formatDate(c.dueDate),
    recurrence: c.recurrence || 'MENSAL',
    cnpj: c.cnpj,
  }
}

/** The body of POST/PUT /companies: phone as digits, an empty due date as null (administration.md §5). */
export function companyBody(v: CompanyValues) {
  return {
    name: v.name.trim(),
    email: v.email.trim(),
    phone: digits(v.phone),
    planId: Number(v.planId),
    status: v.status === 'true',
    campaignsEnabled: v.campaignsEnabled,
    dueDate: parseTypedDate(v.dueDate),
    recurrence: v.recurrence,
    cnpj: digits(v.cnpj),
  }
}

type Errors = Partial<Record<keyof CompanyValues, string>>

/** The server's bounds of a company's name and e-mail (plugins/companies). */
export const COMPANY_NAME_MIN = 2
export const COMPANY_NAME_MAX = 100
export const EMAIL_MAX = 200

/** Email, plan and CNPJ are required by the spec; the server also needs a name of 2 to 100 characters. */
export function validateCompany(v: CompanyValues): Errors {
  const e: Errors = {}
  const name = v.name.trim()
  if (!name) e.name = 'required'
  else if (name.length < COMPANY_NAME_MIN) e.name = 'tooShort'
  else if (name.length > COMPANY_NAME_MAX) e.name = 'tooLong'
  if (!v.email.trim()) e.email = 'required'
  else if (!isEmail(v.email)) e.email = 'email'
  if (!v.planId) e.planId = 'required'
  const cnpj = digits(v.cnpj)
  if (!cnpj) e.cnpj = 'required'
  else if (cnpj.length !== 14) e.cnpj = 'cnpjIncomplete'
  const phone = digits(v.phone)
  if (phone && (phone.length < 10 || phone.length > 13)) e.phone = 'phone'
  // A half-typed date would silently become "no due date": say so instead.
  if (v.dueDate.trim() && !parseTypedDate(v.dueDate)) e.dueDate = 'date'
  return e
}

export interface CompanyFormProps {
  values: CompanyValues
  onChange: (v: CompanyValues) => void
  plans: Plan[]
  editing: boolean
  saving: boolean
  serverErrors: Errors
  hasDueDate: boolean
  onSubmit: () => void
  onClear: () => void
  onDelete: () => void
  onExpire: () => void
  onUser: () => void
}

export function CompanyForm(p: CompanyFormProps) {
  const { t } = useTranslation()
  const [submitted, setSubmitted] = useState(false)
  const local = submitted ? validateCompany(p.values) : {}
  const errors = { ...p.serverErrors, ...local }
  const msg = (k: keyof CompanyValues) =>
    errors[k] === 'tooShort'
      ? say(t, rules.tooShort(COMPANY_NAME_MIN))
      : errors[k] === 'tooLong'
        ? say(t, rules.tooLong(COMPANY_NAME_MAX))
        : errors[k]
          ? t(`settings.validation.${errors[k]}`)
          : null
  const set =
    <K extends keyof CompanyValues>(k: K) =>
    (v: string) =>
      p.onChange({ ...p.values, [k]: v as CompanyValues[K] })

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault()
        setSubmitted(true)
        if (Object.keys(validateCompany(p.values)).length === 0) p.onSubmit()
      }}
    >
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <TextField
          label={t('settings.companies.name')}
          value={p.values.name}
          onChange={set('name')}
          error={msg('name')}
          maxLength={COMPANY_NAME_MAX}
          required
        />
        <TextField
          label={t('settings.companies.email')}
          type="email"
          value={p.values.email}
          onChange={set('email')}
          error={msg('email')}
          maxLength={EMAIL_MAX}
          required
        />
        <MaskedInput
          mask="phone"
          label={t('settings.companies.phone')}
          value={p.values.phone}
          onChange={set('phone')}
          error={msg('phone')}
        />
        <Select
          label={t('settings.companies.plan')}
          value={p.values.planId}
          onChange={set('planId')}
          error={msg('planId')}
          required
          placeholder={t('settings.companies.choosePlan')}
          options={p.plans.map((pl) => ({ value: String(pl.id), label: pl.name }))}
        />
        <Select
          label={t('settings.companies.status')}
          value={p.values.status}
          onChange={set('status')}
          options={[
            { value: 'true', label: t('settings.common.yes') },
            { value: 'false', label: t('settings.common.no') },
          ]}
        />
        <Select
          label={t('settings.companies.campaigns')}
          value={p.values.campaignsEnabled}
          onChange={set('campaignsEnabled')}
          options={[
            { value: 'enabled', label: t('settings.common.enabled') },
            { value: 'disabled', label: t('settings.common.disabled') },
          ]}
        />
        <TextField
          label={t('settings.companies.dueDate')}
          inputMode="numeric"
          placeholder={t('settings.companies.datePlaceholder')}
          maxLength={10}
          value={p.values.dueDate}
          onChange={(v) => set('dueDate')(maskDate(v))}
          error={msg('dueDate')}
        />
        <Select
          label={t('settings.companies.recurrence')}
          value={p.values.recurrence}
          onChange={set('recurrence')}
          options={RECURRENCES.map((r) => ({ value: r, label: t(`settings.recurrence.${r}`) }))}
        />
        <MaskedInput
          mask="cnpj"
          label={t('settings.companies.cnpj')}
          value={p.values.cnpj}
          onChange={set('cnpj')}
          error={msg('cnpj')}
          required
        />
      </div>
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
          <>
            <Button variant="danger" onClick={p.onDelete}>
              {t('settings.actions.delete')}
            </Button>
            <Button
              variant="secondary"
              onClick={p.onExpire}
              disabled={!p.hasDueDate}
              title={p.hasDueDate ? undefined : t('settings.companies.noDueDate')}
            >
              {t('settings.companies.expire')}
            </Button>
            <Button variant="secondary" onClick={p.onUser}>
              {t('settings.companies.user')}
            </Button>
          </>
        )}
        <Button type="submit" loading={p.saving}>
          {t('settings.actions.save')}
        </Button>
      </div>
    </form>
  )
}
