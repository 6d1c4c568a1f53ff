/**
 * The users plugin's published contract, types only: a user as GET /api/users answers it (the
 * kernel's UserView, which the plugin serves) and a page of them (its route schema).
 */
import type { Static } from '@sinclair/typebox'
import type { UserView } from '@atende/sdk'
import type { UsersPage as UsersPageSchema } from './schemas.ts'

export type User = UserView
export type UsersPage = Static<typeof UsersPageSchema>
