import { useTranslation } from 'react-i18next'
import { CopyButton as KitCopyButton, type ButtonVariant } from '@atende/ui'

/** The kit's copy button in this module's words ("Copiar"; `copied` overrides the toast). */
export function CopyButton(props: {
  text: string
  label?: string
  copied?: string
  variant?: ButtonVariant
  className?: string
}) {
  const { t } = useTranslation()
  return (
    <KitCopyButton
      {...props}
      label={props.label ?? t('api.copy')}
      copied={props.copied ?? t('api.copied')}
      failed={t('api.copyFailed')}
    />
  )
}
