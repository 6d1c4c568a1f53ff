import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { ErrorCodes, isAppError } from '@atende/sdk'
import { redactUrl } from './log.ts'

const CODE_BY_STATUS: Record<number, string> = {
  400: ErrorCodes.VALIDATION,
  401: ErrorCodes.SESSION_EXPIRED,
  403: ErrorCodes.NO_PERMISSION,
  404: ErrorCodes.NOT_FOUND,
  406: 'ERR_NOT_ACCEPTABLE',
  409: ErrorCodes.CONFLICT,
  413: 'ERR_PAYLOAD_TOO_LARGE',
  415: 'ERR_UNSUPPORTED_MEDIA_TYPE',
  429: ErrorCodes.RATE_LIMITED,
}

/** Answered while the database cannot be reached: the client may retry after a moment. */
export const ERR_DATABASE_UNAVAILABLE = 'ERR_DATABASE_UNAVAILABLE'
/**
 * The database is away (restarting, unreachable, shutting down), not wrong: socket errors of the
 * driver, Postgres' shutdown and startup codes (57P01-57P03, connection class 08), the pool's wait
 * for a connection running out, a connection dropped mid-query.
 */
export function isDatabaseUnavailable(error: { code?: string; name?: string; message?: string }): boolean {
  const code = error.code ?? ''
  if (['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND'].includes(code)) return true
  if (/^57P0[123]$/.test(code) || /^08/.test(code)) return true
  if (error.name === 'KnexTimeoutError') return true
  return /Connection terminated|terminating connection|Client has encountered a connection error|the database system is (starting up|shutting down)/i.test(
    error.message ?? '',
  )
}

/** Postgres errors that are the caller's fault, not ours. */
const PG_ERRORS: Record<string, [number, string, string]> = {
  '23505': [409, ErrorCodes.CONFLICT, 'A record with these values already exists'],
  '23503': [409, ErrorCodes.CONFLICT, 'The record is referenced by or refers to a missing record'],
  '22P02': [400, ErrorCodes.VALIDATION, 'Invalid value'],
  '22003': [400, ErrorCodes.VALIDATION, 'Number out of range'],
  '22001': [400, ErrorCodes.VALIDATION, 'Value too long'],
  '22007': [400, ErrorCodes.VALIDATION, 'Invalid date'],
  '22008': [400, ErrorCodes.VALIDATION, 'Date out of range'],
  '22021': [400, ErrorCodes.VALIDATION, 'Text holds a character that cannot be stored'],
  '22P05': [400, ErrorCodes.VALIDATION, 'Text holds a character that cannot be stored'],
  '22023': [400, ErrorCodes.VALIDATION, 'Invalid value'],
  '22025': [400, ErrorCodes.VALIDATION, 'Invalid escape sequence in a search'],
  '2201B': [400, ErrorCodes.VALIDATION, 'Invalid pattern'],
  '22012': [400, ErrorCodes.VALIDATION, 'Invalid value'],
  '23502': [400, ErrorCodes.VALIDATION, 'A required value is missing'],
  '23514': [400, ErrorCodes.VALIDATION, 'A value breaks a rule of the record'],
  '54000': [400, ErrorCodes.VALIDATION, 'Value too large'],
}

/** What busboy says of a body that is not the multipart it claims to be: the sender's fault. */
const MALFORMED_MULTIPART = /multipart|boundary|needle/i

