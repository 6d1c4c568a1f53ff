import { useTranslation } from 'react-i18next'
import { Button, toast, type ButtonVariant } from '@atende/ui'
import { copyText } from './copy.ts'

export interface CopyButtonProps {
  text: string
  /** The button's words (default: "Copiar"). */
  label?: string
  /** The success toast (default: "Copiado!"). */
  copied?: string
  variant?: ButtonVariant
  className?: string
}

/** Copies `text` and says so in a toast. */
export function CopyButton({ text, label, copied, variant = 'secondary', className }: CopyButtonProps) {
  const { t } = useTranslation()
  const copy = async () => {
    try {
      await copyText(text)
      toast.success(copied ?? t('api.copied'))
    } catch {
      toast.error(t('api.copyFailed'))
    }
  }
  return (
    <Button variant={variant} className={className} onClick={() => void copy()}>
      {label ?? t('api.copy')}
    </Button>
  )
}
