import { useEffect, useRef, useState } from 'react'
import { cx } from './cx.ts'
import { inputClass } from './TextField.tsx'
import { SearchIcon } from './icons.tsx'
import { SEARCH_DEBOUNCE_MS, useDebounced } from './hooks.ts'

export interface SearchFieldProps {
  /** Accessible name (the field shows the search icon, not a visible label). */
  label: string
  placeholder?: string
  /** Called with the trimmed text once typing pauses for `debounceMs`; not called on mount. */
  onSearch: (term: string) => void
  debounceMs?: number
  className?: string
}

/** A search box (role searchbox) with a search icon and a debounced callback. */
export function SearchField({
  label,
  placeholder,
  onSearch,
  debounceMs = SEARCH_DEBOUNCE_MS,
  className,
}: SearchFieldProps) {
  const [input, setInput] = useState('')
  const term = useDebounced(input.trim(), debounceMs)
  const last = useRef(term)
  const cb = useRef(onSearch)
  cb.current = onSearch
  useEffect(() => {
    if (term === last.current) return
    last.current = term
    cb.current(term)
  }, [term])
  return (
    <div className={cx('relative', className)}>
      <SearchIcon className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-500 dark:text-slate-400" />
      <input
        type="search"
        value={input}
        onChange={(e) => setInput(e.target.value)}
        aria-label={label}
        placeholder={placeholder}
        className={cx(inputClass, 'pl-9')}
      />
    </div>
  )
}
