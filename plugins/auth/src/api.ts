/**
 * The auth plugin's published contract, types only: what signing in sends and answers (the route
 * schemas). Clients of the kernel's session (core/client) keep their own copy: core never imports
 * a plugin.
 */
import type { Static } from '@sinclair/typebox'
import type {
  LoginAnswer as LoginAnswerSchema,
  LoginBody,
  SessionAnswer as SessionAnswerSchema,
  SecurityNotice as SecurityNoticeSchema,
} from './schemas.ts'

export type LoginRequest = Static<typeof LoginBody>
export type LoginAnswer = Static<typeof LoginAnswerSchema>
/** POST /auth/refresh_token and GET /auth/me's session. */
export type SessionAnswer = Static<typeof SessionAnswerSchema>
export type SecurityNotice = Static<typeof SecurityNoticeSchema>
