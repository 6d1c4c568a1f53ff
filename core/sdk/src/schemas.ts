import {
  Type,
  type TSchema,
  type Static,
  type TArray,
  type TBoolean,
  type TOptional,
  type TInteger,
  type StringOptions,
} from '@sinclair/typebox'

/** The one error shape every failure answers with. */
export const ErrorResponse = Type.Object(
  {
    error: Type.String({ description: 'ERR_* code' }),
    message: Type.String(),
    statusCode: Type.Integer(),
    field: Type.Optional(Type.String({ description: 'the input field at fault, for validation errors' })),
    min: Type.Optional(Type.Number({ description: 'validation errors: the least length or value the field takes' })),
    max: Type.Optional(Type.Number({ description: 'validation errors: the most length or value the field takes' })),
  },
  // Some errors carry context (the failed message's id, the other ticket's owner): keep it.
  { $id: 'ErrorResponse', additionalProperties: true },
)
export type ErrorResponse = Static<typeof ErrorResponse>

/** Integer path id; ids are integers as in the spec. */
export const IdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) })
export type IdParams = Static<typeof IdParams>

/** The spec's list query: free-text search and a 1-based page number. */
export const ListQuery = Type.Object({
  searchParam: Type.Optional(Type.String({ maxLength: 200 })),
  pageNumber: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
})
export type ListQuery = Static<typeof ListQuery>

/** Page size used by every paginated list unless a plugin documents another. */
export const PAGE_SIZE = 20

/** `{ <key>: T[], hasMore, count? }`: the spec's list answer shape. */
export function ListResponse<K extends string, T extends TSchema>(key: K, item: T) {
  const props = { [key]: Type.Array(item), hasMore: Type.Boolean(), count: Type.Optional(Type.Integer()) }
  return Type.Object(props as Record<K, TArray<T>> & { hasMore: TBoolean; count: TOptional<TInteger> })
}

/** An ILIKE pattern that finds `s` anywhere, its own % _ and \ taken literally (search boxes). */
export const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** Offset for a 1-based page number. */
export const pageOffset = (pageNumber = 1, pageSize = PAGE_SIZE) => (Math.max(1, pageNumber) - 1) * pageSize

/** Nullable helper: `T | null`. A request field of one plain type is safer as NullableInput (below). */
// Null first: with type coercion on, ajv would otherwise turn null into 0 or '' through the first branch.
export const Nullable = <T extends TSchema>(s: T) => Type.Union([Type.Null(), s])

/** One of these words: `enum` in the JSON schema (as the API documents it), the words' union in TypeScript. */
export const StringEnum = <const V extends readonly string[]>(values: V, options: StringOptions = {}) =>
  Type.Unsafe<V[number]>(Type.String({ ...options, enum: [...values] }))

/** A plain success answer for deletes and actions. */
export const MessageResponse = Type.Object({ message: Type.String() })

/** Date-times travel as ISO strings. */
export const DateTime = Type.String({ format: 'date-time' })

/**
 * A date-time a client sends (a body field or a query parameter): ISO 8601 with its offset, checked
 * by ajv's 'date-time' format (a real calendar day, a four-digit year). The handler still reads it
 * with parseDateTime (validation.ts), which also keeps the year within what the database holds.
 */
export const DateTimeInput = (options: StringOptions = {}) =>
  Type.String({ format: 'date-time', maxLength: 40, ...options })

/**
 * `T | null` for a request field of one plain type (string, number, integer, boolean): ajv's own
 * `nullable` rather than Nullable()'s union. With type coercion on, ajv lets a one-item array
 * through a union's branch unchanged, so the handler would get an array where it reads text (a 500).
 * Request schemas only: TypeBox's Value functions do not know this schema's kind.
 */
export const NullableInput = <T extends TSchema>(schema: T) =>
  Type.Unsafe<Static<T> | null>({ ...schema, nullable: true })

/** DateTimeInput or null for none; with `allowEmpty`, "" (a cleared form field) also means none. */
export const NullableDateTimeInput = (options: StringOptions = {}, allowEmpty = false) =>
  allowEmpty
    ? Type.Unsafe<string | null>({
        type: 'string',
        nullable: true,
        maxLength: 40,
        anyOf: [{ format: 'date-time' }, { const: '' }],
        ...options,
      })
    : NullableInput(DateTimeInput(options))

/**
 * A database timestamp in an answer: the row's Date goes out as its ISO string (the serializer
 * writes a Date as toISOString()), so a handler may return the row as read.
 */
export const Timestamp = Type.Unsafe<string | Date>(Type.String())

/** What a type becomes on the wire: every Date (a Timestamp read from the database) arrives as its ISO string. */
export type Wire<T> = T extends Date
  ? string
  : T extends ReadonlyArray<infer U>
    ? Wire<U>[]
    : T extends object
      ? { [K in keyof T]: Wire<T[K]> }
      : T

/** A file answered as a stream (CSV exports, downloads): documented as a string, sent as is. */
export const StreamedFile = (description: string) =>
  Type.Unsafe<NodeJS.ReadableStream | Buffer | string>(Type.String({ description }))

/** A database timestamp (Date from pg, string from some drivers) as its ISO string. */
export const toIso = (d: Date | string) => new Date(d).toISOString()

/**
 * The error answers a route documents, each the one ErrorResponse shape: `response: { 200: X, ...errorResponses() }`
 * (400, 403, 404 and 409 unless other statuses are named).
 */
export function errorResponses(...statuses: number[]): Record<number, { $ref: 'ErrorResponse#' }> {
  return Object.fromEntries(
    (statuses.length ? statuses : [400, 403, 404, 409]).map((s) => [s, { $ref: 'ErrorResponse#' as const }]),
  )
}
