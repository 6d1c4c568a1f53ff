/**
 * The composer's rules as plain data (unit-tested): quick-reply suggestions, the signature,
 * mentions in group tickets, the audio size rule and the attachments' size limit.
 */

/** Quick-reply labels are cut at 35 characters. */
export const QUICK_LABEL_MAX = 35
/** Recordings under 10 000 bytes are discarded (a slip of the finger). */
export const AUDIO_MIN_BYTES = 10_000
/** The input grows up to 5 rows. */
export const MAX_ROWS = 5

export interface QuickReply {
  id: number
  shortcode: string
  message: string
  mediaPath: string | null
  mediaName: string | null
  mediaType: string | null
}

/** Suggestions show when the input starts with "/" and has more than one character. */
export function quickReplyTerm(text: string): string | null {
  return text.startsWith('/') && text.length > 1 ? text.slice(1) : null
}

/** "shortcode - message", cut at 35 characters with an ellipsis. */
export function quickReplyLabel(q: Pick<QuickReply, 'shortcode' | 'message'>): string {
  const full = q.message ? `${q.shortcode} - ${q.message}` : q.shortcode
  return full.length > QUICK_LABEL_MAX ? `${full.slice(0, QUICK_LABEL_MAX)}...` : full
}

/**
 * The quick replies whose shortcode contains the term (case-insensitive), those starting with it
 * first. The server filters too; this keeps the list right while a newer answer is on its way.
 */
export function filterQuickReplies<T extends Pick<QuickReply, 'shortcode'>>(list: readonly T[], term: string): T[] {
  const s = term.trim().toLowerCase()
  if (!s) return list.slice()
  const hits = list.filter((q) => q.shortcode.toLowerCase().includes(s))
  return hits.sort(
    (a, b) => Number(!a.shortcode.toLowerCase().startsWith(s)) - Number(!b.shortcode.toLowerCase().startsWith(s)),
  )
}

/** The sign-message option: "*Name:*" on its own line before the text. */
export function signBody(body: string, userName: string | null | undefined, sign: boolean): string {
  return sign && userName ? `*${userName}:*\n${body}` : body
}

/** What is sent, or null when there is nothing (empty bodies are not sent). */
export function cleanBody(text: string): string | null {
  const t = text.trim()
  return t ? t : null
}

// @atende/ui's `digits`, kept here so this file stays free of the kit (unit-tested under Node).
const digitsOf = (s: string) => s.replace(/\D/g, '')

/** The group participants seen in the loaded messages (numbers, once each, in order of appearance). */
export function participantsOf(messages: readonly { participant: string | null; fromMe: boolean }[]): string[] {
  const seen = new Set<string>()
  for (const m of messages) {
    if (m.fromMe || !m.participant) continue
    const n = digitsOf(m.participant.split('@')[0] ?? '')
    if (n.length >= 8) seen.add(n)
  }
  return [...seen]
}

/** The "@…" being typed at the caret (null when the caret is not in a mention). */
export function mentionQuery(text: string, caret: number = text.length): string | null {
  const m = /(?:^|\s)@(\d*)$/.exec(text.slice(0, caret))
  return m ? m[1]! : null
}

/** Replaces the "@…" at the caret with "@number ". Returns the new text and caret. */
export function insertMention(text: string, caret: number, number: string): { text: string; caret: number } {
  const before = text.slice(0, caret).replace(/@\d*$/, `@${number} `)
  return { text: before + text.slice(caret), caret: before.length }
}

/** WhatsApp ids of the participants the text mentions as @number. */
export function extractMentions(text: string, participants: readonly string[]): string[] {
  const known = new Set(participants)
  const out: string[] = []
  for (const m of text.matchAll(/@(\d{8,20})\b/g)) {
    const n = m[1]!
    if (known.has(n) && !out.includes(`${n}@s.whatsapp.net`)) out.push(`${n}@s.whatsapp.net`)
  }
  return out
}

/** Whether a recording is worth sending. */
export const keepAudio = (bytes: number) => bytes >= AUDIO_MIN_BYTES

/**
 * The recording's file name from the recorder's mimetype. The browser records WebM/Opus (Chrome,
 * Firefox) or MP4/AAC (Safari); it is sent as recorded — no mp3 encoding happens in the browser.
 */
export function audioFileName(mimetype: string): string {
  if (mimetype.includes('ogg')) return 'audio.ogg'
  if (mimetype.includes('mp4') || mimetype.includes('aac')) return 'audio.m4a'
  return 'audio.webm'
}

/** Rows for the growing textarea: the text's lines, at least 1, at most 5. */
export const rowsFor = (text: string) => Math.min(MAX_ROWS, Math.max(1, text.split('\n').length))

const SIGN_KEY = 'signMessage'
/** The sign-message preference (stored locally, default on). */
export function readSignPreference(
  storage: Pick<Storage, 'getItem'> | null = typeof localStorage === 'undefined' ? null : localStorage,
): boolean {
  try {
    return storage?.getItem(SIGN_KEY) !== 'false'
  } catch {
    return true
  }
}
export function writeSignPreference(
  on: boolean,
  storage: Pick<Storage, 'setItem'> | null = typeof localStorage === 'undefined' ? null : localStorage,
) {
  try {
    storage?.setItem(SIGN_KEY, String(on))
  } catch {
    /* private mode: the choice lasts the page */
  }
}

/** What a send takes as files (GET /messages/limits: the server's MEDIA_MAX_BYTES and files per send). */
export interface MessageLimits {
  mediaMaxBytes: number
  maxFiles: number
}

/** A size as people read it, 1024-based like the server's limit: "16 MB", "1,5 MB", "800 KB". */
export function formatBytes(bytes: number, lang: string): string {
  const mb = bytes / (1024 * 1024)
  const fmt = (n: number) => new Intl.NumberFormat(lang, { maximumFractionDigits: 1 }).format(n)
  return mb >= 1 ? `${fmt(mb)} MB` : `${fmt(Math.max(1, Math.ceil(bytes / 1024)))} KB`
}

/** The picked files the server would refuse for their size, and the ones to keep (all when the limit is unknown). */
export function splitBySize<F extends { size: number }>(files: readonly F[], maxBytes: number | null) {
  const kept: F[] = []
  const refused: F[] = []
  for (const f of files) (maxBytes != null && f.size > maxBytes ? refused : kept).push(f)
  return { kept, refused }
}
