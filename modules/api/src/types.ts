/**
 * The API token contract of plugins/api:
 * the plugin's published types, so the screens cannot drift from what the server answers.
 */
import type { ApiToken, ApiTokenFrame, ApiTokenStatus, SendResult } from '@atende/plugin-api/api'

export type { ApiToken, ApiTokenFrame, SendResult }
export type TokenStatus = ApiTokenStatus

/** The answer of POST /api/api-tokens/generate: the same record with the whole token, this once. */
export type GeneratedToken = ApiToken
