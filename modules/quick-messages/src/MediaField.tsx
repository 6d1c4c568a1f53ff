import { useId, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@atende/ui'
import { PaperclipIcon } from './icons.tsx'

export interface MediaFieldProps {
  /** The file attached now (null: none, or it is to be removed). */
  current: { name: string; url: string | null } | null
  /** A file chosen here, sent on save. */
  chosen: File | null
  onChoose: (file: File | null) => void
  /** Remove the attached file on save. */
  onRemove: () => void
  disabled?: boolean
}

/** The attachment of a quick message: shows it, picks a new one, removes it (applied on save). */
export function MediaField({ current, chosen, onChoose, onRemove, disabled }: MediaFieldProps) {
  const { t } = useTranslation()
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const shown = chosen ? { name: chosen.name, url: null } : current
  return (
    <div className="flex flex-col gap-1">
      <span id={`${id}-label`} className="text-sm font-medium text-slate-700 dark:text-slate-200">
        {t('quickMessages.form.media')}
      </span>
      <div className="flex flex-wrap items-center gap-2" role="group" aria-labelledby={`${id}-label`}>
        {shown ? (
          <span
            className="inline-flex min-w-0 max-w-full items-center gap-1 rounded-md bg-slate-100 px-2 py-1 text-sm dark:bg-slate-700"
            data-testid="quick-message-media"
          >
            <PaperclipIcon className="h-4 w-4 shrink-0" />
            {shown.url ? (
              <a href={shown.url} target="_blank" rel="noreferrer" className="truncate underline">
                {shown.name}
              </a>
            ) : (
              <span className="truncate">{shown.name}</span>
            )}
          </span>
        ) : (
          <span className="text-sm text-slate-500 dark:text-slate-400">{t('quickMessages.form.noMedia')}</span>
        )}
        <input
          ref={input}
          id={id}
          type="file"
          className="sr-only"
          aria-label={t('quickMessages.form.attach')}
          disabled={disabled}
          onChange={(e) => {
            onChoose(e.target.files?.[0] ?? null)
            e.target.value = ''
          }}
        />
        <Button variant="secondary" className="px-3 py-1" disabled={disabled} onClick={() => input.current?.click()}>
          {t(shown ? 'quickMessages.form.replace' : 'quickMessages.form.attach')}
        </Button>
        {shown && (
          <Button
            variant="ghost"
            className="px-3 py-1 text-red-600 dark:text-red-400"
            disabled={disabled}
            onClick={() => (chosen ? onChoose(null) : onRemove())}
          >
            {t('quickMessages.form.removeMedia')}
          </Button>
        )}
      </div>
    </div>
  )
}
