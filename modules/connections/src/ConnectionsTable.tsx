import { useTranslation } from 'react-i18next'
import { Badge, EditIcon, TrashIcon, type BadgeTone } from '@atende/ui'
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
  return (
    <>
      <button
        type="button"
        className="rounded p-1.5 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-700"
        aria-label={t('connections.edit', { name: c.name })}
        onClick={() => onEdit(c)}
      >
        <EditIcon className="h-4 w-4" />
      </button>
      <button
        type="button"
        className="rounded p-1.5 text-red-600 hover:bg-red-50 dark:hover:bg-slate-700"
        aria-label={t('connections.delete', { name: c.name })}
        onClick={() => onDelete(c)}
      >
        <TrashIcon className="h-4 w-4" />
      </button>
    </>
  )
}

/** Desktop: the table of core.md §2 "Connections". */
export function ConnectionsTable({ items, session, manage, onQr, onPhone, onEdit, onDelete }: ListProps) {
  const { t } = useTranslation()
  return (
    <div className="hidden overflow-x-auto rounded-lg sm:block border border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-800">
      <table className="w-full min-w-[720px] text-sm">
        <thead className="bg-slate-50 text-left text-xs uppercase text-slate-500 dark:bg-slate-900 dark:text-slate-400">
          <tr>
            <th className="px-3 py-2">{t('connections.columns.name')}</th>
            <th className="px-3 py-2">{t('connections.columns.number')}</th>
            <th className="px-3 py-2">{t('connections.columns.status')}</th>
            {session && <th className="px-3 py-2">{t('connections.columns.session')}</th>}
            <th className="px-3 py-2">{t('connections.columns.updatedAt')}</th>
            <th className="px-3 py-2 text-center">{t('connections.columns.default')}</th>
            {manage && <th className="px-3 py-2 text-right">{t('connections.columns.actions')}</th>}
          </tr>
        </thead>
        <tbody>
          {items.map((c) => (
            <tr
              key={c.id}
              data-testid={`connection-row-${c.id}`}
              className="border-t border-slate-100 dark:border-slate-700"
            >
              <td className="px-3 py-2 font-medium">{c.name}</td>
              <td className="px-3 py-2 text-slate-600 dark:text-slate-300">{c.number || '—'}</td>
              <td className="px-3 py-2">
                <StatusBadge status={c.status} />
              </td>
              {session && (
                <td className="px-3 py-2">
                  <SessionCell c={c} onQr={onQr} onPhone={onPhone} />
                </td>
              )}
              <td className="whitespace-nowrap px-3 py-2 text-slate-600 dark:text-slate-300">
                {formatDateTime(c.updatedAt)}
              </td>
              <td className="px-3 py-2 text-center">{c.isDefault && <DefaultMark />}</td>
              {manage && (
                <td className="whitespace-nowrap px-3 py-2 text-right">
                  <RowButtons c={c} onEdit={onEdit} onDelete={onDelete} />
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
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
