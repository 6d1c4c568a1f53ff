/** The content sequence's rules, pure. */
import type { ContentElement } from '../types.ts'
import { INTERVAL_MAX, type MediaKind } from '../validation.ts'

export type ElementType = ContentElement['type']
export const isMedia = (type: ElementType): type is MediaKind => type === 'img' || type === 'audio' || type === 'video'

/** The next free identifier of a type: message1, message2, … (a content element's `number`). */
export function nextNumber(elements: ContentElement[], type: ElementType): string {
  const used = elements
    .filter((e) => e.type === type)
    .map((e) => Number(e.number.slice(type.length)))
    .filter(Number.isFinite)
  return `${type}${Math.max(0, ...used) + 1}`
}

/** The sequence's rules, as the i18n key of the first one broken; null when it may be saved. */
export function contentError(elements: ContentElement[]): string | null {
  if (!elements.length) return 'editor.content.empty'
  if (elements.some((e) => e.type === 'message' && !e.value.trim())) return 'editor.validation.emptyMessage'
  if (elements.some((e) => isMedia(e.type) && !e.value)) return 'editor.validation.emptyMedia'
  if (
    elements.some((e) => {
      if (e.type !== 'interval') return false
      const n = Number(e.value)
      return !Number.isInteger(n) || n <= 0 || n > INTERVAL_MAX
    })
  )
    return 'editor.validation.contentInterval'
  return null
}
