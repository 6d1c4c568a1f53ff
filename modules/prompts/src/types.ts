import type { Prompt, PromptFrame } from '@atende/plugin-prompts/api'

/**
 * A prompt as the API answers it: the prompts plugin's published
 * contract. The keys are never sent back, only whether one is stored and a mask of it.
 */
export type { Prompt, PromptFrame }

/** The body of POST /prompt and PUT /prompt/:id (on PUT an empty key keeps the stored one). */
export interface PromptInput {
  name: string
  prompt: string
  model: string
  maxTokens: number
  temperature: number
  apiKey: string
  queueId: number
  maxMessages: number
  voice: string
  voiceKey: string
  voiceRegion: string
}

/** A queue a prompt answers in (GET /api/queue). */
export interface QueueChoice {
  id: number
  name: string
}
