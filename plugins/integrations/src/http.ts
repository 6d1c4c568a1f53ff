/**
 * One JSON POST to a tenant's engine (Typebot, Dialogflow): through the guarded fetch (the address
 * connected to is judged on every call), a timeout, brief retries of network errors, timeouts, 429
 * and 5xx. A refused address throws its 400 at once. Any other answer is the caller's to read.
 */
import { guardedFetch, isAppError } from '@atende/sdk'

export class EngineFailure extends Error {
  constructor(
    message: string,
    /** The HTTP status when the engine answered (4xx other than 429), else 0. */
    readonly status = 0,
    /** The last attempt had no answer in time. */
    readonly timedOut = false,
  ) {
    super(message)
  }
}

export interface CallOptions {
  timeoutMs: number
  /** Pauses before each retry; their count is the number of retries. */
  backoffMs: number[]
  headers?: Record<string, string>
  /** The input field named when the URL is refused. */
  field: string
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** A comma-separated list of pauses from the environment. */
export const pauses = (value: string | undefined, fallback: string) =>
  (value ?? fallback)
    .split(',')
    .filter((s) => s.trim() !== '')
    .map(Number)
    .filter((n) => Number.isFinite(n) && n >= 0)

/** POSTs `body` as JSON; answers the status and the parsed JSON (null when the body is not JSON). */
export async function postJson(
  url: string,
  body: unknown,
  opts: CallOptions,
): Promise<{ status: number; data: unknown; text: string }> {
  const raw = typeof body === 'string' ? body : JSON.stringify(body)
  let last = ''
  let timedOut = false
  for (let attempt = 0; attempt <= opts.backoffMs.length; attempt++) {
    if (attempt) await sleep(opts.backoffMs[attempt - 1])
    let res: Response
    try {
      res = await guardedFetch(
        url,
        {
          method: 'POST',
          signal: AbortSignal.timeout(opts.timeoutMs),
          headers: {
            'content-type': typeof body === 'string' ? 'application/x-www-form-urlencoded' : 'application/json',
            'user-agent': 'Atende/1',
            ...opts.headers,
          },
          body: raw,
        },
        { field: opts.field },
      )
    } catch (err) {
      if (isAppError(err)) throw err
      timedOut = (err as Error).name === 'TimeoutError'
      last = timedOut ? `no answer in ${opts.timeoutMs} ms` : 'could not connect'
      continue
    }
    const text = await res.text().catch(() => '')
    if (res.status === 429 || res.status >= 500) {
      timedOut = false
      last = `answered HTTP ${res.status}`
      continue
    }
    let data: unknown = null
    try {
      data = text ? JSON.parse(text) : null
    } catch {
      data = null
    }
    return { status: res.status, data, text }
  }
  throw new EngineFailure(last, 0, timedOut)
}
