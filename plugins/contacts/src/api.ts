/**
 * The contacts plugin's published API (`kernel.services.get<ContactsRef>('contacts')`), version 1.
 * Other plugins and the module import it with `import type` only, never the implementation; the
 * contact's TypeBox schema here is the source of the routes' and the module's shapes.
 */
// The events this plugin emits travel with its contract: whoever imports it sees their names and payloads.
import type {} from './events.ts'
import { Type, type Static } from '@sinclair/typebox'
import { Nullable, Timestamp, type RecordOwner, type UnitOfWork, type Wire, type ServiceRef } from '@atende/sdk'
import type {
  ContactSummary as ContactSummarySchema,
  ContactsPage as ContactsPageSchema,
  UploadResult as UploadResultSchema,
} from './schemas.ts'

/** The API's answers (the route schemas), as clients receive them. */
export type ContactWire = Wire<Static<typeof ContactView>>
export type ContactSummaryWire = Wire<Static<typeof ContactSummarySchema>>
export type ContactsPageWire = Wire<Static<typeof ContactsPageSchema>>
export type UploadResultWire = Wire<Static<typeof UploadResultSchema>>
export type { UploadError, UploadReason } from './schemas.ts'

export const ExtraInfo = Type.Object({ id: Type.Integer(), name: Type.String(), value: Type.String() })

/** A contact as the service and its events carry it (dates as the database gives them). */
export const ContactRecord = Type.Object({
  id: Type.Integer(),
  companyId: Type.Integer(),
  name: Type.String(),
  number: Type.String({ description: 'canonical digits (country code, area code, number); a group id keeps its dash' }),
  lid: Nullable(Type.String({ description: "the channel's hidden id of the contact, when it has shown one" })),
  email: Type.String(),
  cnpj: Type.String(),
  custumerCode: Type.String(),
  companyName: Type.String(),
  profilePicUrl: Type.String(),
  isGroup: Type.Boolean(),
  userId: Nullable(Type.Integer()),
  whatsappId: Nullable(Type.Integer({ description: 'the connection the contact first wrote through' })),
  createdAt: Timestamp,
  updatedAt: Timestamp,
})
export type Contact = Static<typeof ContactRecord>

/** The contact as the API answers it: no channel id; `extraInfo` only where one contact is read. */
export const ContactView = Type.Composite([
  Type.Omit(ContactRecord, ['lid']),
  Type.Object({ extraInfo: Type.Optional(Type.Array(ExtraInfo)) }),
])

/**
 * `company-{id}-contact` frames as events.ts sends them: create and update carry the contact, delete
 * its id, a bulk upload `reload` once. Clients receive `ContactFrame` (dates as strings).
 */
export type ContactFrameSent =
  | { action: 'create' | 'update'; contact: Contact }
  | { action: 'delete'; contactId: number }
  | { action: 'reload'; count: number }
export type ContactFrame = Wire<ContactFrameSent>

/** An identity seen on a channel: a phone number (or group id) and maybe a LID. */
export interface ContactSighting {
  number: string
  lid?: string
  isGroup?: boolean
  /** Push name or group subject: names a new contact, or one still named after its number. */
  name?: string
  profilePicUrl?: string
  whatsappId?: number
}

/** Who a channel means: a phone number (or group id) and maybe a LID. */
export type ContactIdentity = Pick<ContactSighting, 'number' | 'lid' | 'isGroup'>

export interface UpsertResult {
  contact: Contact
  /** Inserted now, or its name/picture/lid changed: worth a `contact.updated` event. */
  changed: boolean
}

/** A contact as an integrator writes it (contacts API v1); left-out optional fields are kept on update. */
export interface ContactFields {
  name: string
  number: string
  email?: string
  cnpj?: string
  custumerCode?: string
  companyName?: string
}

/** One row's outcome of `bulkUpsert` (`row` counts from 1). */
export interface BulkContactResult {
  row: number
  status: 'created' | 'updated' | 'error'
  id?: number
  error?: { code: string; field: string; message: string }
}

/** A contact as a list row shows it. */
export type ContactCard = Pick<Contact, 'id' | 'name' | 'number' | 'profilePicUrl' | 'isGroup'>

