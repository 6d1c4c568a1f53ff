import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { useApi } from '@atende/client'
import { IconAction, ListPage, PagedTable, toast, useColumns, useEditing, useSearchTerm } from '@atende/ui'
import { CampaignsGate, NoAccess } from '../access.tsx'
import { DownloadIcon, PeopleIcon } from '../icons.tsx'
import { ROW_HEIGHT } from '../columns.tsx'
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
  const search = useSearchTerm()
  const list = useContactLists(search.value)
  const [denied, setDenied] = useState(false)
  const { editing, add, edit, close } = useEditing<ContactList>()
  const message = useErrorText()
  const del = useAskDelete<ContactList>({
    ns: 'contactLists',
    path: '/contact-lists',
    onDeleted: list.remove,
    onPlanDenied: () => setDenied(true),
  })

  const example = useCallback(() => {
    downloadExample(api).catch((err) => toast.error(message(err)))
  }, [api, message])

  const columns = useColumns<ContactList>(
    'contactLists',
    ({ t, col, name, actions }) => [
      name(),
      col('contacts', {
        width: 'w-28 sm:w-40',
        align: 'center',
        className: 'font-mono text-sm',
        cell: (r) => <span data-testid="contacts-count">{r.contactsCount}</span>,
      }),
      actions({
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
        onEdit: edit,
        onDelete: del.ask,
      }),
    ],
    [navigate, example, edit, del.ask],
  )

  if (denied) return <NoAccess testId="contact-lists-plan-denied" />

  return (
    <ListPage
      ns="contactLists"
      list={list}
      count={false}
      search={search}
      onAdd={add}
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
      <ContactListDialog editing={editing} onClose={close} onSaved={list.upsert} onPlanDenied={() => setDenied(true)} />
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
