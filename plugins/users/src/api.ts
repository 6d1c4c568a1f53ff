/**
 * The users plugin's published contract, types only: a user as GET /api/users answers it (the
 * kernel's UserView with the tickets plugin's attendant fields, which every view carries) and a
 * page of them (its route schema).
 */
import type { Static } from '@sinclair/typebox'
import type { UserView } from '@atende/sdk'
import type { AttendantView } from '@atende/plugin-tickets/api'
import type { UsersPage as UsersPageSchema } from './schemas.ts'

export type User = UserView & AttendantView
export type UsersPage = Static<typeof UsersPageSchema>
