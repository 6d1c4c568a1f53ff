import { useTranslation } from 'react-i18next'
import { Badge, EditIcon, PlainTable, TrashIcon, columnsOf, type BadgeTone, type Column } from '@atende/ui'
import { SessionActions } from './SessionActions.tsx'
import { PhoneChatIcon } from './phone/PhoneIcons.tsx'
import { formatDateTime, type Connection, type SessionStatus } from './types.ts'

const TONES: Record<SessionStatus, BadgeTone> = {
  CONNECTED: 'success',
  qrcode: 'primary',
  OPENING: 'neutral',
  PAIRING: 'warning',
  TIMEOUT: 'warning',
  DISCONNECTED: 'danger',
}

export interface ListProps {
  items: Connection[]
  /** connections-page:actionButtons */
  session: boolean
  /** connections-page:editOrDeleteConnection */
  manage: boolean
  onQr: (c: Connection) => void
  /** Opens the simulator phone of a connected simulator connection. */
  onPhone: (c: Connection) => void
  onEdit: (c: Connection) => void
  onDelete: (c: Connection) => void
}

function StatusBadge({ status }: { status: SessionStatus }) {
  const { t } = useTranslation()
  return <Badge tone={TONES[status] ?? 'neutral'}>{t(`connections.status.${status}`, { defaultValue: status })}</Badge>
}

function DefaultMark() {
  const { t } = useTranslation()
  return (
    <span role="img" aria-label={t('connections.isDefault')} className="inline-block text-green-600">
      <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth={2.5} aria-hidden>
        <path d="M5 12l5 5L20 7" />
      </svg>
    </span>
  )
}

/** The simulator's phone: for a connected simulator connection only. */
function PhoneButton({ c, onPhone }: { c: Connection; onPhone: ListProps['onPhone'] }) {
  const { t } = useTranslation()
  if (c.provider !== 'simulator' || c.status !== 'CONNECTED') return null
  return (
    <button
      type="button"
      onClick={() => onPhone(c)}
      aria-label={t('connections.phone.open', { name: c.name })}
      title={t('connections.phone.open', { name: c.name })}
      data-testid="phone-open"
      className="inline-flex items-center gap-1 rounded border border-emerald-700 px-2 py-1 text-xs font-medium text-emerald-800 hover:bg-emerald-50 dark:border-emerald-300 dark:text-emerald-200 dark:hover:bg-slate-700"
    >
      <PhoneChatIcon className="h-4 w-4" />
      <span aria-hidden>{t('connections.phone.button')}</span>
    </button>
  )
}

/** The session buttons of a row and, next to them, the simulator phone. */
function SessionCell({ c, onQr, onPhone }: { c: Connection; onQr: ListProps['onQr']; onPhone: ListProps['onPhone'] }) {
  return (
    <div className="flex flex-wrap items-center gap-1.5">
      <SessionActions connection={c} onShowQr={onQr} />
      <PhoneButton c={c} onPhone={onPhone} />
    </div>
  )
}

/** Edit and delete, each named for the connection. */
function RowButtons({
  c,
  onEdit,
  onDelete,
}: {
  c: Connection
  onEdit: ListProps['onEdit']
  onDelete: ListProps['onDelete']
}) {
  const { t } = useTranslation()
  const buttons = [
    { word: 'edit', Icon: EditIcon, tone: 'text-slate-600 hover:bg-slate-100 dark:text-slate-300', act: onEdit },
    { word: 'delete', Icon: TrashIcon, tone: 'text-red-600 hover:bg-red-50', act: onDelete },
  ]
  return (
    <>
      {buttons.map(({ word, Icon, tone, act }) => (
        <button
          key={word}
          type="button"
          className={`rounded p-1.5 ${tone} dark:hover:bg-slate-700`}
          aria-label={t(`connections.${word}`, { name: c.name })}
          onClick={() => act(c)}
        >
          <Icon className="h-4 w-4" />
        </button>
      ))}
    </>
  )
}

/** Desktop: the table. */
export function ConnectionsTable({ items, session, manage, onQr, onPhone, onEdit, onDelete }: ListProps) {
  const { t } = useTranslation()
  const col = columnsOf<Connection>(t, 'connections')
  const padding = 'px-3 py-2'
  const muted = 'text-slate-600 dark:text-slate-300'
  const columns: Column<Connection>[] = [
    col('name', { padding, className: 'font-medium', cell: (c) => c.name }),
    col('number', { padding, className: muted, cell: (c) => c.number || '—' }),
    col('status', { padding, cell: (c) => <StatusBadge status={c.status} /> }),
    ...(session ? [col('session', { padding, cell: (c) => <SessionCell c={c} onQr={onQr} onPhone={onPhone} /> })] : []),
    col('updatedAt', { padding, className: `whitespace-nowrap ${muted}`, cell: (c) => formatDateTime(c.updatedAt) }),
    col('default', { padding, align: 'center', cell: (c) => c.isDefault && <DefaultMark /> }),
    ...(manage
      ? [
          col('actions', {
            padding,
            align: 'right',
            className: 'whitespace-nowrap',
            cell: (c) => <RowButtons c={c} onEdit={onEdit} onDelete={onDelete} />,
          }),
        ]
      : []),
  ]
  return (
    <PlainTable
      className="hidden overflow-x-auto rounded-lg sm:block border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-800"
      tableClassName="w-full min-w-[720px] text-sm"
      headClassName="bg-slate-50 text-left text-xs uppercase text-slate-500 dark:bg-slate-900 dark:text-slate-400"
      rowClassName="border-t border-slate-100 dark:border-slate-700"
      rows={items}
      rowTestid="connection-row"
      columns={columns}
    />
  )
}

/** Phone: one card per connection, same content. */
export function ConnectionCards({ items, session, manage, onQr, onPhone, onEdit, onDelete }: ListProps) {
  const { t } = useTranslation()
  return (
    <ul className="flex flex-col gap-2 sm:hidden">
      {items.map((c) => (
        <li
          key={c.id}
          data-testid={`connection-card-${c.id}`}
          className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3 text-sm dark:border-slate-700 dark:bg-slate-800"
        >
          <div className="flex items-center gap-2">
            <span className="font-medium">{c.name}</span>
            {c.isDefault && <DefaultMark />}
            <span className="ml-auto flex">{manage && <RowButtons c={c} onEdit={onEdit} onDelete={onDelete} />}</span>
          </div>
          <div className="flex flex-wrap items-center gap-2 text-slate-600 dark:text-slate-300">
            <StatusBadge status={c.status} />
            <span>{c.number || '—'}</span>
            <span className="ml-auto text-xs" title={t('connections.columns.updatedAt')}>
              {formatDateTime(c.updatedAt)}
            </span>
          </div>
          {session && <SessionCell c={c} onQr={onQr} onPhone={onPhone} />}
        </li>
      ))}
    </ul>
  )
}
