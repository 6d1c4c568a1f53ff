import { useTranslation } from 'react-i18next'
import { CheckboxField, Select, TextField } from '@atende/ui'
import type { AddressForm } from '../types.ts'
import { COUNTRIES, MAX } from './checkout.ts'

/** The address's text fields, in the form's order. */
const FIELDS: {
  key: 'firstName' | 'lastName' | 'address1' | 'city' | 'state' | 'zipcode'
  max: number
  autoComplete: string
  required?: boolean
  /** Across both columns. */
  wide?: boolean
  numeric?: boolean
}[] = [
  { key: 'firstName', max: MAX.name, autoComplete: 'given-name', required: true },
  { key: 'lastName', max: MAX.name, autoComplete: 'family-name' },
  { key: 'address1', max: MAX.address1, autoComplete: 'address-line1', required: true, wide: true },
  { key: 'city', max: MAX.city, autoComplete: 'address-level2', required: true },
  { key: 'state', max: MAX.state, autoComplete: 'address-level1' },
  { key: 'zipcode', max: MAX.zipcode, autoComplete: 'postal-code', required: true, numeric: true },
]

export interface AddressStepProps {
  form: AddressForm
  /** Each field's error as shown: the rules' keys translated, or the server's words. */
  errors: Partial<Record<keyof AddressForm, string>>
  onChange: <K extends keyof AddressForm>(key: K, value: AddressForm[K]) => void
}

/** Step 0: who is billed and where; first name, address, city, zip and country required. */
export function AddressStep({ form, errors, onChange }: AddressStepProps) {
  const { t } = useTranslation()
  const err = (key: keyof AddressForm) => errors[key] ?? null
  const label = (key: string) => t(`billing.checkout.fields.${key}`)
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {FIELDS.map((f) => (
        <TextField
          key={f.key}
          label={label(f.key)}
          value={form[f.key]}
          maxLength={f.max}
          inputMode={f.numeric ? 'numeric' : undefined}
          autoComplete={f.autoComplete}
          autoFocus={f.key === 'firstName'}
          required={f.required}
          className={f.wide ? 'sm:col-span-2' : undefined}
          onChange={(v) => onChange(f.key, v)}
          error={err(f.key)}
        />
      ))}
      <Select
        label={label('country')}
        value={form.country}
        required
        options={COUNTRIES.map((c) => ({ value: c, label: t(`billing.checkout.countries.${c}`) }))}
        onChange={(v) => onChange('country', v as AddressForm['country'])}
        error={err('country')}
      />
      <CheckboxField
        className="sm:col-span-2"
        label={label('useAddressForPaymentDetails')}
        checked={form.useAddressForPaymentDetails}
        onChange={(v) => onChange('useAddressForPaymentDetails', v)}
      />
    </div>
  )
}