/** `ownedBy`: which of these contact ids are the company's. */
export interface ContactsService extends RecordOwner {
  readonly version: 1
  normaliseNumber(raw: string, opts?: { isGroup?: boolean }): string
  /**
   * Find or create one contact per sighting, inside the caller's unit of work, in bulk: a LID
   * already known wins over the number, so both identities of a person resolve to ONE contact.
   * Results follow the input order; equal sightings share one contact. New or changed contacts are
   * announced (`contact.updated`) after the unit of work commits.
   */
  upsertMany(uow: UnitOfWork, sightings: ContactSighting[]): Promise<UpsertResult[]>
  /** Pass the caller's unit of work when inside one (embedded mode has a single connection). */
  get(companyId: number, id: number, uow?: UnitOfWork): Promise<Contact | null>
  /** Many at once (list pages hydrate their rows in one query). Missing ids are skipped. */
  byIds(companyId: number, ids: number[]): Promise<Contact[]>
  /** What a list row shows of each contact (id, name, number, picture, group or not): the ticket lists' page. */
  cardsByIds(companyId: number, ids: number[]): Promise<ContactCard[]>
  /** Ids of contacts whose name, email or number contains the text (GET /contacts' search), at most `limit` (cap 1000). */
  searchIds(companyId: number, text: string, limit: number): Promise<number[]>
  /**
   * The same search as a sub-query selecting `id`, uncapped, for another plugin's list to filter
   * with (`whereIn('contactId', …)`) without reading this plugin's table itself. Null for blank text.
   */
  searchIdsQuery(companyId: number, text: string): import('knex').Knex.QueryBuilder | null
  /** How many person contacts (not groups) the company gained in [from, to): the dashboard's leads. */
  countCreated(companyId: number, from: Date, to: Date): Promise<number>
  /**
   * One page (by id, after `afterId`) of the person contacts (not groups) whose ids a sub-query of
   * another plugin selects, inside the caller's unit of work: a campaign freezes its audience this way.
   */
  audiencePage(
    uow: UnitOfWork,
    ids: import('knex').Knex.QueryBuilder,
    page: { afterId: number; limit: number },
  ): Promise<Pick<Contact, 'id' | 'name' | 'number' | 'email'>[]>
  /**
   * Set the picture of the known contact with this identity (LID first, then number; never creates
   * one) to a URL the browser can load ('' for none). Announced as `contact.updated` when it differs.
   * Returns the contact and its previous URL (so a channel can drop the file it replaces), or null.
   */
  setProfilePicUrl(
    companyId: number,
    who: ContactIdentity,
    url: string,
  ): Promise<{ contact: Contact; previous: string } | null>
  /**
   * The screen's writes, for other plugins (the integrators' API): the form's rules (400 naming the
   * field, ERR_INVALID_NUMBER), 409 ERR_DUPLICATED_CONTACT, 404 ERR_NO_CONTACT_FOUND; announced as the screen's are.
   */
  create(companyId: number, input: ContactFields): Promise<Contact>
  update(companyId: number, id: number, patch: Partial<ContactFields>): Promise<Contact>
  remove(companyId: number, id: number): Promise<void>
  /** Person contacts by id, `limit` a page (1-based), with the total and whether more follow. */
  page(
    companyId: number,
    p: { page: number; limit: number },
  ): Promise<{ contacts: Contact[]; count: number; hasMore: boolean }>
  /** The person contact with this number (normalised) or, without one, this e-mail. */
  findOne(companyId: number, by: { number?: string; email?: string }): Promise<Contact | null>
  stats(
    companyId: number,
    now?: Date,
  ): Promise<{ total: number; createdLast30Days: number; withEmail: number; withCompanyInfo: number }>
  /** Upsert by number in a few statements (thousands of rows a call), reporting per row in input order. */
  bulkUpsert(companyId: number, rows: ContactFields[]): Promise<BulkContactResult[]>
}

/**
 * Extension point for POST /contacts/import (the phone's address book): a plugin whose channel can
 * read the phone's contacts publishes `kernel.services.provide('contacts.addressBook', impl)`.
 * Until one does, the route answers 400 ERR_ADDRESS_BOOK_UNAVAILABLE.
 */
export interface AddressBookSource {
  /** The address book of the company's default connection; null when that connection cannot read it. */
  read(companyId: number): Promise<ContactSighting[] | null>
}

/** The `contacts` service: `kernel.services.get<ContactsRef>('contacts')`. */
export type ContactsRef = ServiceRef<'contacts', ContactsService>

/** The `contacts.addressBook` service: `kernel.services.get<AddressBookRef>('contacts.addressBook')`. */
export type AddressBookRef = ServiceRef<'contacts.addressBook', AddressBookSource>
