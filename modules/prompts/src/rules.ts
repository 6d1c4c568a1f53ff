import { rules, type Problem } from '@atende/ui'
import { MODELS, VOICES as SERVER_VOICES, VOICE_NAMES } from '@atende/plugin-prompts/values'
import type { Prompt, PromptInput } from './types.ts'

/** Models offered, the first the default: the plugin's own list. */
export { MODELS }
type Voice = (typeof SERVER_VOICES)[number]
/** Text answers only; any other voice answers with audio too (needs the Azure key and region). */
export const TEXT_ONLY: Voice = SERVER_VOICES[0]
/** The Brazilian Portuguese neural voices, by name. */
export const VOICES = VOICE_NAMES.map((name) => ({ value: `pt-BR-${name}Neural` as Voice, label: name }))

export const NAME_MIN = 5
export const NAME_MAX = 100
export const PROMPT_MIN = 50
/** The server's bounds where the spec leaves them open (plugins/prompts/src/schemas.ts). */
export const MAX_TOKENS_MAX = 4096
export const MAX_MESSAGES_MAX = 50
/** Azure speech regions are lowercase letters and digits ('brazilsouth'). */
const REGION = /^[a-z0-9]{2,30}$/

/** The form as typed (numbers as text until saved). */
export interface PromptValues {
  name: string
  prompt: string
  model: string
  apiKey: string
  queueId: string
  maxTokens: string
  temperature: string
  maxMessages: string
  voice: string
  voiceKey: string
  voiceRegion: string
}
export type PromptErrors = Partial<Record<keyof PromptValues, Problem>>

/** A new prompt's values; an edited one's, its keys left empty (kept when so). */
export const initialValues = (p: Prompt | null): PromptValues => ({
  name: p?.name ?? '',
  prompt: p?.prompt ?? '',
  model: p?.model ?? MODELS[0],
  apiKey: '',
  queueId: p?.queueId != null ? String(p.queueId) : '',
  maxTokens: String(p?.maxTokens ?? 100),
  temperature: String(p?.temperature ?? 1),
  maxMessages: String(p?.maxMessages ?? 10),
  voice: p?.voice || TEXT_ONLY,
  voiceKey: '',
  voiceRegion: p?.voiceRegion ?? '',
})

const wholeNumber = (v: string, max: number): Problem | null => {
  if (!v.trim()) return 'validation.required'
  const n = Number(v)
  return Number.isInteger(n) && n >= 1 && n <= max ? null : { key: 'prompts.validation.wholeNumber', values: { max } }
}
/** 0 to 1 in steps of 0.1. */
const temperature = (v: string): string | null => {
  if (!v.trim()) return 'validation.required'
  const n = Number(v)
  const tenths = n * 10
  return Number.isFinite(n) && n >= 0 && n <= 1 && Math.abs(tenths - Math.round(tenths)) < 1e-9
    ? null
    : 'prompts.validation.temperature'
}
const region = (v: string): Problem | null =>
  rules.required(v) ?? (REGION.test(v.trim().toLowerCase()) ? null : 'prompts.validation.region')

/**
 * The form's rules, as Problems (`say(t, problem)`); the server checks the same.
 * `stored`: the prompt being edited, whose stored keys an empty box keeps.
 */
export function promptErrors(v: PromptValues, stored: Prompt | null): PromptErrors {
  const found: PromptErrors = {}
  const add = (key: keyof PromptValues, error: Problem | null) => {
    if (error) found[key] = error
  }
  add('name', rules.length(NAME_MIN, NAME_MAX)(v.name))
  add(
    'prompt',
    rules.required(v.prompt) ?? (v.prompt.trim().length < PROMPT_MIN ? 'prompts.validation.promptShort' : null),
  )
  if (!stored?.apiKeySet) add('apiKey', rules.required(v.apiKey))
  add('queueId', v.queueId ? null : 'prompts.validation.queue')
  add('maxTokens', wholeNumber(v.maxTokens, MAX_TOKENS_MAX))
  add('temperature', temperature(v.temperature))
  add('maxMessages', wholeNumber(v.maxMessages, MAX_MESSAGES_MAX))
  if (v.voice !== TEXT_ONLY) {
    if (!stored?.voiceKeySet) add('voiceKey', rules.required(v.voiceKey))
    add('voiceRegion', region(v.voiceRegion))
  }
  return found
}

/** What POST / PUT send; a text-only prompt sends no voice key or region. */
export function promptBody(v: PromptValues): PromptInput {
  const voiced = v.voice !== TEXT_ONLY
  return {
    name: v.name.trim(),
    prompt: v.prompt.trim(),
    model: v.model,
    apiKey: v.apiKey.trim(),
    queueId: Number(v.queueId),
    maxTokens: Number(v.maxTokens),
    temperature: Number(v.temperature),
    maxMessages: Number(v.maxMessages),
    voice: v.voice,
    voiceKey: voiced ? v.voiceKey.trim() : '',
    voiceRegion: voiced ? v.voiceRegion.trim().toLowerCase() : '',
  }
}

/** The server's order (name, then id): rows changed live land where a reload would put them. */
export const byName = (a: Prompt, b: Prompt) => a.name.localeCompare(b.name) || a.id - b.id
/** The list has no search: every prompt belongs. */
export const always = () => true
