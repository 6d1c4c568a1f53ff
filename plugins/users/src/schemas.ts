import { Type, type Static } from '@sinclair/typebox'
import { ListResponse, Nullable, type UserView } from '@atende/sdk'
import type { AttendantView } from '@atende/plugin-tickets/api'

/**
 * The kernel registers UserView as a shared schema (its fields and every plugin's userFields, the
 * tickets plugin's among them); refer to it rather than embedding its $id twice.
 */
export const UserViewRef = Type.Unsafe<UserView & AttendantView>({ $ref: 'UserView#' })
export const UsersPage = ListResponse('users', UserViewRef)

export const LANGUAGES = ['pt', 'en', 'es'] as const
/** Longest accepted profile picture data URL (about 1.5 MB of text). */
export const MAX_PICTURE_CHARS = 1_500_000

const Profile = Type.Union([Type.Literal('admin'), Type.Literal('user')])
const AllTicket = Type.Union([Type.Literal('enabled'), Type.Literal('disabled')])
const Language = Type.Union(LANGUAGES.map((l) => Type.Literal(l)))

const fields = {
  name: Type.String({ minLength: 2, maxLength: 50 }),
  email: Type.String({ minLength: 3, maxLength: 200 }),
  password: Type.String({ maxLength: 50 }),
  profile: Profile,
  allTicket: AllTicket,
  queueIds: Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 500 }),
  whatsappId: Nullable(Type.Integer({ minimum: 1 })),
  profilePicture: Nullable(
    Type.String({
      maxLength: MAX_PICTURE_CHARS,
      description: 'data:image/...;base64,... (about 1.5 MB at most); null or empty clears it',
    }),
  ),
  language: Language,
  super: Type.Boolean({ description: 'honoured only when the caller is a super user' }),
}

/** The optional fields create and update share. */
const optional = {
  profile: Type.Optional(fields.profile),
  allTicket: Type.Optional(fields.allTicket),
  queueIds: Type.Optional(fields.queueIds),
  whatsappId: Type.Optional(fields.whatsappId),
  profilePicture: Type.Optional(fields.profilePicture),
  language: Type.Optional(fields.language),
  super: Type.Optional(fields.super),
}

export const CreateUserBody = Type.Object({
  name: fields.name,
  email: fields.email,
  password: fields.password,
  ...optional,
  companyId: Type.Optional(Type.Integer({ minimum: 1, description: 'target company; honoured only for a super user' })),
})
export type CreateUserBody = Static<typeof CreateUserBody>

export const UpdateUserBody = Type.Object({
  name: Type.Optional(fields.name),
  email: Type.Optional(fields.email),
  password: Type.Optional(Type.String({ maxLength: 50, description: 'empty or absent keeps the current password' })),
  ...optional,
})
export type UpdateUserBody = Static<typeof UpdateUserBody>

export const UserListItem = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  profile: Profile,
  online: Type.Boolean(),
})
export const UserListQuery = Type.Object({
  companyId: Type.Optional(Type.Integer({ minimum: 1, description: 'another company (super user only)' })),
})
export const LanguageParams = Type.Object({ lang: Language })
