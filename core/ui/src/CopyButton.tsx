import { Button, type ButtonVariant } from './Button.tsx'
import { toast } from './toasts.tsx'
import { copyText } from './copy.ts'

export interface CopyButtonProps {
  text: string
  /** The caller's words: the button, the success toast and the failure toast. */
  label: string
  copied: string
  failed: string
  variant?: ButtonVariant
  className?: string
}

/** Copies `text` and says so in a toast (API tokens, curl examples, the Pix copy-and-paste code). */
export function CopyButton({ text, label, copied, failed, variant = 'secondary', className }: CopyButtonProps) {
  const copy = async () => {
    try {
      await copyText(text)
      toast.success(copied)
    } catch {
      toast.error(failed)
    }
  }
  return (
    <Button variant={variant} className={className} onClick={() => void copy()}>
      {label}
    </Button>
  )
}
