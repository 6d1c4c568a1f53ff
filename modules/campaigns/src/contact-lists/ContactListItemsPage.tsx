import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useParams } from 'react-router-dom'
import { isApiError, useApi, usePermissions, useRealtime, useSession } from '@atende/client'
import {
  Button,
  ErrorCard,
  ListPage,
  PagedTable,
  displayPhone,
  useColumns,
  useEditing,
  useSearchTerm,
} from '@atende/ui'
import { CampaignsGate, NoAccess, isPlanDenied } from '../access.tsx'
import { BackIcon, InvalidIcon, UncheckedIcon, UploadIcon, ValidIcon } from '../icons.tsx'
import { ROW_HEIGHT } from '../columns.tsx'
import { useAskDelete } from '../useAskDelete.tsx'
import { ContactItemDialog } from './ContactItemDialog.tsx'
import { ImportDialog } from './ImportDialog.tsx'
import type { ContactList, ContactListFrame, ContactListItem } from './types.ts'
import { useContactListItems } from './useContactLists.ts'
import '../index.css'

/** The contacts page's delete permission, which also gates deleting a list's contacts. */
export const DELETE_PERMISSION = 'contacts-page:deleteContact'

function Validity({ value }: { value: boolean | null }) {
  const { t } = useTranslation()
  const [Icon, label, tone, state] =
    value === true
      ? [ValidIcon, t('contactListItems.valid'), 'text-green-600 dark:text-green-400', 'valid']
      : value === false
        ? [InvalidIcon, t('contactListItems.invalid'), 'text-red-600 dark:text-red-400', 'invalid']
        : [UncheckedIcon, t('contactListItems.unchecked'), 'text-slate-400', 'unchecked']
  return (
    <span title={label} aria-label={label} role="img" data-testid="whatsapp-valid" data-state={state} className={tone}>
      <Icon className="inline h-5 w-5" />
    </span>
  )
}

/**
 * /contact-lists/:id/contacts: the list's name, its contacts searchable a page at a time
 * (WhatsApp-valid icon, name, number, email), import a spreadsheet, add, edit, and delete for those
 * holding contacts-page:deleteContact. Live.
 */
function ContactListItems({ contactListId }: { contactListId: number }) {
  const { t } = useTranslation()
  const api = useApi()
  const navigate = useNavigate()
  const { companyId } = useSession()
  const canDelete = usePermissions().values.has(DELETE_PERMISSION)
  const [contactList, setContactList] = useState<ContactList | null>(null)
  const [missing, setMissing] = useState(false)
  const [denied, setDenied] = useState(false)
  const search = useSearchTerm()
  const list = useContactListItems(contactListId, search.value)
  const { editing, add, edit, close } = useEditing<ContactListItem>()
  const [importing, setImporting] = useState(false)
  const del = useAskDelete<ContactListItem>({
    ns: 'contactListItems',
    path: '/contact-list-items',
    onDeleted: list.remove,
  })

  useEffect(() => {
    const ctrl = new AbortController()
    api
      .get<ContactList>(`/contact-lists/${contactListId}`, { signal: ctrl.signal })
      .then(setContactList)
      .catch((err) => {
        if (ctrl.signal.aborted) return
        if (isPlanDenied(err)) setDenied(true)
        else if (isApiError(err) && err.status === 404) setMissing(true)
        else console.warn('[campaigns] contact list failed', err)
      })
    return () => ctrl.abort()
  }, [api, contactListId])
  useRealtime<ContactListFrame>(companyId ? `company-${companyId}-ContactList` : null, (frame) => {
    if (!frame || typeof frame !== 'object') return
    if (frame.action === 'delete') {
      if (frame.id === contactListId) setMissing(true)
    } else if (frame.record?.id === contactListId) setContactList(frame.record)
  })

  const columns = useColumns<ContactListItem>(
    'contactListItems',
    ({ t, col, name, actions }) => [
      col('valid', {
        header: <span className="sr-only">{t('contactListItems.columns.valid')}</span>,
        width: 'w-12',
        className: 'text-center',
        cell: (r) => <Validity value={r.isWhatsappValid} />,
      }),
      name(),
      col('number', {
        width: 'w-40 sm:w-48',
        className: 'font-mono text-sm whitespace-nowrap',
        cell: (r) => <span title={r.number}>{displayPhone(r.number)}</span>,
      }),
      col('email', {
        width: 'w-1/4',
        from: 'md',
        truncate: true,
        className: 'text-slate-600 dark:text-slate-300',
        cell: (r) => r.email || '—',
      }),
      actions({ onEdit: edit, onDelete: canDelete ? del.ask : undefined }),
    ],
    [canDelete, edit, del.ask],
  )

  if (denied) return <NoAccess testId="contact-lists-plan-denied" />
  const back = (
    <Button variant="secondary" onClick={() => navigate('/contact-lists')}>
      <BackIcon className="mr-1 inline h-4 w-4" />
      {t('contactListItems.back')}
    </Button>
  )
  if (missing)
    return (
      <div className="flex flex-col items-start gap-3 p-6">
        <ErrorCard title={t('contactListItems.notFound')} />
        {back}
      </div>
    )

  return (
    <ListPage
      ns="contactListItems"
      list={list}
      leading={back}
      title={contactList?.name ?? '…'}
      titleTestid="contact-list-name"
      count={contactList ? t('contactListItems.count', { count: contactList.contactsCount }) : false}
      search={search}
      actions={
        <Button variant="secondary" onClick={() => setImporting(true)} className="w-full sm:w-auto">
          <UploadIcon className="mr-1 inline h-4 w-4" />
          {t('contactListItems.import.open')}
        </Button>
      }
      onAdd={add}
      table={
        <PagedTable
          data-testid="contact-list-items-scroll"
          ns="contactListItems"
          label={contactList?.name ?? t('contactListItems.title')}
          loadingLabel={t('campaignsCommon.loadingMore')}
          list={list}
          columns={columns}
          rowTestid="contact-list-item-row"
          rowHeight={ROW_HEIGHT}
        />
      }
    >
      <ContactItemDialog contactListId={contactListId} editing={editing} onClose={close} onSaved={list.upsert} />
      <ImportDialog
        contactListId={contactListId}
        open={importing}
        onClose={() => setImporting(false)}
        onImported={list.refresh}
      />
      {del.dialog}
    </ListPage>
  )
}

export default function ContactListItemsPage() {
  const { id } = useParams()
  const contactListId = Number(id)
  const { t } = useTranslation()
  return (
    <CampaignsGate>
      {Number.isInteger(contactListId) && contactListId > 0 ? (
        <ContactListItems key={contactListId} contactListId={contactListId} />
      ) : (
        <div className="p-6">
          <ErrorCard title={t('contactListItems.notFound')} />
        </div>
      )}
    </CampaignsGate>
  )
}
