import type { ReactNode } from 'react'

export interface Chip {
  id: number
  name: string
  /** The dot before the name; grey when empty. */
  color?: string | null
}

export interface ChipsFieldProps {
  legend: ReactNode
  /** null: still loading (`loading` shows). */
  items: Chip[] | null
  value: number[]
  onChange: (ids: number[]) => void
  /** Shown while the items load. */
  loading?: ReactNode
  /** Shown when there are no items. */
  empty: ReactNode
  error?: string | null
  /** Classes of the row of chips (default a wrapping row). */
  listClassName?: string
  'data-testid'?: string
}

/** A multiple choice as a row of checkbox chips, each with its colour dot (queues of a user, of a connection). */
export function ChipsField({
  legend,
  items,
  value,
  onChange,
  loading = null,
  empty,
  error,
  listClassName = 'flex flex-wrap gap-2',
  ...rest
}: ChipsFieldProps) {
  const toggle = (id: number) => onChange(value.includes(id) ? value.filter((q) => q !== id) : [...value, id])
  return (
    <fieldset className="flex flex-col gap-1" data-testid={rest['data-testid']}>
      <legend className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-200">{legend}</legend>
      {items === null ? (
        loading
      ) : items.length === 0 ? (
        empty
      ) : (
        <div className={listClassName}>
          {items.map((q) => (
            <label
              key={q.id}
              className="flex cursor-pointer items-center gap-2 rounded-full border border-slate-300 px-3 py-1 text-sm dark:border-slate-600"
            >
              <input type="checkbox" checked={value.includes(q.id)} onChange={() => toggle(q.id)} />
              <span className="h-2.5 w-2.5 rounded-full" style={{ background: q.color || '#94a3b8' }} aria-hidden />
              {q.name}
            </label>
          ))}
        </div>
      )}
      {error && (
        <p className="text-xs text-red-600" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  )
}
