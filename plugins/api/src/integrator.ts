/**
 * The integrators' scope: routes that are `public` to the kernel's session check and authenticate a
 * bearer here instead — a company API token (`atd_…`), or, where a route allows it, a connection's own
 * `token` field. Then the plan (useExternalApi) is checked, since the kernel's plan gate only sees
 * session callers. Each route is rate limited per token (@fastify/rate-limit, which the kernel
 * registers with global: false): API_TOKEN_RATE_LIMIT calls (120) per API_TOKEN_RATE_WINDOW_MS (60 s),
 * answered 429 ERR_TOO_MANY_REQUESTS with Retry-After.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { AppError, ErrorCodes, type Kernel } from '@atende/sdk'
import type { ConnectionsService } from '@atende/plugin-connections/api'
import { ERR_API_TOKEN_INVALID, TOKEN_PREFIX } from './api.ts'
import type { TokenService } from './tokens.ts'

export const PLAN_FLAG = 'useExternalApi'
export const tags = ['integrations-api']
/** The OpenAPI security these routes name (the kernel's `apiToken` scheme). */
export const security = [{ apiToken: [] }]

/** Who is calling: the company, and the connection that must send when the bearer was a connection's token. */
export interface Caller {
  companyId: number
  /** Rate-limit and log key: `t{id}` for a company token, `w{id}` for a connection token. */
  key: string
  tokenId: number | null
  whatsappId: number | null
}

const callers = new WeakMap<FastifyRequest, Caller>()
export const callerOf = (request: FastifyRequest): Caller => {
  const c = callers.get(request)
  if (!c) throw new AppError(ERR_API_TOKEN_INVALID, 401, 'Missing API token')
  return c
}

const rateMax = () => Number(process.env.API_TOKEN_RATE_LIMIT ?? 120)
const rateWindow = () => Number(process.env.API_TOKEN_RATE_WINDOW_MS ?? 60_000)

/** Route config of an integrators' route: public to the kernel, rate limited per token. */
export const integratorConfig = () => ({
  public: true,
  rateLimit: {
    max: () => rateMax(),
    timeWindow: rateWindow(),
    keyGenerator: (request: FastifyRequest) => `api-token:${callers.get(request)?.key ?? request.ip}`,
  },
})

/** Installs the bearer check on `scope` (an encapsulated plugin scope holding only integrators' routes). */
export function authenticateIntegrators(
  scope: FastifyInstance,
  kernel: Kernel,
  tokens: TokenService,
  opts: { connectionTokens: boolean },
) {
  scope.addHook('onRequest', async (request) => {
    const header = request.headers.authorization ?? ''
    const bearer = header.startsWith('Bearer ') ? header.slice(7).trim() : ''
    if (!bearer) throw new AppError(ERR_API_TOKEN_INVALID, 401, 'Missing API token (Authorization: Bearer …)')
    let caller: Caller
    if (bearer.startsWith(TOKEN_PREFIX)) {
      const t = await tokens.authenticate(bearer)
      caller = { companyId: t.companyId, key: `t${t.tokenId}`, tokenId: t.tokenId, whatsappId: null }
    } else {
      const conn = opts.connectionTokens
        ? await kernel.services.get<ConnectionsService>('connections').byToken(bearer)
        : null
      if (!conn) throw new AppError(ERR_API_TOKEN_INVALID, 401, 'Invalid API token')
      caller = { companyId: conn.companyId, key: `w${conn.id}`, tokenId: null, whatsappId: conn.id }
    }
    // A token outlives nothing of its company's standing: switched off, or past its due date.
    const access = await kernel.companyAccess(caller.companyId)
    if (access === 'disabled') throw new AppError(ErrorCodes.COMPANY_DISABLED, 403, 'Company disabled, contact support')
    if (access === 'expired')
      throw new AppError(ErrorCodes.PLAN_EXPIRED, 402, 'The subscription is past its due date: renew it to go on')
    if (!(await kernel.moduleEnabled(caller.companyId, PLAN_FLAG)))
      throw new AppError(ErrorCodes.PLAN_FEATURE_DISABLED, 403, "The company's plan does not include the external API")
    callers.set(request, caller)
  })
}