function validationField(err: FastifyError): string | undefined {
  const first = err.validation?.[0] as { instancePath?: string; params?: Record<string, unknown> } | undefined
  if (!first) return undefined
  const path = (first.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.')
  const missing = first.params?.missingProperty as string | undefined
  const extra = first.params?.additionalProperty as string | undefined
  return [path, missing ?? extra].filter(Boolean).join('.') || undefined
}

/** The limit a length or size rule broke, so a form can say it ("Muito longo! (máximo 50 caracteres)"). */
function validationLimit(err: FastifyError): { min?: number; max?: number } {
  const first = err.validation?.[0] as { keyword?: string; params?: { limit?: unknown } } | undefined
  const limit = first?.params?.limit
  if (typeof limit !== 'number') return {}
  if (first?.keyword === 'maxLength' || first?.keyword === 'maxItems' || first?.keyword === 'maximum')
    return { max: limit }
  if (first?.keyword === 'minLength' || first?.keyword === 'minItems' || first?.keyword === 'minimum')
    return { min: limit }
  return {}
}

/** One error shape for every failure; never a stack trace to the client. */
export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError & { code?: string }, request: FastifyRequest, reply: FastifyReply) => {
    if (isAppError(error)) {
      const field = error.details?.field as string | undefined
      if (error.statusCode >= 500) request.log.error({ err: error }, error.message)
      return reply.status(error.statusCode).send({
        error: error.code,
        message: error.message,
        statusCode: error.statusCode,
        ...(field ? { field } : {}),
        ...((error.details?.extra ?? {}) as object),
      })
    }
    if (error.validation) {
      const field = validationField(error)
      const where = error.validationContext ?? 'body'
      const message = `${field ?? where} ${error.validation[0]?.message ?? 'is invalid'}`
      return reply.status(400).send({
        error: ErrorCodes.VALIDATION,
        message,
        statusCode: 400,
        ...(field ? { field } : {}),
        ...validationLimit(error),
      })
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error, url: redactUrl(request.url.split('?')[0]!) }, 'database unavailable')
      return reply.status(503).header('retry-after', '2').send({
        error: ERR_DATABASE_UNAVAILABLE,
        message: 'The database cannot be reached right now; try again in a moment',
        statusCode: 503,
      })
    }
    const pg = error.code ? PG_ERRORS[error.code] : undefined
    if (pg) {
      request.log.warn({ err: error }, 'database rejected input')
      const detail = error as { column?: string; constraint?: string }
      return reply
        .status(pg[0])
        .send({ error: pg[1], message: pg[2], statusCode: pg[0], ...(detail.column ? { field: detail.column } : {}) })
    }
    if (
      !error.statusCode &&
      typeof request.isMultipart === 'function' &&
      request.isMultipart() &&
      MALFORMED_MULTIPART.test(error.message)
    ) {
      return reply.status(400).send({
        error: 'ERR_INVALID_MULTIPART',
        message: `Malformed multipart body: ${error.message}`,
        statusCode: 400,
      })
    }
    if (error instanceof RangeError && /Invalid time value|Invalid date/i.test(error.message)) {
      return reply.status(400).send({ error: ErrorCodes.VALIDATION, message: 'Invalid date', statusCode: 400 })
    }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500
    if (status === 500) {
      // Only our own bugs end here: logged with the request id, which the answer carries for support.
      request.log.error(
        { err: error, reqId: request.id, url: redactUrl(request.url.split('?')[0]!), method: request.method },
        'unhandled error',
      )
      return reply.status(500).send({
        error: ErrorCodes.INTERNAL,
        message: 'Unexpected error, try again later',
        statusCode: 500,
        requestId: String(request.id),
      })
    }
    return reply
      .status(status)
      .send({ error: CODE_BY_STATUS[status] ?? 'ERR_BAD_REQUEST', message: error.message, statusCode: status })
  })
}

/** Errors raised before routing (FST_ERR_BAD_URL, FST_ERR_MAX_PARAM_LENGTH, …): the client's input. */
export function frameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400
  const code = status === 414 ? 'ERR_URI_TOO_LONG' : (CODE_BY_STATUS[status] ?? ErrorCodes.VALIDATION)
  return reply.status(status).send({ error: code, message: error.message, statusCode: status })
}

export function apiNotFound(request: FastifyRequest, reply: FastifyReply) {
  return reply.status(404).send({
    error: ErrorCodes.NOT_FOUND,
    message: `Route ${request.method} ${request.url.split('?')[0]} not found`,
    statusCode: 404,
  })
}
