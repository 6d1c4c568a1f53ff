import { rules, type Problem } from '@atende/ui'

/**
 * The flows screens' form rules, as i18n keys (a name's length as the
 * kit's Problem naming the limit); the server checks the
 * same (plugins/flows), these only answer sooner. Pure, so tests can call them.
 */
export const NAME_MIN = 2
export const NAME_MAX = 50
export const INTERVAL_MAX = 120
/** The server's other limits (plugins/flows/src/graph.ts and schemas.ts): each box's maxLength. */
export const TEXT_MAX = 4096
export const MENU_OPTION_MAX = 200
export const ANSWER_KEY_MAX = 50
export const CONDITION_VALUE_MAX = 500
export const PHRASE_MAX = 255
export const DESCRIPTION_MAX = 500
export const SUB_FLOW_NAME_MAX = 100
/** A question's answer key, usable later as {{answerKey}} (the plugin's ANSWER_KEY). */
export const ANSWER_KEY = /^[A-Za-z_][A-Za-z0-9_]{0,49}$/

/** Flow name: 'Digite um nome!', then 'Muito curto!' / 'Muito longo!' naming the limit. */
export function flowNameError(v: string): Problem | null {
  return v.trim() ? rules.length(NAME_MIN, NAME_MAX)(v) : 'flowsCommon.validation.nameRequired'
}

/** The interval dialog: more than 0 and at most 120 seconds. */
export function intervalError(sec: number): string | null {
  if (!Number.isFinite(sec) || sec <= 0) return 'editor.validation.intervalMin'
  if (sec > INTERVAL_MAX) return 'editor.validation.intervalMax'
  if (!Number.isInteger(sec)) return 'editor.validation.intervalWhole'
  return null
}

export function answerKeyError(v: string): string | null {
  if (!v.trim()) return 'editor.validation.required'
  return ANSWER_KEY.test(v.trim()) ? null : 'editor.validation.answerKey'
}

export const MB = 1024 * 1024
export type MediaKind = 'img' | 'audio' | 'video'
export interface FileRule {
  exts: string[]
  maxBytes: number
  /** The 'too large' message's size ('Arquivo é muito grande! 2MB máximo'). */
  maxLabel: string
  accept: string
}
/** The content sequence's file limits: image png/jpg 2 MB, audio ogg/mp3/opus 20 MB, video mp4 50 MB. */
export const CONTENT_RULES: Record<MediaKind, FileRule> = {
  img: { exts: ['png', 'jpg', 'jpeg'], maxBytes: 2 * MB, maxLabel: '2MB', accept: '.png,.jpg,.jpeg' },
  audio: { exts: ['ogg', 'mp3', 'opus'], maxBytes: 20 * MB, maxLabel: '20MB', accept: '.ogg,.mp3,.opus' },
  video: { exts: ['mp4'], maxBytes: 50 * MB, maxLabel: '50MB', accept: '.mp4' },
}
/** The single image, audio and video dialogs: image 2 MB; audio (ogg/mp3) and video 50 MB. */
export const MEDIA_RULES: Record<MediaKind, FileRule> = {
  img: CONTENT_RULES.img,
  audio: { exts: ['ogg', 'mp3'], maxBytes: 50 * MB, maxLabel: '50MB', accept: '.ogg,.mp3' },
  video: { exts: ['mp4'], maxBytes: 50 * MB, maxLabel: '50MB', accept: '.mp4' },
}

/** Why a file cannot go up, as an i18n key and its values; null when it may. */
export function fileError(
  file: { name: string; size: number },
  rule: FileRule,
): [string, Record<string, string>] | null {
  const ext = file.name.split('.').pop()?.toLowerCase() ?? ''
  if (!rule.exts.includes(ext)) return ['editor.validation.fileType', { types: rule.exts.join(', ') }]
  if (file.size > rule.maxBytes) return ['editor.validation.fileTooLarge', { max: rule.maxLabel }]
  return null
}
