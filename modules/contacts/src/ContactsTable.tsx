import { Avatar, Badge, PagedTable, displayPhone, useColumns, type PagedRows } from '@atende/ui'
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
  const columns = useColumns<Contact>(
    'contacts',
    ({ t, col, actions }) => [
      col('name', {
        className: 'max-w-0',
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
      }),
      col('number', { width: 'w-48', from: 'sm', className: 'tabular-nums', cell: showNumber }),
      col('email', { from: 'md', truncate: true, cell: (c) => c.email }),
      actions({ onEdit, onDelete }),
    ],
    [onEdit, onDelete],
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
