import { useEffect, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { TFunction } from 'i18next'
import { errorMessage, isApiError, useApi } from '@atende/client'
import {
  Button,
  ErrorCard,
  Loading,
  MaskedInput,
  TextField,
  TrashIcon,
  digits,
  formatPhone,
  rules,
  say,
  toast,
  useSaveRecord,
} from '@atende/ui'
import type { Contact } from './types.ts'
import {
  CNPJ_MAX,
  COMPANY_NAME_MAX,
  CUSTOMER_CODE_MAX,
  EMAIL_MAX,
  EXTRA_NAME_MAX,
  EXTRA_VALUE_MAX,
  NAME_MAX,
  NAME_MIN,
  hasErrors,
  validateContact,
  type ContactFormValues,
  type FormErrors,
} from './validation.ts'

const EMPTY: ContactFormValues = {
  name: '',
  number: '',
  email: '',
  cnpj: '',
  custumerCode: '',
  companyName: '',
  extraInfo: [],
}

/** The company fields: free text, no rule but their length. */
const PLAIN_FIELDS = [
  ['cnpj', CNPJ_MAX],
  ['custumerCode', CUSTOMER_CODE_MAX],
  ['companyName', COMPANY_NAME_MAX],
] as const

const fromContact = (c: Contact): ContactFormValues => ({
  name: c.name,
  number: c.isGroup ? c.number : formatPhone(c.number),
  email: c.email,
  cnpj: c.cnpj,
  custumerCode: c.custumerCode,
  companyName: c.companyName,
  extraInfo: (c.extraInfo ?? []).map((x) => ({ id: x.id, name: x.name, value: x.value })),
})

/** i18n key for a server field error (plugins/contacts answers `field` and `reason`). */
function serverFieldMessage(
  err: { code: string; field?: string; data?: Record<string, unknown> },
  t: TFunction,
): string | null {
  if (err.code === 'ERR_DUPLICATED_CONTACT') {
    const other = err.data?.contact as { name?: string } | undefined
    return t('contacts.validation.duplicate', { name: other?.name ?? '' })
  }
  if (err.code === 'ERR_INVALID_NUMBER') return t('contacts.validation.number')
  const reason = err.data?.reason
  if (reason === 'nameTooShort') return say(t, rules.tooShort(NAME_MIN))
  if (reason === 'nameTooLong') return say(t, rules.tooLong(NAME_MAX))
  if (reason === 'invalidEmail') return t('contacts.validation.email')
  if (reason === 'invalidExtraInfo') return t('contacts.validation.extraName')
  return null
}

export interface ContactFormProps {
  /** Edit this contact (loaded with its extra information); absent or null: a new contact. */
  contactId?: number | null
  /** Prefilled values of a new contact (e.g. the number of a chat). */
  initial?: Partial<ContactFormValues>
  onSaved: (contact: Contact) => void
  onCancel?: () => void
  /** One column, for narrow places such as the ticket's contact drawer (320 px). */
  compact?: boolean
  /** Mounted: loads and resets. The dialog passes its open state. */
  active?: boolean
}

/**
 * The contact form (the contact add/edit modal and the ticket's contact drawer): name,
 * WhatsApp number formatted as +55 (47) 99999-9999 and sent as digits, email, CNPJ, customer code,
 * company and extra information rows. Saves through POST/PUT /api/contacts itself and shows the
 * server's field errors inline (a duplicate names the contact that has the number).
 */
export function ContactForm({
  contactId = null,
  initial,
  onSaved,
  onCancel,
  compact = false,
  active = true,
}: ContactFormProps) {
  const { t, i18n } = useTranslation()
  const api = useApi()
  const save = useSaveRecord()
  const [contact, setContact] = useState<Contact | null>(null)
  const [load, setLoad] = useState<'idle' | 'loading' | 'error'>('idle')
  const [values, setValues] = useState<ContactFormValues>(EMPTY)
  const [errors, setErrors] = useState<FormErrors>({})
  const [saving, setSaving] = useState(false)
  const initialKey = JSON.stringify(initial ?? {})

  useEffect(() => {
    if (!active) return
    setErrors({})
    setSaving(false)
    if (contactId == null) {
      setContact(null)
      setValues({ ...EMPTY, ...(JSON.parse(initialKey) as Partial<ContactFormValues>) })
      setLoad('idle')
      return
    }
    const ctrl = new AbortController()
    setLoad('loading')
    api.get<Contact>(`/contacts/${contactId}`, { signal: ctrl.signal }).then(
      (c) => {
        setContact(c)
        setValues(fromContact(c))
        setLoad('idle')
      },
      (err) => {
        if (!ctrl.signal.aborted) {
          console.error('[contacts] load failed', err)
          setLoad('error')
        }
      },
    )
    return () => ctrl.abort()
  }, [api, contactId, active, initialKey])

  const set = <K extends keyof ContactFormValues>(key: K, value: ContactFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }))
    setErrors((e) => (e[key] ? { ...e, [key]: null } : e))
  }
  const setExtra = (i: number, patch: Partial<ContactFormValues['extraInfo'][number]>) => {
    setValues((v) => ({ ...v, extraInfo: v.extraInfo.map((r, j) => (j === i ? { ...r, ...patch } : r)) }))
    setErrors((e) => ({ ...e, [`extraInfo.${i}.name`]: null }))
  }

  const numberLocked = !!contact?.isGroup
  const submit = (e: FormEvent) => {
    e.preventDefault()
    const found = validateContact(values, { numberLocked })
    if (hasErrors(found)) {
      setErrors(found)
      return
    }
    const body = {
      name: values.name.trim(),
      // Digits only: country code, area code, number.
      ...(numberLocked ? {} : { number: digits(values.number) }),
      email: values.email.trim(),
      cnpj: values.cnpj.trim(),
      custumerCode: values.custumerCode.trim(),
      companyName: values.companyName.trim(),
      extraInfo: values.extraInfo
        .filter((r) => r.name.trim() || r.value.trim())
        .map((r) => ({ ...(r.id ? { id: r.id } : {}), name: r.name.trim(), value: r.value.trim() })),
    }
    void save<Contact>({
      path: '/contacts',
      id: contact?.id,
      body,
      setBusy: setSaving,
      then: (saved) => {
        toast.success(t('contacts.dialog.saved'))
        onSaved(saved)
      },
      failed: (err) => {
        const inline = isApiError(err) && err.field ? serverFieldMessage(err, t) : null
        if (inline && isApiError(err)) setErrors((x) => ({ ...x, [err.field!]: inline }))
        else toast.error(errorMessage(err, t, { exists: (k) => i18n.exists(k) }))
      },
    })
  }

  // A server's answer is stored already in words; the form's own rules as Problems.
  const msg = (key: keyof FormErrors) => {
    const v = errors[key]
    return typeof v === 'string' && !v.startsWith('contacts.') ? v : say(t, v)
  }

  if (load === 'loading') return <Loading label={t('common.loading', { defaultValue: '…' })} />
  if (load === 'error') return <ErrorCard title={t('contacts.dialog.loadError')} />

  const grid = compact ? 'grid grid-cols-1 gap-3' : 'grid grid-cols-1 gap-4 sm:grid-cols-2'
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" data-testid="contact-form">
      <div className={grid}>
        <TextField
          label={t('contacts.dialog.name')}
          value={values.name}
          error={msg('name')}
          onChange={(v) => set('name', v)}
          autoComplete="off"
          autoFocus={!compact}
          maxLength={NAME_MAX}
          required
        />
        <MaskedInput
          mask="phone"
          label={t('contacts.dialog.number')}
          value={values.number}
          error={msg('number')}
          onChange={(v) => set('number', v)}
          disabled={numberLocked}
          placeholder="+55 (47) 99999-9999"
          autoComplete="off"
          required
        />
        <TextField
          label={t('contacts.dialog.email')}
          type="email"
          value={values.email}
          error={msg('email')}
          onChange={(v) => set('email', v)}
          autoComplete="off"
          maxLength={EMAIL_MAX}
        />
        {PLAIN_FIELDS.map(([key, max]) => (
          <TextField
            key={key}
            label={t(`contacts.dialog.${key}`)}
            value={values[key]}
            onChange={(v) => set(key, v)}
            autoComplete="off"
            maxLength={max}
          />
        ))}
      </div>

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-200">
          {t('contacts.dialog.extraInfo')}
        </legend>
        {values.extraInfo.map((r, i) => (
          <div
            key={r.id ?? `new-${i}`}
            className={
              compact
                ? 'flex flex-col gap-2 border-b border-slate-100 pb-2 dark:border-slate-700'
                : 'flex items-start gap-2'
            }
          >
            <TextField
              label={t('contacts.dialog.extraName')}
              value={r.name}
              error={msg(`extraInfo.${i}.name`)}
              onChange={(v) => setExtra(i, { name: v })}
              maxLength={EXTRA_NAME_MAX}
              className="flex-1"
            />
            <TextField
              label={t('contacts.dialog.extraValue')}
              value={r.value}
              onChange={(v) => setExtra(i, { value: v })}
              maxLength={EXTRA_VALUE_MAX}
              className="flex-1"
            />
            <button
              type="button"
              onClick={() =>
                set(
                  'extraInfo',
                  values.extraInfo.filter((_, j) => j !== i),
                )
              }
              aria-label={t('contacts.dialog.removeExtra', { name: r.name || i + 1 })}
              title={t('contacts.dialog.removeExtra', { name: r.name || i + 1 })}
              className="self-end rounded-md p-2 text-red-600 hover:bg-red-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-red-500 dark:text-red-400 dark:hover:bg-red-950"
            >
              <TrashIcon className="h-4 w-4" />
            </button>
          </div>
        ))}
        <Button
          variant="secondary"
          className="self-start"
          onClick={() => set('extraInfo', [...values.extraInfo, { name: '', value: '' }])}
        >
          {t('contacts.dialog.addExtra')}
        </Button>
      </fieldset>

      <div className="flex justify-end gap-2 pt-2">
        {onCancel && (
          <Button variant="secondary" onClick={onCancel} disabled={saving}>
            {t('contacts.dialog.cancel')}
          </Button>
        )}
        <Button type="submit" loading={saving}>
          {t('contacts.dialog.save')}
        </Button>
      </div>
    </form>
  )
}
