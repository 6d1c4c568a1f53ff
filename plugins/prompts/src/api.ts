/**
 * The prompts plugin's published contract, version 1: the record the API answers and the module
 * shows. TypeBox only (no SDK), so the front end's types stay small.
 */
// The events this plugin emits travel with its contract: whoever imports it sees their names and payloads.
import type {} from './events.ts'
import { Type, type Static } from '@sinclair/typebox'
import type { ServiceRef } from '@atende/sdk'

export { MODELS, VOICES, VOICE_NAMES } from './values.ts'

/** A prompt as every answer carries it. Keys never leave the server: `…Set` and a mask say one is stored. */
export const Prompt = Type.Object({
  id: Type.Integer(),
  companyId: Type.Integer(),
  name: Type.String(),
  prompt: Type.String(),
  model: Type.String(),
  maxTokens: Type.Integer(),
  temperature: Type.Number(),
  apiKey: Type.String({ description: 'always empty in answers (a secret); see apiKeySet and apiKeyMask' }),
  apiKeySet: Type.Boolean(),
  apiKeyMask: Type.String({ description: "the key's first and last characters, e.g. sk-…a1b2" }),
  queueId: Type.Union([Type.Null(), Type.Integer()]),
  queue: Type.Union([Type.Null(), Type.Object({ id: Type.Integer(), name: Type.String() })]),
  maxMessages: Type.Integer(),
  voice: Type.String(),
  voiceKey: Type.String({ description: 'always empty in answers; see voiceKeySet and voiceKeyMask' }),
  voiceKeySet: Type.Boolean(),
  voiceKeyMask: Type.String(),
  voiceRegion: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
})
export type Prompt = Static<typeof Prompt>

/** `company-{id}-prompt` frames (events.ts; a delete carries promptId). */
export type PromptFrame = { action: 'create' | 'update'; prompt: Prompt } | { action: 'delete'; promptId: number }

/**
 * The plugin's service (`prompts`): which prompt ids are the company's, for the queues,
 * connections and tickets that name one (they find it as a RecordOwner, declared optional).
 */
export interface PromptsService {
  readonly version: 1
  /** Which of these prompt ids are the company's (the SDK's RecordOwner, written out: this file stays SDK-free). */
  ownedBy(companyId: number, ids: number[]): Promise<Iterable<number>>
}

/** The `prompts` service: `kernel.services.find<PromptsRef>('prompts')`. */
export type PromptsRef = ServiceRef<'prompts', PromptsService>
