import { Type, type Static } from '@sinclair/typebox'
import { errorResponses } from '@atende/sdk'
import { ApiToken, EXPIRES_IN, NAME_MAX } from './api.ts'

export const GenerateBody = Type.Object({
  name: Type.String({ maxLength: 500, description: `1 to ${NAME_MAX} characters once trimmed` }),
  expiresIn: Type.Optional(
    Type.Union(
      EXPIRES_IN.map((e) => Type.Literal(e)),
      { description: "how long it lasts; '100y' for never; default '365d'" },
    ),
  ),
})
export type GenerateBody = Static<typeof GenerateBody>

export const TokenList = Type.Object({ data: Type.Array(ApiToken) })
export const Generated = Type.Object({
  data: Type.Object({
    ...ApiToken.properties,
    token: Type.String({ description: 'the whole token: shown this once, store it now' }),
  }),
})

export const errors = errorResponses(400, 403, 404)
/** The integrators' routes: 401 (token), 403 (plan, other company), 429 (rate limit). */
export const apiErrors = errorResponses(400, 401, 403, 404, 409, 429)
