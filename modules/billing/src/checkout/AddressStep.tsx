import { useTranslation } from 'react-i18next'
import { Select, TextField } from '@atende/ui'
import type { AddressForm } from '../types.ts'
import { COUNTRIES, MAX } from './checkout.ts'

export interface AddressStepProps {
  form: AddressForm
  /** Messages already in the user's language (the rules' keys translated, or the server's words). */
  /** Each field's error as shown (translated). */
  errors: Partial<Record<keyof AddressForm, string>>
  onChange: <K extends keyof AddressForm>(key: K, value: AddressForm[K]) => void
}

/** Step 0 (administration.md §4, §5): who is billed and where; first name, address, city, zip and country required. */
export function AddressStep({ form, errors, onChange }: AddressStepProps) {
  const { t } = useTranslation()
  const err = (key: keyof AddressForm) => errors[key] ?? null
  const label = (key: string) => t(`billing.checkout.fields.${key}`)
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <TextField
        label={label('firstName')}
        value={form.firstName}
        maxLength={MAX.name}
        autoComplete="given-name"
        autoFocus
        required
        onChange={(v) => onChange('firstName', v)}
        error={err('firstName')}
      />
      <TextField
        label={label('lastName')}
        value={form.lastName}
        maxLength={MAX.name}
        autoComplete="family-name"
        onChange={(v) => onChange('lastName', v)}
        error={err('lastName')}
      />
      <TextField
        label={label('address1')}
        value={form.address1}
        maxLength={MAX.address1}
        autoComplete="address-line1"
        required
        className="sm:col-span-2"
        onChange={(v) => onChange('address1', v)}
        error={err('address1')}
      />
      <TextField
        label={label('city')}
        value={form.city}
        maxLength={MAX.city}
        autoComplete="address-level2"
        required
        onChange={(v) => onChange('city', v)}
        error={err('city')}
      />
      <TextField
        label={label('state')}
        value={form.state}
        maxLength={MAX.state}
        autoComplete="address-level1"
        onChange={(v) => onChange('state', v)}
        error={err('state')}
      />
      <TextField
        label={label('zipcode')}
        value={form.zipcode}
        maxLength={MAX.zipcode}
        inputMode="numeric"
        autoComplete="postal-code"
        required
        onChange={(v) => onChange('zipcode', v)}
        error={err('zipcode')}
      />
      <Select
        label={label('country')}
        value={form.country}
        required
        options={COUNTRIES.map((c) => ({ value: c, label: t(`billing.checkout.countries.${c}`) }))}
        onChange={(v) => onChange('country', v as AddressForm['country'])}
        error={err('country')}
      />
      <label className="flex items-center gap-2 text-sm sm:col-span-2">
        <input
          type="checkbox"
          className="h-4 w-4 accent-primary"
          checked={form.useAddressForPaymentDetails}
          onChange={(e) => onChange('useAddressForPaymentDetails', e.target.checked)}
        />
        {label('useAddressForPaymentDetails')}
      </label>
    </div>
  )
}
