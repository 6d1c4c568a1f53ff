import type { FastifyRequest } from 'fastify'

export const REDACTED = '[redacted]'

/**
 * Routes whose path carries secrets or personal data (the spec's shapes), by the segment that names
 * them: every segment after it is hidden except the offsets listed. The password reset puts the
 * email, CNPJ, mailed code and new password in the path (only the CNPJ, a public company number,
 * stays); the code request puts the email there.
 */
const READABLE_AFTER: Record<string, ReadonlySet<number>> = {
  resetpasswords: new Set([2]),
  forgetpassword: new Set(),
}

/** Query parameters that are credentials: the socket's access token, a signed media URL's signature. */
const SECRET_PARAMS = new Set(['token', 'sig'])

const decoded = (segment: string) => {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

/**
 * A request URL as it may be written to a log. The router decodes the path before it matches and
 * ignores case nowhere, but a misrouted request is logged too: segments are compared decoded and
 * case-insensitively, and on such a route the whole query is hidden (an unencoded `?` in a password
 * starts it).
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?')
  const parts = (q < 0 ? url : url.slice(0, q)).split('/')
  let query = q < 0 ? '' : url.slice(q + 1)
  const at = parts.findIndex((p) => Object.hasOwn(READABLE_AFTER, decoded(p).toLowerCase()))
  if (at >= 0) {
    const readable = READABLE_AFTER[decoded(parts[at]!).toLowerCase()]!
    for (let i = at + 1; i < parts.length; i++) if (parts[i] !== '' && !readable.has(i - at)) parts[i] = REDACTED
    if (query) query = REDACTED
  } else if (query) {
    query = query
      .split('&')
      .map((pair) => {
        const eq = pair.indexOf('=')
        const name = decoded(eq < 0 ? pair : pair.slice(0, eq)).toLowerCase()
        return eq >= 0 && SECRET_PARAMS.has(name) ? `${pair.slice(0, eq)}=${REDACTED}` : pair
      })
      .join('&')
  }
  return parts.join('/') + (q < 0 ? '' : `?${query}`)
}

/** Fastify's own request serializer (fastify/lib/logger-pino.js) with the URL redacted. */
function serializeRequest(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    version: req.headers?.['accept-version'],
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket ? req.socket.remotePort : undefined,
  }
}

/**
 * The app's logger options: the caller's (level, stream, hooks …) or the default, always with the
 * redacting request serializer, so the per-request lines never carry a reset's secrets.
 */
export function loggerOptions(given: boolean | object | undefined): false | object {
  if (given === false) return false
  const base: { serializers?: object } =
    given === true || given === undefined ? { level: process.env.LOG_LEVEL || 'info' } : given
  return { ...base, serializers: { ...base.serializers, req: serializeRequest } }
}
