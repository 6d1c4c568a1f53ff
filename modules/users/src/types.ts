import type { User, UsersPage } from '@atende/plugin-users/api'

/** A user and a page of them as GET /api/users answers: the users plugin's contract. */
export type { User, UsersPage }

/** Frames on `company-<id>-user` (core/kernel realtime/kernel-events.ts). */
export type UserEvent = { action: 'create' | 'update'; user: User } | { action: 'delete'; userId: number }

export interface Queue {
  id: number
  name: string
  color?: string
}
