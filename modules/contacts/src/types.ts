/** The contact as GET /api/contacts answers it (plugins/contacts/src/schemas.ts ContactView). */
export interface ExtraInfo { id: number; name: string; value: string }

export interface Contact {
  id: number
  companyId: number
  name: string
  /** Canonical digits: country code, area code, number (a group id keeps its dash). */
  number: string
  email: string
  cnpj: string
  custumerCode: string
  companyName: string
  profilePicUrl: string
  isGroup: boolean
  userId: number | null
  whatsappId: number | null
  createdAt: string
  updatedAt: string
  /** Only where one contact is read (GET /contacts/{id}, create, update). */
  extraInfo?: ExtraInfo[]
}

/** GET /api/contacts/list: what pickers need. */
export type ContactSummary = Pick<Contact, 'id' | 'name' | 'number' | 'email' | 'profilePicUrl' | 'isGroup'>

export interface ContactsPage { contacts: Contact[]; hasMore: boolean; count?: number; countCapped?: boolean }

/** company-{id}-contact frames. */
export type ContactFrame =
  | { action: 'create' | 'update'; contact: Contact }
  | { action: 'delete'; contactId: number }
  | { action: 'reload'; count: number }

export type UploadReason = 'nameTooShort' | 'nameTooLong' | 'invalidNumber' | 'invalidEmail' | 'duplicateInFile' | 'alreadyExists'

export interface UploadError {
  row: number
  name: string
  number: string
  email: string
  reason: UploadReason
  message: string
  contact?: { id: number; name: string; number: string }
  firstRow?: number
}

export interface UploadResult { newContacts: Contact[]; errorBag: UploadError[] }

/** One spreadsheet row as the worker hands it back: plain strings and its line in the sheet. */
export interface SheetRow { row: number; name: string; number: string; email: string }

/** The list's filters: search text (used from 3 characters) and a creation-date range (yyyy-mm-dd, local days). */
export interface ContactFilters { search: string; from: string; to: string }
