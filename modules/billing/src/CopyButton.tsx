import { useTranslation } from 'react-i18next'
import { CopyButton as KitCopyButton } from '@atende/ui'

/** The kit's copy button in the checkout's words (the Pix copy-and-paste code). */
export function CopyButton({ text, className }: { text: string; className?: string }) {
  const { t } = useTranslation()
  return (
    <KitCopyButton
      text={text}
      className={className}
      label={t('billing.checkout.copy')}
      copied={t('billing.checkout.copied')}
      failed={t('billing.checkout.copyFailed')}
    />
  )
}
