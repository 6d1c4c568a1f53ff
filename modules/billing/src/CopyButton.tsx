import { useTranslation } from 'react-i18next'
import { Button, toast } from '@atende/ui'
import { copyText } from './copy.ts'

/** Copies `text` and says so in a toast (the Pix copy-and-paste code). */
export function CopyButton({ text, className }: { text: string; className?: string }) {
  const { t } = useTranslation()
  const copy = async () => {
    try {
      await copyText(text)
      toast.success(t('billing.checkout.copied'))
    } catch {
      toast.error(t('billing.checkout.copyFailed'))
    }
  }
  return (
    <Button variant="secondary" className={className} onClick={() => void copy()}>
      {t('billing.checkout.copy')}
    </Button>
  )
}
