import { cx } from '@atende/ui'

export interface Suggestion {
  key: string
  label: string
  hint?: string
}

/** The list above the composer (quick replies, mentions): the composer drives the keyboard. */
export function Suggestions({
  id,
  items,
  active,
  onPick,
  onHover,
  label,
  testId,
}: {
  id: string
  items: Suggestion[]
  active: number
  onPick: (i: number) => void
  onHover: (i: number) => void
  label: string
  testId: string
}) {
  if (!items.length) return null
  return (
    <ul
      id={id}
      role="listbox"
      aria-label={label}
      data-testid={testId}
      className="absolute bottom-full left-0 right-0 z-20 mb-1 max-h-60 overflow-y-auto rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100"
    >
      {items.map((s, i) => (
        <li
          key={s.key}
          id={`${id}-${i}`}
          role="option"
          aria-selected={i === active}
          onMouseDown={(e) => {
            e.preventDefault()
            onPick(i)
          }}
          onMouseEnter={() => onHover(i)}
          className={cx('cursor-pointer px-3 py-1.5', i === active && 'bg-slate-100 dark:bg-slate-700')}
        >
          <span className="block truncate">{s.label}</span>
          {s.hint && <span className="block truncate text-xs text-slate-500 dark:text-slate-400">{s.hint}</span>}
        </li>
      ))}
    </ul>
  )
}
