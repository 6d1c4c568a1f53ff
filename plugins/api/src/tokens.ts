/**
 * Company API tokens: issued once (the secret is shown at generation and never again), stored as a
 * sha256 hash with the preview parts, revoked by turning inactive (the row stays, shown inactive).
 * Requests look a token up by its hash through a small in-process cache; a revocation clears it in
 * every process (`apiToken.saved` travels on the bus, bridged over Redis).
 */
import { createHash, randomBytes } from 'node:crypto'
import { AppError, badRequest, notFound, toIso, type Kernel } from '@atende/sdk'
import {
  DEFAULT_EXPIRES_IN,
  ERR_API_TOKEN_EXPIRED,
  ERR_API_TOKEN_INVALID,
  ERR_API_TOKEN_NAME,
  ERR_NO_API_TOKEN_FOUND,
  NAME_MAX,
  PREVIEW_HEAD,
  PREVIEW_TAIL,
  TOKEN_PREFIX,
  type ApiToken,
  type ExpiresIn,
} from './api.ts'
import type { UsageCounter } from './usage.ts'
import './events.ts'

export const TABLE = 'api_tokens'
const CACHE_TTL_MS = 30_000
const CACHE_MAX = 10_000

export interface Row {
  id: number
  companyId: number
  name: string
  tokenHash: string
  head: string
  tail: string
  isActive: boolean
  expiresAt: Date | string | null
  lastUsed: Date | string | null
  usageCount: number | string
  createdAt: Date | string
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

const DURATION_MS: Record<ExpiresIn, number> = {
  '24h': 86_400_000,
  '7d': 7 * 86_400_000,
  '30d': 30 * 86_400_000,
  '90d': 90 * 86_400_000,
  '365d': 365 * 86_400_000,
  '100y': 36_500 * 86_400_000,
}

const expired = (row: Pick<Row, 'expiresAt'>, now = Date.now()) =>
  row.expiresAt != null && new Date(row.expiresAt).getTime() <= now

export function view(row: Row): ApiToken {
  return {
    id: row.id,
    name: row.name,
    token: `${row.head}...${row.tail}`,
    isActive: row.isActive,
    status: !row.isActive ? 'inactive' : expired(row) ? 'expired' : 'active',
    createdAt: toIso(row.createdAt),
    lastUsed: row.lastUsed ? toIso(row.lastUsed) : null,
    usageCount: Number(row.usageCount),
    expiresAt: row.expiresAt ? toIso(row.expiresAt) : null,
  }
}

/** Who a valid company token is. */
export interface TokenCaller {
  tokenId: number
  companyId: number
}

export function createTokenService(kernel: Kernel, usage: UsageCounter) {
  const cache = new Map<string, { row: Pick<Row, 'id' | 'companyId' | 'isActive' | 'expiresAt'>; at: number }>()
  const forget = (id: number) => {
    for (const [hash, e] of cache) if (e.row.id === id) cache.delete(hash)
  }
  kernel.bus.on('apiToken.saved', ({ apiToken }) => {
    if (apiToken.status !== 'active') forget(apiToken.id)
  })

  return {
    async list(companyId: number): Promise<ApiToken[]> {
      await usage.flush() // what this process counted so far shows at once
      const rows: Row[] = await kernel.tenant(companyId)(TABLE).orderBy('id', 'desc').limit(1000)
      return rows.map(view)
    },

    async generate(companyId: number, input: { name: string; expiresIn?: ExpiresIn }) {
      const name = input.name.trim()
      if (!name || name.length > NAME_MAX)
        throw badRequest('name', `The name needs 1 to ${NAME_MAX} characters`, ERR_API_TOKEN_NAME)
      const expiresIn = input.expiresIn ?? DEFAULT_EXPIRES_IN
      const token = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`
      const apiToken = await kernel.unitOfWork(companyId, async ({ t, emit }) => {
        const [row]: Row[] = await t
          .insert(TABLE, {
            name,
            tokenHash: hashToken(token),
            head: token.slice(0, PREVIEW_HEAD),
            tail: token.slice(-PREVIEW_TAIL),
            expiresAt: new Date(Date.now() + DURATION_MS[expiresIn]),
          })
          .returning('*')
        const v = view(row)
        emit('apiToken.saved', { companyId, action: 'create', apiToken: v })
        return v
      })
      return { ...apiToken, token }
    },

    async revoke(companyId: number, id: number) {
      await kernel.unitOfWork(companyId, async ({ t, emit }) => {
        const [row]: Row[] = await t(TABLE).where({ id }).update({ isActive: false }).returning('*')
        if (!row) throw notFound(ERR_NO_API_TOKEN_FOUND, 'API token not found')
        emit('apiToken.saved', { companyId, action: 'update', apiToken: view(row) })
      })
      forget(id)
    },

    /** The company token a bearer names: 401 ERR_API_TOKEN_INVALID (unknown, revoked) or ERR_API_TOKEN_EXPIRED. */
    async authenticate(token: string): Promise<TokenCaller> {
      const hash = hashToken(token)
      let hit = cache.get(hash)
      if (!hit || Date.now() - hit.at > CACHE_TTL_MS) {
        // Platform-wide by nature: the token is what names the company.
        const row = await kernel.db(TABLE).where({ tokenHash: hash }).first('id', 'companyId', 'isActive', 'expiresAt')
        if (!row) throw new AppError(ERR_API_TOKEN_INVALID, 401, 'Invalid API token')
        if (cache.size >= CACHE_MAX) cache.clear()
        hit = { row, at: Date.now() }
        cache.set(hash, hit)
      }
      const { row } = hit
      if (!row.isActive) throw new AppError(ERR_API_TOKEN_INVALID, 401, 'The API token was revoked')
      if (expired(row)) throw new AppError(ERR_API_TOKEN_EXPIRED, 401, 'The API token has expired')
      usage.count(row.id)
      return { tokenId: row.id, companyId: row.companyId }
    },
  }
}

export type TokenService = ReturnType<typeof createTokenService>
