import { Type, type Static } from '@sinclair/typebox'
import { ListResponse, Nullable, errorResponses } from '@atende/sdk'

export const SHORTCODE_MAX = 100
export const MESSAGE_MAX = 10_000
export const LOOKUP_MAX = 500

export const QuickMessage = Type.Object({
  id: Type.Integer(),
  companyId: Type.Integer(),
  userId: Nullable(Type.Integer({ description: "the author (null: a deleted user's company-wide message)" })),
  shortcode: Type.String(),
  message: Type.String(),
  geral: Type.Boolean({ description: 'company-wide: every user of the company sees it' }),
  status: Type.Boolean({ description: 'active: offered in the composer' }),
  isMedia: Type.Boolean(),
  mediaPath: Nullable(Type.String({ description: 'signed URL of the attached file' })),
  mediaName: Nullable(Type.String()),
  mediaType: Nullable(Type.String({ description: 'image, audio, video or document' })),
  createdAt: Type.String(),
  updatedAt: Type.String(),
})
export type QuickMessageView = Static<typeof QuickMessage>

const fields = {
  shortcode: Type.String({
    minLength: 1,
    maxLength: 2 * SHORTCODE_MAX,
    description: `what follows "/" in the composer: trimmed, leading "/" dropped, then 1 to ${SHORTCODE_MAX} characters`,
  }),
  message: Type.String({ maxLength: MESSAGE_MAX }),
  geral: Type.Boolean(),
  status: Type.Boolean(),
  isMedia: Type.Boolean({ description: 'ignored: media comes only through POST /quick-messages/{id}/media-upload' }),
  mediaPath: Nullable(Type.String({ maxLength: 2000, description: 'ignored, as isMedia' })),
}
export const CreateBody = Type.Object({
  shortcode: fields.shortcode,
  message: Type.Optional(fields.message),
  geral: Type.Optional(fields.geral),
  status: Type.Optional(fields.status),
  isMedia: Type.Optional(fields.isMedia),
  mediaPath: Type.Optional(fields.mediaPath),
})
export type CreateBody = Static<typeof CreateBody>
export const UpdateBody = Type.Partial(CreateBody)
export type UpdateBody = Static<typeof UpdateBody>

const ignored = {
  companyId: Type.Optional(Type.Integer({ minimum: 1, description: "ignored: always the caller's company" })),
  userId: Type.Optional(
    Type.Integer({ minimum: 1, description: 'ignored: always the caller (their own plus company-wide ones)' }),
  ),
}
export const PageQuery = Type.Object({
  searchParam: Type.Optional(Type.String({ maxLength: 200 })),
  pageNumber: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
  ...ignored,
})
export type PageQuery = Static<typeof PageQuery>
export const RecordsPage = ListResponse('records', QuickMessage)

export const LookupQuery = Type.Object({
  searchParam: Type.Optional(
    Type.String({ maxLength: 200, description: 'part of the shortcode (what was typed after "/")' }),
  ),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: LOOKUP_MAX, default: LOOKUP_MAX })),
  ...ignored,
})
export type LookupQuery = Static<typeof LookupQuery>

export const errors = errorResponses()
