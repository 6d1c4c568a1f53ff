import { useMemo, type DependencyList, type ReactNode } from 'react'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { Badge, type BadgeTone } from './Badge.tsx'
import { cx } from './cx.ts'
import { actionsColumn, type ActionsColumnOptions } from './RowActions.tsx'
import type { PagedRows } from './PagedTable.tsx'
import type { Column } from './VirtualTable.tsx'

/** The screen width from which a column shows (it is hidden on narrower screens). */
export type Breakpoint = 'sm' | 'md' | 'lg' | 'xl'

// Whole class names, so Tailwind's scan of this file generates them.
const SHOWN_FROM: Record<Breakpoint, [string, string]> = {
  sm: ['hidden', 'sm:table-cell'],
  md: ['hidden', 'md:table-cell'],
  lg: ['hidden', 'lg:table-cell'],
  xl: ['hidden', 'xl:table-cell'],
}
const ALIGN = { right: 'text-right', center: 'text-center' } as const

export interface ColumnSpec<T> {
  cell: (row: T) => ReactNode
  /** The header's words; default `<ns>.columns.<key>`. */
  header?: ReactNode
  /** The column's width class (`w-48`, `w-1/4`); none: it takes the room left. */
  width?: string
  /** Hidden on screens narrower than this. */
  from?: Breakpoint
  align?: keyof typeof ALIGN
  /** Long text ends in an ellipsis instead of widening the table. */
  truncate?: boolean
  /** More classes of each body cell (font, colour). */
  className?: string
  /** More classes of the header cell only. */
  headerClassName?: string
  /** The cells' side padding; default `px-3`. */
  padding?: string
}

/** A yes/no field as a badge: `tone` and the first words' key when on, neutral and the second's when off. */
export interface FlagSpec<T> extends Omit<ColumnSpec<T>, 'cell'> {
  tone: BadgeTone
  words: [on: string, off: string]
  /** Whether the row's flag is on; default its field named by the column's key. */
  is?: (row: T) => unknown
}

/**
 * A table's columns from its module's namespace: `const col = columnsOf<Tag>(t, 'tags')`, then
 * `col('name', { cell: (r) => r.name, width: 'w-48', from: 'sm' })` — header words, padding,
 * width and the breakpoint it shows from written once for every table.
 */
export function columnsOf<T>(t: TFunction, ns: string) {
  return (key: string, spec: ColumnSpec<T>): Column<T> => {
    const { cell, header, width, from, align, truncate, className, headerClassName, padding = 'px-3' } = spec
    const [hidden, shown] = from ? SHOWN_FROM[from] : []
    return {
      key,
      header: header ?? t(`${ns}.columns.${key}`),
      headerClassName: cx(hidden, width, padding, align && ALIGN[align], headerClassName, shown),
      className: cx(hidden, truncate && 'max-w-0 truncate', padding, align && ALIGN[align], className, shown),
      cell,
    }
  }
}

/** What `useColumns` hands the table's builder, all reading the module's namespace. */
export interface ColumnKit<T> {
  t: TFunction
  col: (key: string, spec: ColumnSpec<T>) => Column<T>
  flag: (key: string, spec: FlagSpec<T>) => Column<T>
  /** The row's `name` in medium weight, cut to the column's width and whole on hover. */
  name: (spec?: Omit<ColumnSpec<T>, 'cell'>) => Column<T>
  /** The row's own buttons, then edit and delete, named by `<ns>.edit` / `<ns>.delete`. */
  actions: (options: Omit<ActionsColumnOptions<T>, 'header' | 'i18n'>) => Column<T>
}

/**
 * A table's columns, built again when `deps` change (with the language): `useColumns<Tag>('tags',
 * ({ col, actions }) => [col('name', …), actions({ onEdit, onDelete })], [onEdit, onDelete])`.
 */
export function useColumns<T>(ns: string, build: (kit: ColumnKit<T>) => Column<T>[], deps: DependencyList) {
  const { t } = useTranslation()
  return useMemo(() => {
    const col = columnsOf<T>(t, ns)
    const flag: ColumnKit<T>['flag'] = (key, { tone, words: [on, off], is, ...spec }) => {
      const isOn = is ?? ((row: T) => (row as Record<string, unknown>)[key])
      return col(key, {
        ...spec,
        cell: (row) => <Badge tone={isOn(row) ? tone : 'neutral'}>{t(isOn(row) ? on : off)}</Badge>,
      })
    }
    const name: ColumnKit<T>['name'] = (spec) =>
      col('name', {
        truncate: true,
        className: 'font-medium',
        ...spec,
        cell: (row) => {
          const text = String((row as { name?: unknown }).name ?? '')
          return <span title={text}>{text}</span>
        },
      })
    return build({ t, col, flag, name, actions: (options) => actionsColumn<T>({ ...options, i18n: { t, ns } }) })
    // The builder is new on each render; the caller names what it reads in `deps`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [t, ns, ...deps])
}

/** The props of a module's paged table whose rows are edited and deleted from their buttons. */
export interface EditableRowsProps<T> {
  list: PagedRows<T>
  onEdit: (row: T) => void
  onDelete: (row: T) => void
}
