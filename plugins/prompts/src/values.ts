/**
 * The prompts plugin's constants a screen shows as they are: browser-safe (no imports), so modules
 * import these values from `@atende/plugin-prompts/values` instead of copying them.
 */

/** The models offered; the first is the default. */
export const MODELS = ['gpt-3.5-turbo-1106', 'gpt-4o-mini'] as const

/** Azure's Brazilian Portuguese neural voices, by first name. */
export const VOICE_NAMES = [
  'Francisca',
  'Antonio',
  'Brenda',
  'Donato',
  'Elza',
  'Fabio',
  'Giovanna',
  'Humberto',
  'Julio',
  'Leila',
  'Leticia',
  'Manuela',
  'Nicolau',
  'Valerio',
  'Yara',
] as const

/** 'texto' answers in text; the others are the voices' Azure names, spoken as voice notes. */
export const VOICES = ['texto', ...VOICE_NAMES.map((n) => `pt-BR-${n}Neural` as const)] as const
