/**
 * The integrators' scope: routes that are `public` to the kernel's session check and authenticate a
 * bearer here instead — a company API token (`atd_…`), or, where a route allows it, a connection's own
 * `token` field. Then the plan (useExternalApi) is checked, since the kernel's plan gate only sees
 * session callers. Each route is rate limited per token (@fastify/rate-limit, which the kernel
 * registers with global: false): API_TOKEN_RATE_LIMIT calls (120) per API_TOKEN_RATE_WINDOW_MS (60 s),
 * answered 429 ERR_TOO_MANY_REQUESTS with Retry-After.
 *
 * Failed bearers are counted per client address (the kernel's request.ip, which honours TRUST_PROXY)
 * in the same store (Redis across processes): after API_TOKEN_FAILURES_MAX (20) wrong tokens within
 * API_TOKEN_FAILURE_WINDOW_MS (10 min), every bearer from that address is answered 429 until the
 * window ends — a right one too, so a guesser cannot tell a hit from the block.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { AppError, ErrorCodes, type Kernel } from '@atende/sdk'
import type { ConnectionsRef } from '@atende/plugin-connections/api'
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

const failureMax = () => Number(process.env.API_TOKEN_FAILURES_MAX ?? 20)
const failureWindow = () => Number(process.env.API_TOKEN_FAILURE_WINDOW_MS ?? 600_000)

type Limiter = (
  request: FastifyRequest,
  opts?: { increment?: boolean },
) => Promise<{ isAllowed: boolean; remaining?: number; ttlInSeconds?: number }>

/**
 * The wrong-bearer counter of one address: peek (is it blocked?) and count a failure. Made once for
 * every integrators' scope: each createRateLimit call has a store of its own.
 */
export function failureCounter(scope: FastifyInstance) {
  // @fastify/rate-limit (registered by the kernel) decorates every instance with createRateLimit.
  const create = (scope as unknown as { createRateLimit: (o: object) => Limiter }).createRateLimit
  const limiter = create.call(scope, {
    max: failureMax(),
    timeWindow: failureWindow(),
    keyGenerator: (request: FastifyRequest) => `api-token-failures:${request.ip}`,
  })
  return {
    async blocked(request: FastifyRequest) {
      const state = await limiter(request, { increment: false })
      return !state.isAllowed && state.remaining === 0 ? (state.ttlInSeconds ?? 1) : 0
    },
    fail: (request: FastifyRequest) => limiter(request),
  }
}

/** Installs the bearer check on `scope` (an encapsulated plugin scope holding only integrators' routes). */
export function authenticateIntegrators(
  scope: FastifyInstance,
  kernel: Kernel,
  tokens: TokenService,
  opts: { connectionTokens: boolean; failures: ReturnType<typeof failureCounter> },
) {
  const { failures } = opts
  scope.addHook('onRequest', async (request, reply) => {
    const header = request.headers.authorization ?? ''
    const bearer = header.startsWith('Bearer ') ? header.slice(7).trim() : ''
    if (!bearer) throw new AppError(ERR_API_TOKEN_INVALID, 401, 'Missing API token (Authorization: Bearer …)')
    const wait = await failures.blocked(request)
    if (wait) {
      reply.header('retry-after', String(wait))
      throw new AppError(
        ErrorCodes.RATE_LIMITED,
        429,
        `Too many wrong tokens from this address, try again in ${wait} s`,
      )
    }
    let caller: Caller
    try {
      if (bearer.startsWith(TOKEN_PREFIX)) {
        const t = await tokens.authenticate(bearer)
        caller = { companyId: t.companyId, key: `t${t.tokenId}`, tokenId: t.tokenId, whatsappId: null }
      } else {
        const conn = opts.connectionTokens
          ? await kernel.services.get<ConnectionsRef>('connections').byToken(bearer)
          : null
        if (!conn) throw new AppError(ERR_API_TOKEN_INVALID, 401, 'Invalid API token')
        caller = { companyId: conn.companyId, key: `w${conn.id}`, tokenId: null, whatsappId: conn.id }
      }
    } catch (err) {
      if ((err as AppError).statusCode === 401) await failures.fail(request)
      throw err
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
