import { Type, type Static } from '@sinclair/typebox'
import { Nullable, errorResponses } from '@atende/sdk'
import { ContactView, ExtraInfo } from './api.ts'
import { NAME_MAX, NUMBER_MAX } from './validate.ts'

/** Most rows one upload request takes; the screen sends bigger files in chunks of this size. */
export const UPLOAD_MAX_ROWS = 10_000
export const EXTRA_INFO_MAX = 50

/** A contact as the API answers it: the contract's schema. */
export { ContactView, ExtraInfo }

export const ContactSummary = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  number: Type.String(),
  email: Type.String(),
  profilePicUrl: Type.String(),
  isGroup: Type.Boolean(),
})

/** A day `YYYY-MM-DD` (a whole UTC day) or an ISO instant. */
const DAY_OR_INSTANT = '^\\d{4}-\\d{2}-\\d{2}(T[0-9:.]+(Z|[+-]\\d{2}:?\\d{2})?)?$'
const when = (description: string) =>
  Type.Optional(Type.String({ pattern: DAY_OR_INSTANT, maxLength: 40, description }))

export const ListQuery = Type.Object({
  searchParam: Type.Optional(
    Type.String({ maxLength: 200, description: 'name (accents and case ignored), email, or digits of the number' }),
  ),
  pageNumber: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  date: when('contacts created on this day (or from this instant through the next 24 h)'),
  dateStart: when('created at or after (a day: from its start)'),
  dateEnd: when('created at or before (a day: through its end)'),
})
export type ListQuery = Static<typeof ListQuery>

export const ContactsPage = Type.Object({
  contacts: Type.Array(ContactView),
  hasMore: Type.Boolean(),
  count: Type.Optional(Type.Integer({ description: 'page 1 only: matching contacts, counted up to countCap' })),
  countCapped: Type.Optional(Type.Boolean({ description: 'true when more than `count` contacts match' })),
})

export const LookupQuery = Type.Object({
  searchParam: Type.Optional(Type.String({ maxLength: 200 })),
})

const fields = {
  name: Type.String({ maxLength: 200, description: `2 to ${NAME_MAX} characters once trimmed` }),
  number: Type.String({ maxLength: 100, description: `any format; 8 to ${NUMBER_MAX} digits once normalised` }),
  email: Type.String({ maxLength: 254 }),
  cnpj: Type.String({ maxLength: 20 }),
  custumerCode: Type.String({ maxLength: 50 }),
  companyName: Type.String({ maxLength: 100 }),
  userId: Nullable(Type.Integer({ minimum: 1, description: 'the attendant who owns the contact' })),
  extraInfo: Type.Array(
    Type.Object({
      id: Type.Optional(
        Type.Integer({ minimum: 1, description: 'an existing row of this contact; absent for a new one' }),
      ),
      name: Type.String({ maxLength: 100 }),
      value: Type.String({ maxLength: 2000 }),
    }),
    { maxItems: EXTRA_INFO_MAX, description: 'the whole list: rows left out are deleted' },
  ),
}
const { name, number, ...optional } = fields
export const CreateBody = Type.Object({ name, number, ...Type.Partial(Type.Object(optional)).properties })
export type CreateBody = Static<typeof CreateBody>
export const UpdateBody = Type.Partial(CreateBody)
export type UpdateBody = Static<typeof UpdateBody>

export const UploadRow = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 500 })),
  number: Type.Optional(Type.String({ maxLength: 100 })),
  email: Type.Optional(Type.String({ maxLength: 500 })),
  row: Type.Optional(
    Type.Integer({
      minimum: 1,
      description: 'its line in the spreadsheet, echoed in errorBag (default: its position here, from 1)',
    }),
  ),
})
export type UploadRow = Static<typeof UploadRow>
export const UploadBody = Type.Array(UploadRow, { maxItems: UPLOAD_MAX_ROWS })

export const UPLOAD_REASONS = [
  'nameTooShort',
  'nameTooLong',
  'invalidNumber',
  'invalidEmail',
  'duplicateInFile',
  'alreadyExists',
] as const
export type UploadReason = (typeof UPLOAD_REASONS)[number]

export const UploadError = Type.Object({
  row: Type.Integer(),
  name: Type.String(),
  number: Type.String(),
  email: Type.String(),
  reason: Type.Union(UPLOAD_REASONS.map((r) => Type.Literal(r))),
  message: Type.String(),
  /** alreadyExists: the contact that has the number; duplicateInFile: the row that had it first. */
  contact: Type.Optional(Type.Object({ id: Type.Integer(), name: Type.String(), number: Type.String() })),
  firstRow: Type.Optional(Type.Integer()),
})
export type UploadError = Static<typeof UploadError>

export const UploadResult = Type.Object({ newContacts: Type.Array(ContactView), errorBag: Type.Array(UploadError) })

export const ImportResult = Type.Object({
  total: Type.Integer({ description: 'contacts of the address book' }),
  changed: Type.Integer({ description: 'of them, created or completed (name, picture) now' }),
})

export const errors = errorResponses()
