import { rules, type Problem } from '@atende/ui'
import type { FileList } from './types.ts'

/** The server's bounds (plugins/files/src/api.ts), kept here so the bundle needs no server code. */
export const NAME_MIN = 3
export const NAME_MAX = 100
export const MESSAGE_MAX = 10_000
export const OPTION_NAME_MAX = 100
export const OPTIONS_MAX = 20
/** MEDIA_MAX_BYTES's default: the server says so too (ERR_FILE_TOO_LARGE); checked here to spare an upload. */
export const FILE_MAX_BYTES = 16 * 1024 * 1024
/** What the picker offers: what the server reads from the bytes (images, audio, video, PDF, office documents, text). */
export const ACCEPT =
  'image/*,audio/*,video/*,.pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.odt,.ods,.odp,.rtf,.zip,.txt,.csv,.vcf'

/** Name min 3, required (translation keys). */
export function nameError(name: string): Problem | null {
  const n = name.trim()
  if (!n) return 'files.validation.required'
  if (n.length < NAME_MIN) return 'files.validation.nameShort'
  return rules.maxLength(NAME_MAX)(n)
}
export function messageError(message: string): Problem | null {
  if (!message.trim()) return 'files.validation.required'
  return rules.maxLength(MESSAGE_MAX)(message)
}
export function optionNameError(name: string): Problem | null {
  const n = name.trim()
  if (!n) return 'files.validation.required'
  return rules.maxLength(OPTION_NAME_MAX)(n)
}

/** The server's order (name, case folded, then id) and search (name or message), for rows changed live. */
export const byName = (a: FileList, b: FileList) =>
  a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.id - b.id
export function matchesSearch(record: FileList, search: string) {
  const s = search.trim().toLowerCase()
  return !s || record.name.toLowerCase().includes(s) || record.message.toLowerCase().includes(s)
}
