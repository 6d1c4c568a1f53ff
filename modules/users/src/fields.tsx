import { useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Avatar, Button, ChipsField, FieldShell, cx, inputClass } from '@atende/ui'
import { readPicture } from './readPicture.ts'
import type { Queue } from './types.ts'
import { PASSWORD_MAX } from './validation.ts'

/** Password input with a show/hide toggle; `hint` says whether it may stay empty. */
export function PasswordField({
  label,
  value,
  error,
  hint,
  onChange,
  autoComplete,
}: {
  label: string
  value: string
  error?: string | null
  hint?: string
  onChange: (v: string) => void
  autoComplete: string
}) {
  const { t } = useTranslation()
  const id = useId()
  const [shown, setShown] = useState(false)
  return (
    <FieldShell id={id} label={label} error={error} hint={hint}>
      <div className="relative">
        <input
          id={id}
          type={shown ? 'text' : 'password'}
          value={value}
          maxLength={PASSWORD_MAX}
          autoComplete={autoComplete}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
          className={cx(inputClass, 'pr-10', error && 'border-red-500')}
          onChange={(e) => onChange(e.target.value)}
        />
        <button
          type="button"
          onClick={() => setShown((s) => !s)}
          aria-label={shown ? t('users.dialog.hidePassword') : t('users.dialog.showPassword')}
          aria-pressed={shown}
          className="absolute inset-y-0 right-0 px-3 text-slate-500 dark:text-slate-400 hover:text-slate-800 dark:hover:text-slate-200"
        >
          <svg viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
            <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" />
            <circle cx="12" cy="12" r="3" />
            {shown && <path d="M3 3l18 18" />}
          </svg>
        </button>
      </div>
    </FieldShell>
  )
}

/** Picture chooser: file → base64 data URL (≤ 1 MB) with a preview and a remove button. */
export function PictureField({
  name,
  value,
  error,
  onChange,
  onError,
}: {
  name: string
  value: string | null
  error?: string | null
  onChange: (v: string | null) => void
  onError: (key: string | null) => void
}) {
  const { t } = useTranslation()
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const pick = async (file: File | undefined) => {
    if (!file) return
    const res = await readPicture(file)
    if (res.ok) {
      onError(null)
      onChange(res.dataUrl)
    } else onError(res.error)
    if (input.current) input.current.value = '' // choosing the same file again still fires
  }
  return (
    <div className="flex items-center gap-4">
      <Avatar name={name || '?'} picture={value} size="lg" />
      <div className="flex min-w-0 flex-col gap-1">
        <label htmlFor={id} className="text-sm font-medium text-slate-700 dark:text-slate-200">
          {t('users.dialog.picture')}
        </label>
        <input
          ref={input}
          id={id}
          type="file"
          accept="image/*"
          className="sr-only"
          aria-describedby={`${id}-msg`}
          onChange={(e) => void pick(e.target.files?.[0])}
        />
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" className="px-3 py-1" onClick={() => input.current?.click()}>
            {t('users.dialog.choosePicture')}
          </Button>
          {value && (
            <Button
              variant="ghost"
              className="px-3 py-1"
              onClick={() => {
                onError(null)
                onChange(null)
              }}
            >
              {t('users.dialog.removePicture')}
            </Button>
          )}
        </div>
        <p
          id={`${id}-msg`}
          role={error ? 'alert' : undefined}
          className={cx('text-xs', error ? 'text-red-600 dark:text-red-400' : 'text-slate-500 dark:text-slate-400')}
        >
          {error ?? t('users.dialog.pictureHint')}
        </p>
      </div>
    </div>
  )
}

/** Queue multi-select as a checkbox list; an empty state until queues exist. */
export function QueuesField({
  queues,
  value,
  onChange,
}: {
  queues: Queue[] | null
  value: number[]
  onChange: (ids: number[]) => void
}) {
  const { t } = useTranslation()
  return (
    <ChipsField
      legend={t('users.dialog.queues')}
      items={queues}
      value={value}
      onChange={onChange}
      loading={<p className="text-xs text-slate-500 dark:text-slate-400">{t('users.dialog.loadingQueues')}</p>}
      empty={
        <p className="rounded-md border border-dashed border-slate-300 px-3 py-2 text-sm text-slate-500 dark:text-slate-400 dark:border-slate-600">
          {t('users.dialog.noQueues')}
        </p>
      }
      listClassName="flex max-h-32 flex-wrap gap-2 overflow-auto"
    />
  )
}
