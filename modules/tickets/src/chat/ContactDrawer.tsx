import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useApi } from '@atende/client'
import { Avatar, Button, cx } from '@atende/ui'
import { ContactForm, showNumber, type Contact } from '@atende/module-contacts/components'
import type { Ticket } from '../types.ts'
import { TicketNotes } from './TicketNotes.tsx'
import { CloseIcon } from './icons.tsx'

/**
 * The contact drawer (320 px, right of the chat): who the contact is (GET /contacts/{id},
 * which carries the extra information), the edit form, the ticket's notes.
 */
export function ContactDrawer({
  ticket,
  onClose,
  readOnly,
}: {
  ticket: Ticket
  onClose: () => void
  readOnly: boolean
}) {
  const { t } = useTranslation()
  const api = useApi()
  const [contact, setContact] = useState<Contact | null>(null)
  const [editing, setEditing] = useState(false)

  useEffect(() => {
    const ctrl = new AbortController()
    setContact(null)
    setEditing(false)
    api.get<Contact>(`/contacts/${ticket.contactId}`, { signal: ctrl.signal }).then(setContact, (err) => {
      if (!ctrl.signal.aborted) console.error('[chat] contact load failed', err)
    })
    return () => ctrl.abort()
  }, [api, ticket.contactId])

  const shown = contact ?? ticket.contact
  const name = shown?.name ?? ''
  return (
    <aside
      data-testid="contact-drawer"
      aria-label={t('chat.drawer.title')}
      className="flex w-[320px] shrink-0 flex-col overflow-y-auto border-l border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-800 dark:text-slate-100"
    >
      <div className="flex items-center justify-between border-b border-slate-200 px-3 py-2 dark:border-slate-700">
        <h2 className="font-semibold">{t('chat.drawer.title')}</h2>
        <button
          type="button"
          onClick={onClose}
          aria-label={t('chat.drawer.close')}
          className="rounded p-1 hover:bg-slate-100 dark:hover:bg-slate-700"
        >
          <CloseIcon className="h-5 w-5" />
        </button>
      </div>
      <div className="flex flex-col gap-4 p-3">
        <div className="flex flex-col items-center gap-1 text-center">
          <Avatar name={name || '?'} picture={shown?.profilePicUrl || null} size="lg" />
          <p className="mt-1 font-semibold" data-testid="drawer-contact-name">
            {name}
          </p>
          {shown && <p className="text-sm text-slate-600 dark:text-slate-300">{showNumber(shown)}</p>}
          {contact?.email && <p className="text-sm text-slate-600 dark:text-slate-300">{contact.email}</p>}
          {!readOnly && !editing && (
            <Button variant="secondary" className="mt-1 py-1 text-xs" onClick={() => setEditing(true)}>
              {t('chat.drawer.edit')}
            </Button>
          )}
        </div>
        {editing && (
          <ContactForm
            contactId={ticket.contactId}
            compact
            onCancel={() => setEditing(false)}
            onSaved={(c) => {
              setContact(c)
              setEditing(false)
            }}
          />
        )}
        {!readOnly && <TicketNotes ticketId={ticket.id} contactId={ticket.contactId} />}
        <section className={cx('flex flex-col gap-1')} aria-labelledby="contact-extra-title">
          <h3 id="contact-extra-title" className="text-sm font-semibold">
            {t('chat.drawer.extraInfo')}
          </h3>
          {!contact?.extraInfo?.length && (
            <p className="text-xs text-slate-500 dark:text-slate-400">{t('chat.drawer.noExtraInfo')}</p>
          )}
          <dl className="flex flex-col gap-1 text-sm">
            {contact?.extraInfo?.map((x) => (
              <div key={x.id} className="rounded-md bg-slate-50 px-2 py-1 dark:bg-slate-700">
                <dt className="text-xs text-slate-500 dark:text-slate-400">{x.name}</dt>
                <dd className="break-words">{x.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      </div>
    </aside>
  )
}
