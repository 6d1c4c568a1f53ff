import type { Chat, ChatFrame, ChatMessage, ChatUser } from '@atende/plugin-chats/api'

/** A chat, its messages and socket frames as the API answers them: the plugin's published contract. */
export type { Chat, ChatFrame, ChatMessage, ChatUser }

/** A user to pick as a member (GET /api/users/list). */
export interface UserChoice {
  id: number
  name: string
}

/** The server's list order: newest activity first, then id. */
export const byActivity = (a: Chat, b: Chat) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt) || b.id - a.id

/** The socket event of the company's chats (each frame already addressed to this user). */
export const chatEvent = (companyId: number | null) => (companyId ? `company-${companyId}-chat` : null)

/** HH:mm today, otherwise dd/MM/yyyy (as the tickets list). */
export function formatTime(iso: string) {
  const d = new Date(iso)
  const now = new Date()
  const pad = (n: number) => String(n).padStart(2, '0')
  if (d.toDateString() === now.toDateString()) return `${pad(d.getHours())}:${pad(d.getMinutes())}`
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`
}
