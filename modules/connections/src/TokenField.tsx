import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, FieldShell, cx, inputClass, inputErrorClass } from '@atende/ui'

/** The server's rule (connections plugin): a connection token has 16 characters at least. */
export const TOKEN_MIN = 16
/** Its schema's longest (plugins/connections/src/schemas.ts). */
export const TOKEN_MAX = 255

/** 32 random URL-safe characters: what "Gerar token" puts in the box. */
export function generateToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24))
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
}

/** '' (keep the token), a new token, or null (remove it). */
export type TokenChange = string | null

export function tokenError(change: TokenChange): string | null {
  return change && (change.length < TOKEN_MIN || /\s/.test(change)) ? 'connections.token.tooShort' : null
}

export interface TokenFieldProps {
  /** What the server says of the saved token (never the token itself). */
  saved: { hasToken: boolean; tokenPreview: string } | null
  value: TokenChange
  onChange: (change: TokenChange) => void
  error?: string
}

/**
 * A connection's API token: stored hashed, so the screen shows only whether one is set and its
 * preview. An admin types or generates a new one (shown once more after saving) or removes it.
 */
export function TokenField({ saved, value, onChange, error }: TokenFieldProps) {
  const { t } = useTranslation()
  const id = useId()
  const status =
    value === null
      ? t('connections.token.removing')
      : saved?.hasToken
        ? t('connections.token.set', { preview: saved.tokenPreview })
        : t('connections.token.none')
  return (
    <FieldShell id={id} label={t('connections.form.token')} error={error} hint={t('connections.token.hint')}>
      <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="token-status">
        {status}
      </p>
      <div className="flex flex-wrap gap-2">
        <input
          id={id}
          value={value ?? ''}
          onChange={(e) => onChange(e.target.value)}
          placeholder={t('connections.token.placeholder', { min: TOKEN_MIN })}
          maxLength={TOKEN_MAX}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          className={cx(inputClass, 'min-w-0 flex-1 font-mono', error && inputErrorClass)}
        />
        <Button variant="secondary" onClick={() => onChange(generateToken())}>
          {t('connections.token.generate')}
        </Button>
        {saved?.hasToken && value !== null ? (
          <Button variant="secondary" onClick={() => onChange(null)}>
            {t('connections.token.remove')}
          </Button>
        ) : null}
      </div>
    </FieldShell>
  )
}
