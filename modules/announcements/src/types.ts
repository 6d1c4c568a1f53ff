import type { Announcement, AnnouncementFrame, RichBlock } from '@atende/plugin-announcements/api'

export type { Announcement, AnnouncementFrame, RichBlock }

/**
 * Image block sizes (px), custom width/height bounds and the default priority (the plugin's api.ts has
 * the same numbers; only types are imported from it).
 */
export const IMAGE_SIZES = { small: 150, medium: 300, large: 500 } as const
export const CUSTOM_WIDTH = { min: 50, max: 1000 } as const
export const CUSTOM_HEIGHT = { min: 50, max: 800 } as const
export const PRIORITY_DEFAULT = 3
/** A non-super user is sent home this long after the notice. */
export const REDIRECT_MS = 1000

export const announcementEvent = (companyId: number | null) => (companyId ? `company-${companyId}-announcement` : null)

/** 1 high/red, 2 medium/orange, 3 low/grey. */
export const PRIORITY_CLASS: Record<number, string> = {
  1: 'bg-red-700 text-white',
  2: 'bg-orange-600 text-white',
  3: 'bg-slate-500 text-white',
}

/** Priority 1 first, then newest (the server's order). */
export const byPriority = (a: Announcement, b: Announcement) =>
  a.priority - b.priority || b.createdAt.localeCompare(a.createdAt) || b.id - a.id

/**
 * Read state per user in localStorage (the spec names no call for it): id → the updatedAt that was
 * read, so an edited announcement counts as unread again. Another browser keeps its own.
 */
const readKey = (userId: number) => `atende:announcements:read:${userId}`
export function loadRead(userId: number): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(readKey(userId)) ?? '{}')
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {}
  } catch {
    return {}
  }
}
export function saveRead(userId: number, read: Record<string, string>) {
  try {
    localStorage.setItem(readKey(userId), JSON.stringify(read))
  } catch {
    /* storage full or blocked: the count just stays */
  }
}
