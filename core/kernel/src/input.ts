import type { FastifyInstance, FastifyRequest } from 'fastify'
import { AppError, ErrorCodes } from '@atende/sdk'

/*
 * Rules every route's input follows, in one place so a plugin cannot forget them:
 * - an empty JSON body is an absent body (clients post actions with Content-Type and no data);
 * - an absent body on a route whose body schema requires nothing is `{}` (POST actions with every
 *   field optional accept no body);
 * - no string anywhere in the params, query or body holds a NUL character: Postgres cannot store
 *   it, so it is refused as a 400 naming the field before any handler sees it.
 * Undeclared fields are dropped by the validator (ajv `removeAdditional: 'all'`, app.ts), so a body
 * can never carry `companyId` or any other column its schema does not name into a write.
 */
export function installInputRules(app: FastifyInstance) {
  const json = app.getDefaultJsonParser('error', 'error')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if ((body as string).trim() === '') return done(null, undefined)
    json(request, body as string, done)
  })

  app.addHook('preValidation', async (request: FastifyRequest) => {
    const schema = request.routeOptions.schema?.body as { required?: unknown[]; type?: unknown } | undefined
    if (request.body == null && schema && !request.isMultipart() && !schema.required?.length) request.body = {}
    for (const [where, value] of [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ] as const) {
      const field = nulField(value)
      if (field !== undefined) {
        throw new AppError(ErrorCodes.VALIDATION, 400, `${field || where} must not contain a NUL character`, {
          field: field || where,
        })
      }
    }
  })
}

/** The dotted path of the first string (or key) holding U+0000, '' for the value itself, undefined if none. */
export function nulField(value: unknown, path = '', depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined
  if (!value || typeof value !== 'object' || depth > 32) return undefined
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = nulField(value[i], path ? `${path}.${i}` : String(i), depth + 1)
      if (found !== undefined) return found
    }
    return undefined
  }
  for (const key of Object.keys(value)) {
    const at = path ? `${path}.${key}` : key
    if (key.includes('\u0000')) return at
    const found = nulField((value as Record<string, unknown>)[key], at, depth + 1)
    if (found !== undefined) return found
  }
  return undefined
}
