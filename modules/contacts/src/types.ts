import type { ContactSummaryWire, ContactWire, ContactsPageWire } from '@atende/plugin-contacts/api'

/** The contact as GET /api/contacts answers it: the contacts plugin's published contract. extraInfo only where one contact is read. */
export type Contact = ContactWire
export type ExtraInfo = NonNullable<Contact['extraInfo']>[number]

/** GET /api/contacts/list: what pickers need. */
export type ContactSummary = ContactSummaryWire

export type ContactsPage = ContactsPageWire

/** company-{id}-contact frames: the contacts plugin's contract. */
export type { ContactFrame } from '@atende/plugin-contacts/api'

export type { UploadError, UploadReason } from '@atende/plugin-contacts/api'
export type { UploadResultWire as UploadResult } from '@atende/plugin-contacts/api'

/** One spreadsheet row as the worker hands it back: plain strings and its line in the sheet. */
export interface SheetRow {
  row: number
  name: string
  number: string
  email: string
}

/** The list's filters: search text (used from 3 characters) and a creation-date range (yyyy-mm-dd, local days). */
export interface ContactFilters {
  search: string
  from: string
  to: string
}
