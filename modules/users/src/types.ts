/** The server's UserView (core/sdk accounts.ts), as far as these screens read it. */
export interface User {
  id: number
  companyId: number
  name: string
  email: string
  profile: 'admin' | 'user'
  super: boolean
  allTicket: string
  whatsappId: number | null
  profilePicture: string | null
  language: string | null
  online: boolean
  queueIds: number[]
  createdAt?: string
  updatedAt?: string
}

/** GET /api/users: `{ users, hasMore, count }` (administration.md §7). */
export interface UsersPage { users: User[]; hasMore: boolean; count?: number }

/** Frames on `company-<id>-user` (core/kernel realtime/kernel-events.ts). */
export type UserEvent =
  | { action: 'create' | 'update'; user: User }
  | { action: 'delete'; userId: number }

export interface Queue { id: number; name: string; color?: string }
