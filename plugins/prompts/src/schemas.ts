import { Type, type Static } from '@sinclair/typebox'
import { errorResponses } from '@atende/sdk'
import { MODELS, Prompt, VOICES } from './api.ts'

export const NAME_MIN = 5
export const NAME_MAX = 100
export const PROMPT_MIN = 50
/** Bounds the spec leaves open: a reply of up to 4,096 tokens, a window of up to 50 messages. */
export const MAX_TOKENS_MAX = 4096
export const MAX_MESSAGES_MAX = 50

const literals = <T extends readonly string[]>(values: T) => Type.Union(values.map((v) => Type.Literal(v)))

// The validator drops undeclared fields, so a body can never carry companyId or id into a write.
export const PromptBody = Type.Object({
  name: Type.String({ maxLength: NAME_MAX, description: `${NAME_MIN} to ${NAME_MAX} characters` }),
  prompt: Type.String({ maxLength: 20_000, description: `the system message; ${PROMPT_MIN} characters at least` }),
  model: Type.Optional(literals(MODELS)),
  maxTokens: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_TOKENS_MAX })),
  temperature: Type.Optional(Type.Number({ minimum: 0, maximum: 1, description: '0 to 1 in steps of 0.1' })),
  apiKey: Type.Optional(
    Type.String({ maxLength: 500, description: 'required on create; empty on edit keeps the stored key' }),
  ),
  queueId: Type.Integer({ minimum: 1, description: 'the queue a transfer to people goes to' }),
  maxMessages: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_MESSAGES_MAX })),
  voice: Type.Optional(literals(VOICES)),
  voiceKey: Type.Optional(Type.String({ maxLength: 500 })),
  voiceRegion: Type.Optional(Type.String({ maxLength: 50 })),
})
export type PromptBody = Static<typeof PromptBody>

export const PromptsList = Type.Object({ prompts: Type.Array(Prompt) })

export const errors = errorResponses(400, 403, 404)
