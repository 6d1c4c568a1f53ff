import { useEffect, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isAbortError, useApi } from '@atende/client'
import { FieldShell, cx, inputClass, inputErrorClass } from '@atende/ui'

export interface PickedContact {
  id: number
  name: string
  number: string
}

/** Contact search starts at 3 characters, 500 ms after typing stops. */
const MIN_SEARCH = 3
const DEBOUNCE_MS = 500

/** Picks one of the company's contacts by name or number (GET /contacts?searchParam). */
export function ContactPicker({
  value,
  onChange,
  error,
  disabled,
}: {
  value: PickedContact | null
  onChange: (c: PickedContact | null) => void
  error?: string
  disabled?: boolean
}) {
  const { t } = useTranslation()
  const api = useApi()
  const id = useId()
  const [text, setText] = useState('')
  const [found, setFound] = useState<PickedContact[] | null>(null)

  useEffect(() => {
    const s = text.trim()
    if (s.length < MIN_SEARCH) {
      setFound(null)
      return
    }
    const ctrl = new AbortController()
    const timer = setTimeout(() => {
      api
        .get<{ contacts: PickedContact[] }>(`/contacts?searchParam=${encodeURIComponent(s)}`, { signal: ctrl.signal })
        .then((page) => setFound(page.contacts.slice(0, 10)))
        .catch((err) => {
          if (!isAbortError(err)) setFound([])
        })
    }, DEBOUNCE_MS)
    return () => {
      clearTimeout(timer)
      ctrl.abort()
    }
  }, [api, text])

  if (value)
    return (
      <FieldShell id={id} label={t('schedules.form.contact')} error={error} required>
        <div className="flex items-center gap-2" id={id} data-testid="schedule-contact">
          <span className="min-w-0 flex-1 truncate rounded-md bg-slate-100 px-2 py-1.5 text-sm dark:bg-slate-700">
            {value.name} <span className="text-slate-500 dark:text-slate-400">{value.number}</span>
          </span>
          {!disabled && (
            <button
              type="button"
              className="text-sm text-sky-700 underline dark:text-sky-300"
              onClick={() => onChange(null)}
            >
              {t('schedules.form.changeContact')}
            </button>
          )}
        </div>
      </FieldShell>
    )
  return (
    <FieldShell id={id} label={t('schedules.form.contact')} error={error} required>
      <div className="relative">
        <input
          id={id}
          value={text}
          disabled={disabled}
          placeholder={t('schedules.form.contactSearch')}
          onChange={(e) => setText(e.target.value)}
          required
          aria-invalid={error ? true : undefined}
          className={cx(inputClass, error && inputErrorClass)}
          autoComplete="off"
        />
        {found && (
          <ul
            role="listbox"
            aria-label={t('schedules.form.contact')}
            className="absolute z-10 mt-1 max-h-56 w-full overflow-auto rounded-md border border-slate-200 bg-white shadow-lg dark:border-slate-600 dark:bg-slate-800"
          >
            {found.length === 0 ? (
              <li className="px-3 py-2 text-sm text-slate-500">{t('schedules.form.noContacts')}</li>
            ) : (
              found.map((c) => (
                <li key={c.id} role="option" aria-selected={false}>
                  <button
                    type="button"
                    className="w-full px-3 py-2 text-left text-sm hover:bg-slate-100 dark:hover:bg-slate-700"
                    onClick={() => {
                      onChange({ id: c.id, name: c.name, number: c.number })
                      setText('')
                    }}
                  >
                    {c.name} <span className="text-slate-500 dark:text-slate-400">{c.number}</span>
                  </button>
                </li>
              ))
            )}
          </ul>
        )}
      </div>
    </FieldShell>
  )
}
