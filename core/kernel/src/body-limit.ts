import type { FastifyInstance } from 'fastify'

/**
 * Body limits per route, from the route's own schema (issue 22, "limits on body sizes per route"):
 * the largest JSON its body schema can accept, so a route taking a name and a number refuses a
 * 5 MB body at the socket instead of parsing it first. Bounded schemas get that bound (at least
 * MIN_BYTES: whitespace and key order vary); a schema with an unbounded part (a string without
 * maxLength, an open record such as a flow node's data) keeps the app's MAX_BYTES. A route that
 * states `bodyLimit` keeps it: the bulk imports and the simulator's media raise theirs. Multipart
 * uploads are streamed and bounded by the storage's own limit, not by this. Too large a body answers 413 ERR_PAYLOAD_TOO_LARGE.
 */
export const MIN_BYTES = 64 * 1024
/** The app's own bodyLimit: no route that does not state its own goes above it. */
export const MAX_BYTES = 5 * 1024 * 1024

/** What of a JSON schema the bound reads. */
interface Schema {
  type?: string | string[]
  anyOf?: Schema[]
  oneOf?: Schema[]
  allOf?: Schema[]
  const?: unknown
  enum?: unknown[]
  maxLength?: number
  maxItems?: number
  items?: Schema | Schema[]
  properties?: Record<string, Schema>
  additionalProperties?: unknown
  patternProperties?: Record<string, Schema>
  maxProperties?: number
}

// JSON escaping can take a UTF-16 unit to six bytes (\u0000): a string's bound counts that.
const BYTES_PER_CHAR = 6
const NUMBER_BYTES = 32

/** The most bytes a JSON value valid against `schema` can take; Infinity when unbounded. */
export function jsonBound(input: object | undefined, depth = 0): number {
  const schema = input as Schema | undefined
  if (!schema || depth > 32) return Infinity
  for (const key of ['anyOf', 'oneOf'] as const)
    if (Array.isArray(schema[key])) return Math.max(0, ...schema[key].map((s: Schema) => jsonBound(s, depth + 1)))
  if (Array.isArray(schema.allOf)) return Math.min(...schema.allOf.map((s: Schema) => jsonBound(s, depth + 1)))
  if ('const' in schema) return JSON.stringify(schema.const).length * BYTES_PER_CHAR
  if (Array.isArray(schema.enum))
    return Math.max(4, ...schema.enum.map((v: unknown) => JSON.stringify(v).length * BYTES_PER_CHAR))
  const type = Array.isArray(schema.type) ? schema.type : [schema.type]
  let bound = 0
  for (const t of type) {
    if (t === 'null' || t === 'boolean') bound = Math.max(bound, 5)
    else if (t === 'integer' || t === 'number') bound = Math.max(bound, NUMBER_BYTES)
    else if (t === 'string')
      bound = Math.max(bound, typeof schema.maxLength === 'number' ? 2 + schema.maxLength * BYTES_PER_CHAR : Infinity)
    else if (t === 'array') {
      const items = Array.isArray(schema.items)
        ? Math.max(0, ...schema.items.map((s: Schema) => jsonBound(s, depth + 1)))
        : jsonBound(schema.items, depth + 1)
      bound = Math.max(bound, typeof schema.maxItems === 'number' ? 2 + schema.maxItems * (items + 1) : Infinity)
    } else if (t === 'object') {
      const props: Record<string, Schema> = schema.properties ?? {}
      const open =
        schema.patternProperties || (schema.additionalProperties !== undefined && schema.additionalProperties !== false)
      // Undeclared fields are dropped after parsing (removeAdditional: 'all'), but they still arrive.
      if (open && typeof schema.maxProperties !== 'number') return Infinity
      let sum = 2
      for (const [key, value] of Object.entries(props))
        sum += key.length * BYTES_PER_CHAR + 4 + jsonBound(value, depth + 1)
      bound = Math.max(bound, sum)
    } else return Infinity
  }
  return bound
}

/** The limit a route gets from its body schema (see above). */
export function bodyLimitFor(schema: object | undefined): number {
  if (!schema) return MAX_BYTES
  const bound = jsonBound(schema)
  return Math.min(MAX_BYTES, Math.max(MIN_BYTES, Math.ceil(bound)))
}

export function installBodyLimits(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (route.bodyLimit !== undefined || !route.schema?.body) return
    route.bodyLimit = bodyLimitFor(route.schema.body as object)
  })
}
