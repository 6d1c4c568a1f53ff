/**
 * The webhook / n8n client. Each customer message is POSTed as one JSON event, signed:
 * `X-Atende-Signature: sha256=<hex HMAC-SHA256 of the raw body with the integration's secret>` and
 * `X-Atende-Timestamp` (ms; inside the signed body too, so a receiver can refuse replays).
 *
 * The answer may steer the conversation, synchronously:
 *   { "replies": ["text", { "type": "text", "text": "…" }, …], "action": { "type": "transfer", "queueId": 3 } }
 * (`actions: [ … ]` with one action is accepted too).
 * Both optional; an empty body or a non-JSON 2xx means "received, nothing to say" (n8n's
 * fire-and-forget webhooks). A timeout (WEBHOOK_TIMEOUT_MS, 5 s), a network error, 429 or 5xx is
 * retryable (the run time retries it as delayed jobs: webhook-engine.ts); another 4xx or a JSON body
 * that is not this shape fails at once.
 */
import { createHmac } from 'node:crypto'
import { guardedFetch, isAppError } from '@atende/sdk'

export interface WebhookEvent {
  event: 'message.received'
  /** The same for every delivery of one message: a receiver drops repeats by it. */
  eventId: string
  timestamp: number
  company: { id: number }
  connection: { id: number; name: string }
  ticket: { id: number; uuid: string; status: string; queueId: number | null }
  contact: { id: number; name: string; number: string }
  message: { id: number; body: string; mediaType: string | null; createdAt: string }
}

export type WebhookAction = { type: 'transfer'; queueId: number }
export interface WebhookAnswer {
  replies: string[]
  action: WebhookAction | null
}

export class WebhookFailure extends Error {
  constructor(
    message: string,
    /** No answer in time, a network error, 429 or 5xx: worth another try later. */
    readonly retryable = false,
  ) {
    super(message)
  }
}

export interface WebhookOptions {
  timeoutMs?: number
  /** Pauses before each retry; their count is the number of retries. */
  backoffMs?: number[]
}

export const sign = (secret: string, body: string) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`

function parseAnswer(text: string): WebhookAnswer {
  const none = { replies: [], action: null }
  if (!text.trim()) return none
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch {
    return none // n8n's "Workflow was started" and other plain answers
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    throw new WebhookFailure('the answer is not an object')
  const { replies, action, actions } = data as { replies?: unknown; action?: unknown; actions?: unknown }
  // A reply is a text, or { type: "text", text } as n8n's Respond to Webhook node often builds it.
  const textOf = (r: unknown) =>
    typeof r === 'string'
      ? r
      : r && typeof r === 'object' && typeof (r as { text?: unknown }).text === 'string'
        ? (r as { text: string }).text
        : null
  if (replies !== undefined && (!Array.isArray(replies) || replies.some((r) => textOf(r) === null)))
    throw new WebhookFailure('"replies" must be a list of texts')
  const steps = actions === undefined ? (action === undefined || action === null ? [] : [action]) : actions
  if (!Array.isArray(steps) || steps.length > 1) throw new WebhookFailure('one action at most')
  let parsed: WebhookAction | null = null
  if (steps.length) {
    const a = steps[0] as { type?: unknown; queueId?: unknown }
    if (a?.type !== 'transfer' || !Number.isInteger(a.queueId))
      throw new WebhookFailure('"action" must be { type: "transfer", queueId }')
    parsed = { type: 'transfer', queueId: a.queueId as number }
  }
  const texts = ((replies as unknown[] | undefined) ?? []).map((r) => textOf(r)!.trim()).filter(Boolean)
  return { replies: texts, action: parsed }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

export async function callWebhook(
  url: string,
  secret: string,
  event: WebhookEvent,
  opts: WebhookOptions = {},
): Promise<WebhookAnswer> {
  const timeoutMs = opts.timeoutMs ?? Number(process.env.WEBHOOK_TIMEOUT_MS || 5000)
  const backoff = opts.backoffMs ?? [1000, 3000, 9000]
  const body = JSON.stringify(event)
  let last = ''
  for (let attempt = 0; attempt <= backoff.length; attempt++) {
    if (attempt) await sleep(backoff[attempt - 1])
    let res: Response
    try {
      // Judged on every call, at connect: a name that resolved publicly when saved may point inside now.
      res = await guardedFetch(
        url,
        {
          method: 'POST',
          signal: AbortSignal.timeout(timeoutMs),
          headers: {
            'content-type': 'application/json',
            'user-agent': 'Atende-Webhook/1',
            'x-atende-signature': sign(secret, body),
            'x-atende-timestamp': String(event.timestamp),
            'x-atende-event-id': event.eventId,
          },
          body,
        },
        { field: 'urlN8N' },
      )
    } catch (err) {
      if (isAppError(err)) throw err
      last = (err as Error).name === 'TimeoutError' ? `no answer in ${timeoutMs} ms` : 'could not connect'
      continue
    }
    const text = await res.text().catch(() => '')
    if (res.status === 429 || res.status >= 500) {
      last = `answered HTTP ${res.status}`
      continue
    }
    if (res.status < 200 || res.status >= 300) throw new WebhookFailure(`answered HTTP ${res.status}`)
    return parseAnswer(text)
  }
  throw new WebhookFailure(last, true)
}
