/**
 * The API token contract of plugins/api (administration.md §3 API token, §4, §7 "API tokens"),
 * as GET /api/api-tokens and POST /api/api-tokens/generate answer it.
 */
export type TokenStatus = 'active' | 'expired' | 'inactive'

export interface ApiToken {
  id: number
  name: string
  /** A preview only (the first 20 characters, '...', the last 10); the full token is shown once. */
  token: string
  isActive: boolean
  status: TokenStatus
  createdAt: string
  lastUsed: string | null
  usageCount: number
  expiresAt: string | null
}

/** The answer of POST /api/api-tokens/generate: the same record with the full token, this once. */
export type GeneratedToken = ApiToken

/** `company-{id}-apiToken` frames: any of them means the list changed. */
export interface ApiTokenFrame {
  action?: string
}

/** The answer of POST /api/messages/send: what was queued. */
export interface SendAnswer {
  message?: string
  messages?: unknown[]
}
