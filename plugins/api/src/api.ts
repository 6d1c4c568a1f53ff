/**
 * The api plugin's published contract, version 1: what the api module (/api-tokens, /messages-api)
 * and other plugins may use (`import type { ApiToken } from '@atende/plugin-api/api'`). TypeBox only.
 */
// The events this plugin emits travel with its contract: whoever imports it sees their names and payloads.
import type {} from './events.ts'
import { Type, type Static } from '@sinclair/typebox'

/** Expiry choices: 100y means never in practice. */
export const EXPIRES_IN = ['24h', '7d', '30d', '90d', '365d', '100y'] as const
export type ExpiresIn = (typeof EXPIRES_IN)[number]
export const DEFAULT_EXPIRES_IN: ExpiresIn = '365d'
export const NAME_MAX = 100
/** What every token starts with, so a leaked one is recognisable (secret scanners, logs). */
export const TOKEN_PREFIX = 'atd_'
/** The preview shows this many characters at the start and at the end. */
export const PREVIEW_HEAD = 20
export const PREVIEW_TAIL = 10

export const ApiTokenStatus = Type.Union([Type.Literal('active'), Type.Literal('expired'), Type.Literal('inactive')], {
  description: 'inactive: revoked; expired: active but past expiresAt; else active',
})
export type ApiTokenStatus = Static<typeof ApiTokenStatus>

/** A token as the list and the frames carry it: `token` is only the preview (first 20 + '...' + last 10). */
export const ApiToken = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  token: Type.String({ description: 'the preview: first 20 characters, "...", last 10' }),
  isActive: Type.Boolean(),
  status: ApiTokenStatus,
  createdAt: Type.String({ format: 'date-time' }),
  lastUsed: Type.Union([Type.Null(), Type.String({ format: 'date-time' })]),
  usageCount: Type.Integer(),
  expiresAt: Type.Union([Type.Null(), Type.String({ format: 'date-time' })]),
})
export type ApiToken = Static<typeof ApiToken>

/** `company-{id}-apiToken` frames (to the company's admins). */
export type ApiTokenFrame = { action: 'create' | 'update'; apiToken: ApiToken } | { action: 'delete'; id: number }

/** What POST /api/messages/send answers. */
export const SendResult = Type.Object({
  message: Type.String({ description: "'Message queued'" }),
  messages: Type.Array(Type.Object({ id: Type.Integer(), ticketId: Type.Integer(), contactId: Type.Integer() })),
})
export type SendResult = Static<typeof SendResult>

export const ERR_API_TOKEN_INVALID = 'ERR_API_TOKEN_INVALID'
export const ERR_API_TOKEN_EXPIRED = 'ERR_API_TOKEN_EXPIRED'
export const ERR_API_TOKEN_COMPANY = 'ERR_API_TOKEN_COMPANY'
export const ERR_API_TOKEN_NAME = 'ERR_API_TOKEN_NAME'
export const ERR_NO_API_TOKEN_FOUND = 'ERR_NO_API_TOKEN_FOUND'
