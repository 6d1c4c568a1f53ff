import { useTranslation } from 'react-i18next'
import { Button, MaskedInput, Select, TextField, digits, fieldBinder, rules, say } from '@atende/ui'
import { isEmail } from '../lib/format.ts'
import { formatDate, maskDate, parseTypedDate } from '../lib/dates.ts'
import { RECURRENCES, type Company, type Plan } from '../lib/types.ts'
import { FormActions } from '../ui/FormActions.tsx'
import { useSettingsForm, type SettingsFormProps } from '../lib/useSettingsForm.ts'

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

/** The body of POST/PUT /companies: phone as digits, an empty due date as null. */
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

export interface CompanyFormProps extends SettingsFormProps {
  values: CompanyValues
  onChange: (v: CompanyValues) => void
  plans: Plan[]
  serverErrors: Errors
  hasDueDate: boolean
  onExpire: () => void
  onUser: () => void
}

export function CompanyForm(p: CompanyFormProps) {
  const { t } = useTranslation()
  const { submitted, form, actions } = useSettingsForm(p, () => Object.keys(validateCompany(p.values)).length === 0)
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
  const field = fieldBinder({
    values: p.values as CompanyValues & Record<string, string>,
    onChange: (v) => p.onChange(v),
    label: (k) => t(`settings.companies.${k === 'planId' ? 'plan' : k === 'campaignsEnabled' ? 'campaigns' : k}`),
    error: (k) => msg(k as keyof CompanyValues),
  })
  const options = (a: [string, string], b: [string, string]) => [
    { value: a[0], label: t(`settings.common.${a[1]}`) },
    { value: b[0], label: t(`settings.common.${b[1]}`) },
  ]

  return (
    <form {...form}>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <TextField {...field('name')} maxLength={COMPANY_NAME_MAX} required />
        <TextField {...field('email')} type="email" maxLength={EMAIL_MAX} required />
        <MaskedInput {...field('phone')} mask="phone" />
        <Select
          {...field('planId')}
          required
          placeholder={t('settings.companies.choosePlan')}
          options={p.plans.map((pl) => ({ value: String(pl.id), label: pl.name }))}
        />
        <Select {...field('status')} options={options(['true', 'yes'], ['false', 'no'])} />
        <Select {...field('campaignsEnabled')} options={options(['enabled', 'enabled'], ['disabled', 'disabled'])} />
        <TextField
          {...field('dueDate')}
          onChange={(v) => p.onChange({ ...p.values, dueDate: maskDate(v) })}
          inputMode="numeric"
          placeholder={t('settings.companies.datePlaceholder')}
          maxLength={10}
        />
        <Select
          {...field('recurrence')}
          options={RECURRENCES.map((r) => ({ value: r, label: t(`settings.recurrence.${r}`) }))}
        />
        <MaskedInput {...field('cnpj')} mask="cnpj" required />
      </div>
      <FormActions {...actions}>
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
      </FormActions>
    </form>
  )
}
