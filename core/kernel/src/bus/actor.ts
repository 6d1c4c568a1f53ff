import { AsyncLocalStorage } from 'node:async_hooks'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { EventActor } from '@atende/sdk'

/**
 * The request each piece of work runs for, so the bus can say who caused an event (EventMeta.actor)
 * without every emit passing its caller along: the audit log records admins' changes from the events
 * the features already announce. Work outside a request (jobs, webhooks, sessions) has no actor.
 */
const context = new AsyncLocalStorage<FastifyRequest>()

/** Runs every request inside its context; the auth hook fills request.auth later, read at emit time. */
export function installActorContext(app: FastifyInstance) {
  app.addHook('onRequest', (request, _reply, done) => context.run(request, done))
}

/** The signed-in user whose request is running here, if any. */
export function currentActor(): EventActor | null {
  const auth = context.getStore()?.auth
  if (!auth) return null
  return { userId: auth.userId, companyId: auth.companyId, profile: auth.profile, super: auth.super }
}
