import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Avatar, Badge, EditIcon, TrashIcon, VirtualTable, displayPhone, type Column } from '@atende/ui'
import type { Contact } from './types.ts'

/** Every row has the same height, so the table renders only the rows in view. */
export const ROW_HEIGHT = 56
/** Contacts load the next page within 50 px of the bottom (administration.md §9). */
export const CONTACTS_SCROLL_PX = 50

export interface ContactsTableProps {
  contacts: Contact[]
  hasMore: boolean
  loadingMore: boolean
  moreFailed: boolean
  loadMore: () => void
  onEdit: (c: Contact) => void
  /** Absent without contacts-page:deleteContact: no delete button. */
  onDelete?: (c: Contact) => void
}

const rowProps = (c: Contact) => ({ 'data-testid': `contact-row-${c.id}` })
const contactKey = (c: Contact) => c.id
export const showNumber = (c: Pick<Contact, 'number' | 'isGroup'>) => (c.isGroup ? c.number : displayPhone(c.number))

/** The contacts' columns on the kit's windowed table. */
export function ContactsTable({
  contacts,
  hasMore,
  loadingMore,
  moreFailed,
  loadMore,
  onEdit,
  onDelete,
}: ContactsTableProps) {
  const { t } = useTranslation()
  const columns = useMemo<Column<Contact>[]>(
    () => [
      {
        key: 'name',
        header: t('contacts.columns.name'),
        headerClassName: 'px-3',
        className: 'max-w-0 px-3',
        cell: (c) => (
          <div className="flex items-center gap-3">
            <Avatar name={c.name} picture={c.profilePicUrl || null} />
            <div className="min-w-0">
              <p className="truncate font-medium">
                {c.name}
                {c.isGroup && <Badge className="ml-2">{t('contacts.group')}</Badge>}
              </p>
              <p className="truncate text-xs text-slate-500 dark:text-slate-400 sm:hidden">{showNumber(c)}</p>
            </div>
          </div>
        ),
      },
      {
        key: 'number',
        header: t('contacts.columns.number'),
        headerClassName: 'hidden w-48 px-3 sm:table-cell',
        className: 'hidden px-3 tabular-nums sm:table-cell',
        cell: showNumber,
      },
      {
        key: 'email',
        header: t('contacts.columns.email'),
        headerClassName: 'hidden px-3 md:table-cell',
        className: 'hidden max-w-0 truncate px-3 md:table-cell',
        cell: (c) => c.email,
      },
      {
        key: 'actions',
        header: t('contacts.columns.actions'),
        headerClassName: 'w-24 px-3 text-right',
        className: 'px-1 text-right whitespace-nowrap',
        cell: (c) => (
          <>
            <button
              type="button"
              onClick={() => onEdit(c)}
              aria-label={t('contacts.edit', { name: c.name })}
              title={t('contacts.edit', { name: c.name })}
              className="rounded-md p-2 text-slate-600 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-primary dark:text-slate-300 dark:hover:bg-slate-700"
            >
              <EditIcon className="h-4 w-4" />
            </button>
            {onDelete && (
              <button
                type="button"
                onClick={() => onDelete(c)}
                aria-label={t('contacts.delete', { name: c.name })}
                title={t('contacts.delete', { name: c.name })}
                className="rounded-md p-2 text-red-600 hover:bg-red-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-red-500 dark:text-red-400 dark:hover:bg-red-950"
              >
                <TrashIcon className="h-4 w-4" />
              </button>
            )}
          </>
        ),
      },
    ],
    [t, onEdit, onDelete],
  )

  return (
    <VirtualTable
      data-testid="contacts-scroll"
      label={t('contacts.title')}
      columns={columns}
      rows={contacts}
      rowKey={contactKey}
      rowProps={rowProps}
      rowHeight={ROW_HEIGHT}
      hasMore={hasMore}
      loadingMore={loadingMore}
      failed={moreFailed}
      loadMore={loadMore}
      scrollThreshold={CONTACTS_SCROLL_PX}
      loadingLabel={t('contacts.loadingMore')}
      failedText={t('contacts.loadMoreError')}
      retryLabel={t('common.retry', { defaultValue: 'Retry' })}
    />
  )
}
