import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, TextField } from '@atende/ui'

export interface SecretFieldProps {
  label: string
  value: string
  onChange: (value: string) => void
  error?: string
  /** The stored key's mask ('sk-…a1b2'): shown as the placeholder, with the "leave empty to keep" hint. */
  storedMask?: string
  autoFocus?: boolean
}

/** A key typed hidden by default, with a show/hide toggle; an edited prompt's stored key is never shown back. */
export function SecretField({ label, value, onChange, error, storedMask, autoFocus }: SecretFieldProps) {
  const { t } = useTranslation()
  const [shown, setShown] = useState(false)
  return (
    <div className="flex items-start gap-2">
      <TextField
        className="min-w-0 flex-1"
        label={label}
        type={shown ? 'text' : 'password'}
        autoComplete="new-password"
        spellCheck={false}
        value={value}
        onChange={onChange}
        error={error}
        maxLength={500}
        autoFocus={autoFocus}
        placeholder={storedMask || undefined}
        hint={storedMask != null ? t('prompts.form.keepKey') : undefined}
      />
      <Button
        variant="secondary"
        className="mt-6 shrink-0"
        aria-pressed={shown}
        aria-label={t(shown ? 'prompts.form.hideKey' : 'prompts.form.showKey', { label })}
        onClick={() => setShown((s) => !s)}
      >
        {t(shown ? 'prompts.form.hide' : 'prompts.form.show')}
      </Button>
    </div>
  )
}
