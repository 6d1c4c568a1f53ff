import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { FieldShell, cx, inputClass, inputErrorClass } from '@atende/ui'

/** Colours offered at a click; any other comes from the native picker or the hex box. */
export const SWATCHES = [
  '#1e88e5',
  '#43a047',
  '#e53935',
  '#fb8c00',
  '#8e24aa',
  '#00897b',
  '#3949ab',
  '#6d4c41',
  '#c0ca33',
  '#d81b60',
  '#546e7a',
  '#fdd835',
]

/** The picker's value must be #rrggbb: expand #rgb, drop an alpha. */
const pickerValue = (v: string) => {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(v.trim())
  if (!m) return '#000000'
  const hex = m[1]!
  return `#${hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex.slice(0, 6)}`.toLowerCase()
}

/** A colour: swatches, the browser's colour picker and the hex code, all in step. */
export function ColorField({
  value,
  onChange,
  error,
}: {
  value: string
  onChange: (v: string) => void
  error?: string | null
}) {
  const { t } = useTranslation()
  const id = useId()
  return (
    <FieldShell id={id} label={t('tags.form.color')} error={error}>
      <div className="flex flex-wrap items-center gap-2">
        <div role="group" aria-label={t('tags.form.swatches')} className="flex flex-wrap gap-1.5">
          {SWATCHES.map((c) => (
            <button
              key={c}
              type="button"
              onClick={() => onChange(c)}
              aria-label={c}
              aria-pressed={value.toLowerCase() === c}
              title={c}
              className={cx(
                'h-7 w-7 rounded-full border-2 focus:outline-none focus-visible:ring-2 focus-visible:ring-primary',
                value.toLowerCase() === c ? 'border-slate-900 dark:border-white' : 'border-transparent',
              )}
              style={{ backgroundColor: c }}
            />
          ))}
        </div>
        <input
          type="color"
          value={pickerValue(value)}
          onChange={(e) => onChange(e.target.value)}
          aria-label={t('tags.form.picker')}
          className="h-8 w-10 cursor-pointer rounded border border-slate-300 bg-transparent p-0.5 dark:border-slate-600"
        />
        <input
          id={id}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          maxLength={9}
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={cx(inputClass, 'w-28 font-mono', error && inputErrorClass)}
        />
      </div>
    </FieldShell>
  )
}
