import type { SessionUser } from '@atende/client'
/** The server's UserView (core/sdk accounts.ts): the client's session user with the fields these screens need present. */
export type User = SessionUser & {
  allTicket: string
  whatsappId: number | null
  profilePicture: string | null
  language: string | null
  online: boolean
  queueIds: number[]
}

/** GET /api/users: `{ users, hasMore, count }` (administration.md §7). */
export interface UsersPage {
  users: User[]
  hasMore: boolean
  count?: number
}

/** Frames on `company-<id>-user` (core/kernel realtime/kernel-events.ts). */
export type UserEvent = { action: 'create' | 'update'; user: User } | { action: 'delete'; userId: number }

export interface Queue {
  id: number
  name: string
  color?: string
}
