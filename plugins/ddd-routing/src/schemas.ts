import { Type, type Static } from '@sinclair/typebox'
import { errorResponses } from '@atende/sdk'
import { DddRoute } from './api.ts'

// The DDD's own rule (ddd.ts) answers ERR_DDD_INVALID with the spec's message, so the schema only
// bounds the size; undeclared fields are dropped, so a body never carries companyId into a write.
const ddd = Type.String({ maxLength: 10, description: 'Two digits, each 1 to 9 (11, 21, 47)' })
export const CreateBody = Type.Object({ userId: Type.Integer({ minimum: 1 }), ddd })
export type CreateBody = Static<typeof CreateBody>
export const UserParams = Type.Object({ id: Type.Integer({ minimum: 1 }) })
export const RemoveParams = Type.Object({ userId: Type.Integer({ minimum: 1 }), ddd })

export const RouteList = Type.Array(DddRoute)

export const errors = errorResponses(400, 403, 404, 409)
