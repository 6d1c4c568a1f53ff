import { Type, errorResponses, type Static } from '@atende/sdk'

/** One answer to "How likely are you to recommend us?" (0 to 10). */
export const NpsResponse = Type.Object({
  id: Type.Integer(),
  score: Type.Integer({ minimum: 0, maximum: 10 }),
  comment: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
})
export type NpsResponse = Static<typeof NpsResponse>

// The validator drops undeclared fields, so a body never carries companyId or id into a write.
export const CreateBody = Type.Object({
  score: Type.Integer({ minimum: 0, maximum: 10 }),
  comment: Type.Optional(Type.String({ maxLength: 2000 })),
})
export type CreateBody = Static<typeof CreateBody>

export const ResponsesPage = Type.Object({ responses: Type.Array(NpsResponse), hasMore: Type.Boolean() })

/** Promoters answer 9–10, detractors 0–6; the score is the difference of their shares, -100 to 100. */
export const Summary = Type.Object({
  total: Type.Integer(),
  promoters: Type.Integer(),
  passives: Type.Integer(),
  detractors: Type.Integer(),
  score: Type.Union([Type.Integer(), Type.Null()], { description: 'null while there are no answers' }),
})
export type Summary = Static<typeof Summary>

export const errors = errorResponses(400, 403)
