import { useEffect, useState } from 'react'
import { isAbortError, useApi, type ApiClient } from '@atende/client'
import { Select } from './Select.tsx'

export interface Choice {
  id: number
  name: string
}
/** null while loading; 'hidden' when the read is refused (a plan without the feature) or fails. */
export type Choices = Choice[] | null | 'hidden'

/** Loads one list of choices while mounted, by name; a refusal or a failure hides what uses it. */
export function useChoices(read: (api: ApiClient, signal: AbortSignal) => Promise<Choice[]>): Choices {
  const api = useApi()
  const [choices, setChoices] = useState<Choices>(null)
  useEffect(() => {
    const ctrl = new AbortController()
    read(api, ctrl.signal)
      .then((list) => setChoices([...list].sort((a, b) => a.name.localeCompare(b.name))))
      .catch((err) => {
        if (isAbortError(err) || ctrl.signal.aborted) return
        setChoices('hidden')
      })
    return () => ctrl.abort()
  }, [api, read])
  return choices
}

export interface ChoicePickerProps {
  label: string
  choices: Choices
  value: number | null
  onChange: (value: number | null) => void
  /** The empty choice ("none"), and the text while loading. */
  none: string
  loading: string
  /** How a saved id missing from the list reads (a choice deleted meanwhile). */
  unknown: (id: number) => string
  error?: string
  'data-testid'?: string
}

/** An optional reference picked from a list read from the API; nothing at all when the list is hidden. */
export function ChoicePicker({
  label,
  choices,
  value,
  onChange,
  none,
  loading,
  unknown,
  error,
  ...rest
}: ChoicePickerProps) {
  if (choices === 'hidden') return null
  const options = (choices ?? []).map((c) => ({ value: c.id, label: c.name }))
  // The saved choice before its list arrives (or gone from it) still reads as chosen.
  if (value != null && !options.some((o) => o.value === value))
    options.unshift({ value, label: choices ? unknown(value) : '…' })
  return (
    <Select
      label={label}
      value={value == null ? '' : String(value)}
      onChange={(v) => onChange(v ? Number(v) : null)}
      placeholder={choices ? none : loading}
      options={options}
      error={error}
      data-testid={rest['data-testid']}
    />
  )
}
