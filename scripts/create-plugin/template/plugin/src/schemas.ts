import { Type, type Static } from '@sinclair/typebox'
import { ListResponse, errorResponses } from '@atende/sdk'
import { __Entity__ } from './api.ts'

export const NAME_MAX = 100
export const DESCRIPTION_MAX = 10_000

// The validator drops undeclared fields, so a body can never carry companyId or id into a write.
const fields = {
  name: Type.String({ minLength: 1, maxLength: NAME_MAX, description: `1 to ${NAME_MAX} characters, trimmed` }),
  description: Type.String({ maxLength: DESCRIPTION_MAX }),
}
export const CreateBody = Type.Object({ name: fields.name, description: Type.Optional(fields.description) })
export type CreateBody = Static<typeof CreateBody>
export const UpdateBody = Type.Partial(CreateBody)
export type UpdateBody = Static<typeof UpdateBody>

/** GET /__name__: `{ records, hasMore, count }`, the spec's page shape. */
export const RecordsPage = ListResponse('records', __Entity__)

export const errors = errorResponses(400, 403, 404)
