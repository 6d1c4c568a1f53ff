import { useCallback, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { useApi } from '@atende/client'
import { IconAction, ListPage, PagedTable, actionsColumn, toast, type Column } from '@atende/ui'
import { CampaignsGate, NoAccess } from '../access.tsx'
import { DownloadIcon, PeopleIcon } from '../icons.tsx'
import { ROW_HEIGHT, nameColumn } from '../columns.tsx'
import { useAskDelete, useErrorText } from '../useAskDelete.tsx'
import { ContactListDialog } from './ContactListDialog.tsx'
import { downloadExample } from './example.ts'
import type { ContactList } from './types.ts'
import { useContactLists } from './useContactLists.ts'
import '../index.css'

/**
 * /contact-lists: the company's lists, searchable, a page at a time, live, with their contacts
 * count; download the example spreadsheet, open a list's contacts, rename, delete with confirmation;
 * add.
 */
function ContactLists() {
  const { t } = useTranslation()
  const api = useApi()
  const navigate = useNavigate()
  const [search, setSearch] = useState('')
  const list = useContactLists(search)
  const { upsert, remove } = list
  const [denied, setDenied] = useState(false)
  const [editing, setEditing] = useState<{ record: ContactList | null } | null>(null)
  const message = useErrorText()
  const del = useAskDelete<ContactList>({
    ns: 'contactLists',
    path: '/contact-lists',
    onDeleted: remove,
    onPlanDenied: () => setDenied(true),
  })

  const example = useCallback(() => {
    downloadExample(api).catch((err) => toast.error(message(err)))
  }, [api, message])

  const columns = useMemo<Column<ContactList>[]>(
    () => [
      nameColumn<ContactList>(t('contactLists.columns.name')),
      {
        key: 'contacts',
        header: t('contactLists.columns.contacts'),
        headerClassName: 'w-28 px-3 text-center sm:w-40',
        className: 'px-3 text-center font-mono text-sm',
        cell: (r) => <span data-testid="contacts-count">{r.contactsCount}</span>,
      },
      actionsColumn<ContactList>({
        i18n: { t, ns: 'contactLists' },
        width: 'w-44',
        before: (r) => (
          <>
            <IconAction
              label={t('contactLists.example')}
              onClick={example}
              icon={<DownloadIcon className="h-4 w-4" />}
            />
            <IconAction
              label={t('contactLists.open', { name: r.name })}
              onClick={() => navigate(`/contact-lists/${r.id}/contacts`)}
              icon={<PeopleIcon className="h-4 w-4" />}
            />
          </>
        ),
        onEdit: (r) => setEditing({ record: r }),
        onDelete: del.ask,
      }),
    ],
    [t, navigate, example, del.ask],
  )

  if (denied) return <NoAccess testId="contact-lists-plan-denied" />

  return (
    <ListPage
      ns="contactLists"
      list={list}
      count={false}
      search={{ value: search, onSearch: setSearch }}
      onAdd={() => setEditing({ record: null })}
      table={
        <PagedTable
          data-testid="contact-lists-scroll"
          ns="contactLists"
          loadingLabel={t('campaignsCommon.loadingMore')}
          list={list}
          columns={columns}
          rowTestid="contact-list-row"
          rowHeight={ROW_HEIGHT}
        />
      }
    >
      <ContactListDialog
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={upsert}
        onPlanDenied={() => setDenied(true)}
      />
      {del.dialog}
    </ListPage>
  )
}

export default function ContactListsPage() {
  return (
    <CampaignsGate>
      <ContactLists />
    </CampaignsGate>
  )
}
