import { Type, type Static } from '@sinclair/typebox'
import { ListQuery, errorResponses } from '@atende/sdk'
import { FileList, MESSAGE_MAX, NAME_MAX, OPTION_NAME_MAX, OPTIONS_MAX } from './api.ts'

// The validator drops undeclared fields, so a body can never carry companyId or id into a write.
// Minimum lengths are checked after trimming (service), so "  ab " is refused like "ab".
const OptionBody = Type.Object({
  id: Type.Optional(
    Type.Integer({ minimum: 1, description: 'an option of this list to keep (renamed); absent: a new option' }),
  ),
  name: Type.String({ maxLength: OPTION_NAME_MAX }),
})
export const CreateBody = Type.Object({
  name: Type.String({ maxLength: NAME_MAX, description: `at least 3 characters, trimmed; unique in the company` }),
  message: Type.String({ maxLength: MESSAGE_MAX, description: 'required' }),
  options: Type.Optional(
    Type.Array(OptionBody, {
      maxItems: OPTIONS_MAX,
      description: 'the options in their order; files follow through POST /files/uploadList/{id}',
    }),
  ),
})
export type CreateBody = Static<typeof CreateBody>
export const UpdateBody = Type.Partial(CreateBody)
export type UpdateBody = Static<typeof UpdateBody>

/** GET /files: searchParam, pageNumber; `companyId` (the campaign dialog's lookup) is accepted and ignored. */
export const PageQuery = Type.Composite([ListQuery, Type.Object({ companyId: Type.Optional(Type.Integer()) })])
export type PageQuery = Static<typeof PageQuery>

/** GET /files: `{ files, count, hasMore }` (the campaign dialog reads `files`). */
export const FilesPage = Type.Object({ files: Type.Array(FileList), count: Type.Integer(), hasMore: Type.Boolean() })

export const errors = errorResponses(400, 403, 404, 409)
