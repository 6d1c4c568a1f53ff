import type { ReactNode } from 'react'
import { cx } from './cx.ts'
import { EditIcon, TrashIcon } from './icons.tsx'
import type { Column } from './VirtualTable.tsx'

const TONES = {
  neutral: 'text-slate-600 hover:bg-slate-100 focus-visible:ring-primary dark:text-slate-300 dark:hover:bg-slate-700',
  danger: 'text-red-600 hover:bg-red-50 focus-visible:ring-red-500 dark:text-red-400 dark:hover:bg-red-950',
}

export interface IconActionProps {
  /** Accessible name and tooltip ("Edit Sales"): an icon button says what it does to which row. */
  label: string
  onClick: () => void
  icon: ReactNode
  tone?: keyof typeof TONES
  disabled?: boolean
  'data-testid'?: string
}

/** A row's icon button: named for screen readers, a tooltip for the mouse, a ring for the keyboard. */
export function IconAction({ label, onClick, icon, tone = 'neutral', disabled, ...rest }: IconActionProps) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      title={label}
      disabled={disabled}
      data-testid={rest['data-testid']}
      className={cx(
        'rounded-md p-2 focus:outline-none focus-visible:ring-2 disabled:cursor-not-allowed disabled:opacity-50',
        TONES[tone],
      )}
    >
      {icon}
    </button>
  )
}

export interface ActionsColumnOptions<T> {
  header: ReactNode
  /** The edit button's name for this row ("Edit Sales"); no button without `onEdit`. */
  editLabel?: (row: T) => string
  deleteLabel?: (row: T) => string
  /**
   * Instead of header and labels: the module's i18n function and namespace, read as
   * `<ns>.columns.actions`, `<ns>.edit` and `<ns>.delete` with `labelValues(row)` (default its name).
   */
  i18n?: { t: (key: string, values?: Record<string, unknown>) => string; ns: string }
  labelValues?: (row: T) => Record<string, unknown>
  onEdit?: (row: T) => void
  onDelete?: (row: T) => void
  /** Whether the caller may act on this row (the author or an admin); no buttons otherwise. */
  allowed?: (row: T) => boolean
  /** More buttons, before edit (a preview, an extension slot). */
  before?: (row: T) => ReactNode
  /** Width class of the header cell; default `w-24` (two buttons). */
  width?: string
}

/** The table's last column: the row's own buttons, then edit and delete, each named for the row. */
export function actionsColumn<T>(options: Omit<ActionsColumnOptions<T>, 'header'> & { header?: ReactNode }): Column<T> {
  const o = withWords(options)
  return {
    key: 'actions',
    header: o.header,
    headerClassName: cx(o.width ?? 'w-24', 'px-3 text-right'),
    className: 'px-1 text-right whitespace-nowrap',
    cell: (row) =>
      o.allowed && !o.allowed(row) ? null : (
        <>
          {o.before?.(row)}
          {o.onEdit && (
            <IconAction
              label={o.editLabel?.(row) ?? ''}
              onClick={() => o.onEdit!(row)}
              icon={<EditIcon className="h-4 w-4" />}
            />
          )}
          {o.onDelete && (
            <IconAction
              label={o.deleteLabel?.(row) ?? ''}
              tone="danger"
              onClick={() => o.onDelete!(row)}
              icon={<TrashIcon className="h-4 w-4" />}
            />
          )}
        </>
      ),
  }
}

/** Header and labels from the module's words when it gave its namespace instead. */
function withWords<T>(o: Omit<ActionsColumnOptions<T>, 'header'> & { header?: ReactNode }): ActionsColumnOptions<T> {
  if (!o.i18n) return { ...o, header: o.header ?? '' }
  const { t, ns } = o.i18n
  const values = o.labelValues ?? ((row: T) => ({ name: (row as { name?: unknown }).name ?? '' }))
  return {
    ...o,
    header: o.header ?? t(`${ns}.columns.actions`),
    editLabel: o.editLabel ?? ((row) => t(`${ns}.edit`, values(row))),
    deleteLabel: o.deleteLabel ?? ((row) => t(`${ns}.delete`, values(row))),
  }
}
