import { useEffect, useId, useState, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { isAbortError, useApi } from '@atende/client'
import { Avatar, cx, displayPhone, inputClass, useDebounced } from '@atende/ui'
import type { ContactSummary } from './types.ts'
import { SEARCH_MAX, SEARCH_MIN } from './validation.ts'

export interface ContactPickerProps {
  onSelect: (contact: ContactSummary) => void
  /** Visible label (default: the module's "Contato"). */
  label?: string
  placeholder?: string
  autoFocus?: boolean
  /** Offers "add contact" with the typed text when nothing (or not the right one) is found. */
  onAddNew?: (typed: string) => void
  className?: string
}

const showNumber = (c: ContactSummary) => (c.isGroup ? c.number : displayPhone(c.number))

/**
 * A contact search box with a list of matches (GET /api/contacts/list): it searches from 3 characters,
 * 500 ms after typing stops.
 * Keyboard: arrows move, Enter picks, Escape closes. For the new-ticket modal, schedules and
 * "send contact" in the tickets module (see components.ts).
 */
export function ContactPicker({ onSelect, label, placeholder, autoFocus, onAddNew, className }: ContactPickerProps) {
  const { t } = useTranslation()
  const api = useApi()
  const id = useId()
  const [text, setText] = useState('')
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(0)
  const [results, setResults] = useState<ContactSummary[]>([])
  const [status, setStatus] = useState<'idle' | 'searching' | 'done' | 'error'>('idle')
  const term = useDebounced(text.trim())

  useEffect(() => {
    if (term.length < SEARCH_MIN) {
      setResults([])
      setStatus('idle')
      return
    }
    const ctrl = new AbortController()
    setStatus('searching')
    api.get<ContactSummary[]>('/contacts/list', { params: { searchParam: term }, signal: ctrl.signal }).then(
      (list) => {
        setResults(list)
        setActive(0)
        setStatus('done')
      },
      (err) => {
        if (!isAbortError(err)) {
          console.error('[contacts] picker search failed', err)
          setStatus('error')
        }
      },
    )
    return () => ctrl.abort()
  }, [api, term])

  const pick = (c: ContactSummary) => {
    onSelect(c)
    setText(c.name)
    setOpen(false)
  }
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault()
      setOpen(true)
      setActive((i) => Math.min(i + 1, results.length - 1))
    } else if (e.key === 'ArrowUp') {
      e.preventDefault()
      setActive((i) => Math.max(i - 1, 0))
    } else if (e.key === 'Enter' && open && results[active]) {
      e.preventDefault()
      pick(results[active]!)
    } else if (e.key === 'Escape') setOpen(false)
  }

  const listId = `${id}-list`
  const showList = open && text.trim().length >= SEARCH_MIN
  return (
    <div className={cx('relative flex flex-col gap-1', className)}>
      <label htmlFor={`${id}-input`} className="text-sm font-medium text-slate-700 dark:text-slate-200">
        {label ?? t('contacts.picker.label')}
      </label>
      <input
        id={`${id}-input`}
        role="combobox"
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={showList && results[active] ? `${id}-opt-${results[active]!.id}` : undefined}
        value={text}
        autoFocus={autoFocus}
        autoComplete="off"
        maxLength={SEARCH_MAX}
        placeholder={placeholder ?? t('contacts.picker.placeholder')}
        className={inputClass}
        onChange={(e) => {
          setText(e.target.value)
          setOpen(true)
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={onKeyDown}
      />
      {showList && (
        <ul
          id={listId}
          role="listbox"
          aria-label={label ?? t('contacts.picker.label')}
          className="absolute top-full z-20 mt-1 max-h-64 w-full overflow-y-auto rounded-md border border-slate-200 bg-white py-1 shadow-lg dark:border-slate-600 dark:bg-slate-800"
        >
          {status === 'searching' && (
            <li role="presentation" className="px-3 py-2 text-sm text-slate-500 dark:text-slate-400">
              {t('contacts.picker.searching')}
            </li>
          )}
          {status === 'error' && (
            <li role="presentation" className="px-3 py-2 text-sm text-red-600">
              {t('contacts.picker.error')}
            </li>
          )}
          {status === 'done' && !results.length && (
            <li role="presentation" className="px-3 py-2 text-sm text-slate-500 dark:text-slate-400">
              {t('contacts.picker.noResults')}
            </li>
          )}
          {results.map((c, i) => (
            <li
              key={c.id}
              id={`${id}-opt-${c.id}`}
              role="option"
              aria-selected={i === active}
              onMouseDown={(e) => {
                e.preventDefault()
                pick(c)
              }}
              onMouseEnter={() => setActive(i)}
              className={cx(
                'flex cursor-pointer items-center gap-3 px-3 py-2 text-sm',
                i === active && 'bg-slate-100 dark:bg-slate-700',
              )}
            >
              <Avatar name={c.name} picture={c.profilePicUrl || null} size="sm" />
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium">{c.name}</span>
                <span className="block truncate text-xs text-slate-500 dark:text-slate-400">{showNumber(c)}</span>
              </span>
            </li>
          ))}
          {onAddNew && status !== 'searching' && (
            <li
              role="option"
              aria-selected={false}
              onMouseDown={(e) => {
                e.preventDefault()
                setOpen(false)
                onAddNew(text.trim())
              }}
              className="cursor-pointer border-t border-slate-100 px-3 py-2 text-sm font-medium text-primary dark:border-slate-700 dark:text-white"
            >
              {t('contacts.picker.addNew')}
            </li>
          )}
        </ul>
      )}
    </div>
  )
}
