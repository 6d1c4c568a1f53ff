import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { formatMoney, inputClass } from '@atende/ui'
import { formatDay, formatInstantDay, pixAmount } from '../billing.ts'
import { CopyButton } from '../CopyButton.tsx'
import type { PixCharge } from '../types.ts'

/** Only an inline PNG/SVG from our server is shown: never a remote address. */
const isInlineImage = (src: string) => /^data:image\/(png|svg\+xml|jpeg);base64,/.test(src)

export interface PixViewProps {
  charge: PixCharge
  /** The renewed due date once the payment event arrived. */
  renewedUntil: string | null
}

/**
 * The Pix payment: QR code, copy-and-paste code and amount, then
 * — live — until when the subscription was renewed.
 */
export function PixView({ charge, renewedUntil }: PixViewProps) {
  const { t, i18n } = useTranslation()
  const codeId = useId()
  if (renewedUntil != null)
    return (
      <div role="status" className="flex flex-col items-center gap-2 py-6 text-center" data-testid="checkout-success">
        <p className="text-lg font-semibold text-green-700 dark:text-green-400">
          {t('billing.checkout.success', { date: formatDay(renewedUntil) })}
        </p>
        <p className="text-sm text-slate-500 dark:text-slate-400">{t('billing.checkout.redirecting')}</p>
      </div>
    )
  const image = charge.qrcode.imagemQrcode
  return (
    <div className="flex flex-col gap-4" data-testid="checkout-pix">
      <div>
        <p className="text-lg font-semibold">{t('billing.checkout.pixTitle')}</p>
        <p className="text-sm text-slate-600 dark:text-slate-300">{t('billing.checkout.pixHint')}</p>
      </div>
      <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
        {isInlineImage(image) && (
          <img
            src={image}
            alt={t('billing.checkout.qrAlt', { id: charge.invoiceId })}
            width={208}
            height={208}
            className="h-52 w-52 shrink-0 rounded-md border border-slate-200 bg-white p-1 dark:border-slate-700"
          />
        )}
        <dl className="flex min-w-0 flex-1 flex-col gap-1 text-sm">
          <dt className="text-slate-500 dark:text-slate-400">{t('billing.checkout.amount')}</dt>
          <dd className="text-2xl font-semibold" data-testid="pix-amount">
            {formatMoney(pixAmount(charge.valor.original), i18n.language)}
          </dd>
          {charge.expiresAt && (
            <dd className="text-slate-500 dark:text-slate-400">
              {t('billing.checkout.expiresAt', { date: formatInstantDay(charge.expiresAt) })}
            </dd>
          )}
        </dl>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={codeId} className="text-sm font-medium text-slate-700 dark:text-slate-200">
          {t('billing.checkout.code')}
        </label>
        <textarea
          id={codeId}
          readOnly
          rows={3}
          value={charge.qrcode.qrcode}
          onFocus={(e) => e.currentTarget.select()}
          className={`${inputClass} resize-none font-mono text-xs break-all`}
        />
        <CopyButton text={charge.qrcode.qrcode} className="self-start" />
      </div>
      <p role="status" className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
        <span
          aria-hidden
          className="h-4 w-4 animate-spin rounded-full border-2 border-primary border-t-transparent dark:border-white dark:border-t-transparent"
        />
        {t('billing.checkout.waiting')}
      </p>
      {charge.provider === 'pix-static' && (
        <p className="text-xs text-slate-500 dark:text-slate-400">{t('billing.checkout.manualNote')}</p>
      )}
    </div>
  )
}
