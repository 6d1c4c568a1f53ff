import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { cx, inputClass, inputErrorClass } from '@atende/ui'
import { CUSTOMER_NAME_MAX, CUSTOMER_NUMBER_MAX, isCustomerNumber } from './chat.ts'
import type { Customer } from './useCustomer.ts'

/** Who the phone plays: the customer's number and name, and a button for a brand-new customer. */
export function CustomerBar({
  customer,
  onChange,
  onRenew,
}: {
  customer: Customer
  onChange: (patch: Partial<Customer>) => void
  onRenew: () => void
}) {
  const { t } = useTranslation()
  const id = useId()
  const bad = !isCustomerNumber(customer.number)
  const small = 'px-2 py-1.5 text-sm'
  return (
    <fieldset className="flex flex-col gap-1 border-b border-slate-200 bg-slate-50 px-3 py-2 dark:border-slate-700 dark:bg-slate-900">
      <legend className="sr-only">{t('connections.phone.customer')}</legend>
      <div className="flex items-end gap-2">
        <label className="flex min-w-0 flex-[3] flex-col gap-0.5 text-xs font-medium text-slate-600 dark:text-slate-300">
          {t('connections.phone.customerNumber')}
          <input
            type="tel"
            inputMode="tel"
            autoComplete="off"
            value={customer.number}
            maxLength={CUSTOMER_NUMBER_MAX}
            onChange={(e) => onChange({ number: e.target.value })}
            aria-invalid={bad || undefined}
            aria-describedby={bad ? `${id}-error` : undefined}
            className={cx(inputClass, small, bad && inputErrorClass)}
          />
        </label>
        <label className="flex min-w-0 flex-[2] flex-col gap-0.5 text-xs font-medium text-slate-600 dark:text-slate-300">
          {t('connections.phone.customerName')}
          <input
            type="text"
            autoComplete="off"
            value={customer.name}
            maxLength={CUSTOMER_NAME_MAX}
            placeholder={t('connections.phone.customerNamePlaceholder')}
            onChange={(e) => onChange({ name: e.target.value })}
            className={cx(inputClass, small)}
          />
        </label>
        <button
          type="button"
          onClick={onRenew}
          className="shrink-0 rounded-md border border-slate-300 px-2 py-1.5 text-xs font-medium text-slate-700 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-700"
        >
          {t('connections.phone.newCustomer')}
        </button>
      </div>
      {bad && (
        <p id={`${id}-error`} role="alert" className="text-xs text-red-600 dark:text-red-400">
          {t('connections.phone.invalidNumber')}
        </p>
      )}
    </fieldset>
  )
}
