/**
 * Contact lists' wire types (lists and their
 * items): TypeBox only, so the campaigns module's types stay small.
 */
import { Type, type Static } from '@sinclair/typebox'
import { ListResponse, Nullable } from '@atende/sdk'

/** Names 2 to 50; numbers 8 to 50 (after the contacts plugin's normalisation). */
export const NAME_MIN = 2
export const NAME_MAX = 50
export const NUMBER_MIN = 8
export const NUMBER_MAX = 50
export const EMAIL_MAX = 200

export const ERR_NO_CONTACT_LIST_FOUND = 'ERR_NO_CONTACT_LIST_FOUND'
export const ERR_NO_CONTACT_LIST_ITEM_FOUND = 'ERR_NO_CONTACT_LIST_ITEM_FOUND'
/** The number is already in this list (409, field `number`). */
export const ERR_CONTACT_LIST_ITEM_NUMBER_IN_USE = 'ERR_CONTACT_LIST_ITEM_NUMBER_IN_USE'
/** 400, field `file`: not an .xls/.xlsx spreadsheet, unreadable, too big, too slow or without a number column. */
export const ERR_SPREADSHEET_INVALID = 'ERR_SPREADSHEET_INVALID'
export const ERR_SPREADSHEET_TOO_LARGE = 'ERR_SPREADSHEET_TOO_LARGE'
export const ERR_SPREADSHEET_TIMEOUT = 'ERR_SPREADSHEET_TIMEOUT'
export const ERR_SPREADSHEET_NO_NUMBER_COLUMN = 'ERR_SPREADSHEET_NO_NUMBER_COLUMN'

export const ContactList = Type.Object({
  id: Type.Integer(),
  companyId: Type.Integer(),
  name: Type.String(),
  contactsCount: Type.Integer({ description: 'items in the list' }),
  createdAt: Type.String(),
  updatedAt: Type.String(),
})
export type ContactListWire = Static<typeof ContactList>

export const ContactListItem = Type.Object({
  id: Type.Integer(),
  companyId: Type.Integer(),
  contactListId: Type.Integer(),
  name: Type.String(),
  number: Type.String({ description: 'digits, normalised as the contacts plugin does' }),
  email: Type.String(),
  isWhatsappValid: Nullable(Type.Boolean({ description: 'null: not checked (yet)' })),
  createdAt: Type.String(),
  updatedAt: Type.String(),
})
export type ContactListItemWire = Static<typeof ContactListItem>

const ignoredCompany = Type.Optional(Type.Integer({ description: "ignored: always the caller's company" }))

export const ContactListBody = Type.Object({
  name: Type.String({ maxLength: 2 * NAME_MAX, description: `trimmed, ${NAME_MIN} to ${NAME_MAX} characters` }),
  companyId: ignoredCompany,
})
export type ContactListBody = Static<typeof ContactListBody>

export const ContactListItemBody = Type.Object({
  name: Type.String({ maxLength: 2 * NAME_MAX, description: `trimmed, ${NAME_MIN} to ${NAME_MAX} characters` }),
  number: Type.String({
    maxLength: 2 * NUMBER_MAX,
    description: `${NUMBER_MIN} to ${NUMBER_MAX} digits once normalised`,
  }),
  email: Type.Optional(Type.String({ maxLength: EMAIL_MAX, description: 'a valid address, or empty' })),
  contactListId: Type.Integer({ minimum: 1, description: "one of the company's lists" }),
  companyId: ignoredCompany,
})
export type ContactListItemBody = Static<typeof ContactListItemBody>
export const ContactListItemUpdateBody = Type.Partial(ContactListItemBody)
export type ContactListItemUpdateBody = Static<typeof ContactListItemUpdateBody>

export const ContactListsQuery = Type.Object({
  searchParam: Type.Optional(Type.String({ maxLength: 200 })),
  pageNumber: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
  companyId: ignoredCompany,
})
export type ContactListsQuery = Static<typeof ContactListsQuery>
export const ContactListsPage = ListResponse('records', ContactList)
export type ContactListsPageWire = Static<typeof ContactListsPage>

export const ContactListChoice = Type.Object({ id: Type.Integer(), name: Type.String() })
export const ContactListChoices = Type.Array(ContactListChoice)
export type ContactListChoiceWire = Static<typeof ContactListChoice>

export const ContactListItemsQuery = Type.Object({
  searchParam: Type.Optional(Type.String({ maxLength: 200, description: 'part of the name, number or email' })),
  pageNumber: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
  contactListId: Type.Integer({ minimum: 1 }),
  companyId: ignoredCompany,
})
export type ContactListItemsQuery = Static<typeof ContactListItemsQuery>
export const ContactListItemsPage = ListResponse('contacts', ContactListItem)
export type ContactListItemsPageWire = Static<typeof ContactListItemsPage>

export const ImportRowError = Type.Object({
  row: Type.Integer({ description: 'the spreadsheet row (1 is the header)' }),
  field: Type.String({ description: 'name, number or email' }),
  message: Type.String(),
})
export type ImportRowErrorWire = Static<typeof ImportRowError>
export const ImportResult = Type.Object({
  created: Type.Integer(),
  updated: Type.Integer({ description: 'rows whose number was already in the list: name and email replaced' }),
  errors: Type.Array(ImportRowError),
})
export type ImportResultWire = Static<typeof ImportResult>

/** Realtime frames (`company-{id}-ContactList` / `company-{id}-ContactListItem`). */
export type ContactListFrame =
  { action: 'create' | 'update'; record: ContactListWire } | { action: 'delete'; id: number }
/** `reload`: an import changed many items of `contactListId`; fetch it again. */
export type ContactListItemFrame =
  | { action: 'create' | 'update'; record: ContactListItemWire }
  | { action: 'delete'; id: number; contactListId: number }
  | { action: 'reload'; contactListId: number }
