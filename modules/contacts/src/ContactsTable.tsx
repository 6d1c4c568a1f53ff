import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Avatar, Badge, PagedTable, actionsColumn, displayPhone, type Column, type PagedRows } from '@atende/ui'
import type { Contact } from './types.ts'

/** Every row has the same height, so the table renders only the rows in view. */
export const ROW_HEIGHT = 56
/** Contacts load the next page within 50 px of the bottom. */
export const CONTACTS_SCROLL_PX = 50

export interface ContactsTableProps {
  list: PagedRows<Contact>
  onEdit: (c: Contact) => void
  /** Absent without contacts-page:deleteContact: no delete button. */
  onDelete?: (c: Contact) => void
}

export const showNumber = (c: Pick<Contact, 'number' | 'isGroup'>) => (c.isGroup ? c.number : displayPhone(c.number))

/** The contacts' columns on the kit's windowed table. */
export function ContactsTable({ list, onEdit, onDelete }: ContactsTableProps) {
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
      actionsColumn<Contact>({
        i18n: { t, ns: 'contacts' },
        onEdit,
        onDelete,
      }),
    ],
    [t, onEdit, onDelete],
  )

  return (
    <PagedTable
      data-testid="contacts-scroll"
      ns="contacts"
      list={list}
      columns={columns}
      rowTestid="contact-row"
      rowHeight={ROW_HEIGHT}
      scrollThreshold={CONTACTS_SCROLL_PX}
    />
  )
}
