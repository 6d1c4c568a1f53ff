import { definePlugin } from '@atende/sdk'
import { registerContactsV1 } from './contacts-v1.ts'
import { mapRealtime } from './events.ts'
import { PLAN_FLAG, authenticateIntegrators, failureCounter } from './integrator.ts'
import { registerTokenRoutes } from './routes.ts'
import { registerSendRoutes } from './send-routes.ts'
import { createSender } from './send.ts'
import { createTokenService } from './tokens.ts'
import { createUsageCounter } from './usage.ts'

const PURGE_JOB = 'api.idempotency-purge'
/** API_IDEMPOTENCY_PURGE_MS: how often expired Idempotency-Keys are dropped (1 h; 0: never, for tests). */
const purgeMs = () => Number(process.env.API_IDEMPOTENCY_PURGE_MS ?? 3_600_000)

/** The events this plugin emits; it hears them too (frames for its sockets, work for its other processes). */
const EVENTS = ['apiToken.saved']

/**
 * Integrators' API (API tokens and the Messages API; plan flag useExternalApi). README "Integrators' API".
 *
 * Decisions where the spec is silent:
 * - Tokens: `atd_` + 32 random bytes base64url, stored as a sha256 hash with the preview parts
 *   (first 20, last 10 characters); the secret is answered once, by POST /api-tokens/generate.
 *   Revoking turns a token inactive (it stays listed). Admins only manage them; `company-{id}-apiToken`
 *   frames go to the admins.
 * - Integrators' routes (/api/messages/send, /api/v1/companies/{companyId}/contacts…) are public to
 *   the session check and authenticate the bearer themselves (src/integrator.ts): unknown or revoked
 *   401 ERR_API_TOKEN_INVALID, expired 401 ERR_API_TOKEN_EXPIRED, a plan without useExternalApi 403
 *   ERR_PLAN_FEATURE_DISABLED, another company's path 403 ERR_API_TOKEN_COMPANY. Sending also takes a
 *   connection's own `token` field (that connection sends); contacts v1 only company tokens.
 * - Rate limit per token (API_TOKEN_RATE_LIMIT, 120 a minute), 429 with Retry-After.
 * - usageCount / lastUsed are counted in memory and written every few seconds (src/usage.ts).
 * - Sending: see src/send.ts (outreach ticket, outbound queue, Idempotency-Key for 24 h).
 */
export default definePlugin({
  name: 'api',
  version: '1.0.0',
  events: { emits: EVENTS, listens: [...EVENTS] },
  host: '^1.0.0',
  planFlag: PLAN_FLAG,
  essential: false,
  module: true,
  moduleRoutes: ['/api-tokens', '/messages-api'],
  dependsOn: ['tickets', 'connections', 'contacts'],
  services: {
    requires: ['tickets', 'contacts', 'connections'],
    optional: ['messaging'],
  },
  migrations: new URL('../migrations', import.meta.url),
  async register(app, kernel) {
    mapRealtime(kernel)
    const usage = createUsageCounter(kernel)
    const tokens = createTokenService(kernel, usage)
    registerTokenRoutes(app, tokens)
    const sender = createSender(kernel)
    kernel.jobs.define(PURGE_JOB, async () => {
      await sender.purgeKeys()
    })
    if (purgeMs() > 0) await kernel.jobs.add(PURGE_JOB, {}, { jobId: 'api-keys-purge', repeat: { every: purgeMs() } })
    const failures = failureCounter(app)
    await app.register(async (scope) => {
      authenticateIntegrators(scope, kernel, tokens, { connectionTokens: true, failures })
      registerSendRoutes(scope, kernel, sender)
    })
    await app.register(async (scope) => {
      authenticateIntegrators(scope, kernel, tokens, { connectionTokens: false, failures })
      registerContactsV1(scope, kernel)
    })
  },
})
