import type { NodeType } from '../types.ts'
import { VOICE_NAMES } from '@atende/plugin-prompts/values'

/** How each node type looks on the canvas and in the add menu (its i18n title key and colour). */
export interface Kind {
  title: string
  /** Header colour (Tailwind classes with enough contrast for white text). */
  color: string
}

export const KINDS: Record<NodeType, Kind> = {
  start: { title: 'editor.types.start', color: 'bg-emerald-700' },
  message: { title: 'editor.types.message', color: 'bg-sky-700' },
  singleBlock: { title: 'editor.types.singleBlock', color: 'bg-sky-700' },
  menu: { title: 'editor.types.menu', color: 'bg-violet-700' },
  randomizer: { title: 'editor.types.randomizer', color: 'bg-amber-700' },
  interval: { title: 'editor.types.interval', color: 'bg-slate-600' },
  img: { title: 'editor.types.img', color: 'bg-teal-700' },
  audio: { title: 'editor.types.audio', color: 'bg-teal-700' },
  video: { title: 'editor.types.video', color: 'bg-teal-700' },
  question: { title: 'editor.types.question', color: 'bg-fuchsia-700' },
  condition: { title: 'editor.types.condition', color: 'bg-orange-700' },
  ticket: { title: 'editor.types.ticket', color: 'bg-red-700' },
  typebot: { title: 'editor.types.typebot', color: 'bg-indigo-700' },
  openai: { title: 'editor.types.openai', color: 'bg-green-800' },
}

/** The add menu, in the spec's order, plus the condition node. */
export const ADDABLE: NodeType[] = [
  'start',
  'singleBlock',
  'menu',
  'randomizer',
  'interval',
  'ticket',
  'typebot',
  'openai',
  'question',
  'condition',
]

/**
 * Types with no way out: the flow ends there (ticket moves it to a queue; openai and typebot hand the
 * conversation to the assistant or to Typebot).
 */
export const TERMINAL: NodeType[] = ['ticket', 'typebot', 'openai']

/** The OpenAI node's voices: the runtime takes 'texto' or an Azure neural voice name, shown by its first name. */
export const OPENAI_VOICES = VOICE_NAMES.map((name) => ({ value: `pt-BR-${name}Neural`, label: name }))

/** A voice as stored: a bare first name (older graphs) becomes its Azure voice name. */
export function voiceValue(voice: string | undefined): string {
  if (!voice) return 'texto'
  return OPENAI_VOICES.find((x) => x.label === voice)?.value ?? voice
}
