export * from './errors.ts'
export * from './references.ts'
export * from './schemas.ts'
export * from './events.ts'
export * from './kernel.ts'
export * from './plugin.ts'
export * from './accounts.ts'
export * from './validation.ts'
export * from './storage.ts'
export * from './template.ts'
export * from './clock.ts'
export * from './wall-clock.ts'
export * from './net.ts'
export * from './outbound.ts'
export * from './audio.ts'
export { Type } from '@sinclair/typebox'
export type { Static, TSchema } from '@sinclair/typebox'

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the kernel on every authenticated request. */
    auth: import('./kernel.ts').AuthInfo
  }
  interface FastifyContextConfig {
    /** Route needs no login (login, signup, public plan list, password reset, health). */
    public?: boolean
    /** Route needs this named permission. */
    permission?: string
    /** Route is for the platform's super users only. */
    super?: boolean
    /** Route is for company admins (and super users). */
    admin?: boolean
    /**
     * Route stays reachable when the caller's company is past its due date (renewing it: the
     * session, the billing pages). Every other route answers 402 PLAN_EXPIRED then; super users pass.
     */
    allowExpired?: boolean
  }
}
export * from './company-cache.ts'
