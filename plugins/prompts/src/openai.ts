/**
 * An OpenAI-compatible client (chat completions and transcriptions) over fetch, so the base URL is
 * the deployment's (OPENAI_BASE_URL; tests point it at a local server speaking the protocol).
 * What the anchors get wrong and this does not: temperature stays a float; newer
 * reasoning models get `max_completion_tokens` and no temperature; a transfer to people is a tool
 * call, not a phrase the reply happens to contain; 429 `insufficient_quota` is final while a rate
 * limit is retried; voice notes are uploaded as `audio.ogg` (the extension decides the format).
 */
export type Role = 'system' | 'user' | 'assistant'
export interface Turn {
  role: Role
  content: string
}
export interface ChatInput {
  apiKey: string
  model: string
  messages: Turn[]
  maxTokens: number
  temperature: number
}
export interface ChatAnswer {
  text: string
  /** The model asked to hand the customer to people (the transfer_to_human tool). */
  handoff: { reason: string } | null
}

/** Why a call failed, in the words an attendant reads on the ticket. */
export type FailureKind = 'auth' | 'quota' | 'config' | 'unavailable' | 'malformed'
export class AiFailure extends Error {
  constructor(
    readonly kind: FailureKind,
    message: string,
  ) {
    super(message)
  }
}

export const TRANSCRIBE_MAX_BYTES = 25 * 1024 * 1024
const HANDOFF_TOOL = 'transfer_to_human'
const tools = [
  {
    type: 'function',
    function: {
      name: HANDOFF_TOOL,
      description:
        'Hand the conversation to a human attendant: when the customer asks for a person, or when you cannot help with what they need.',
      parameters: {
        type: 'object',
        properties: { reason: { type: 'string', description: 'Why, in a few words, for the attendant.' } },
        required: [],
      },
    },
  },
]

const baseUrl = () => (process.env.OPENAI_BASE_URL || 'https://api.openai.com/v1').replace(/\/+$/, '')
const timeoutMs = () => Number(process.env.OPENAI_TIMEOUT_MS || 30_000)
/** OPENAI_RETRY_MS: pauses before each retry of a rate limit, 5xx or timeout (default 1 s, 4 s). */
const backoff = () =>
  (process.env.OPENAI_RETRY_MS ?? '1000,4000')
    .split(',')
    .map(Number)
    .filter((n) => Number.isFinite(n) && n >= 0)
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Reasoning models (o1, o3, o4-mini, gpt-5…) take max_completion_tokens and refuse a temperature. */
const reasoning = (model: string) => /^(o\d|gpt-5)/.test(model)

async function call(path: string, apiKey: string, init: { body: string | FormData; json: boolean }): Promise<unknown> {
  let last: AiFailure = new AiFailure('unavailable', 'no answer')
  const pauses = backoff()
  for (let attempt = 0; attempt <= pauses.length; attempt++) {
    if (attempt) await sleep(pauses[attempt - 1])
    let res: Response
    try {
      // eslint-disable-next-line no-restricted-globals -- the deployment's OpenAI (OPENAI_BASE_URL), no tenant's address
      res = await fetch(`${baseUrl()}${path}`, {
        method: 'POST',
        signal: AbortSignal.timeout(timeoutMs()),
        headers: {
          authorization: `Bearer ${apiKey}`,
          ...(init.json ? { 'content-type': 'application/json' } : {}),
        },
        body: init.body,
      })
    } catch (err) {
      last = new AiFailure(
        'unavailable',
        (err as Error).name === 'TimeoutError'
          ? `OpenAI did not answer in ${timeoutMs()} ms`
          : 'OpenAI could not be reached',
      )
      continue
    }
    const text = await res.text().catch(() => '')
    let data: unknown = null
    try {
      data = text ? JSON.parse(text) : null
    } catch {
      data = null
    }
    if (res.ok) {
      if (data === null) throw new AiFailure('malformed', 'OpenAI answered something that is not JSON')
      return data
    }
    const error = (data as { error?: { code?: string; type?: string; message?: string } } | null)?.error
    const detail = error?.message ? `: ${error.message.slice(0, 200)}` : ''
    if (res.status === 401 || res.status === 403)
      throw new AiFailure('auth', `OpenAI refused the key (HTTP ${res.status})`)
    if (res.status === 429 && (error?.code === 'insufficient_quota' || error?.type === 'insufficient_quota'))
      throw new AiFailure('quota', 'The OpenAI account has no quota left')
    if (res.status === 429 || res.status >= 500) {
      last = new AiFailure('unavailable', `OpenAI answered HTTP ${res.status}${detail}`)
      const retryAfter = Number(res.headers.get('retry-after'))
      if (res.status === 429 && retryAfter > 0 && retryAfter <= 30 && attempt < pauses.length)
        await sleep(retryAfter * 1000 - (pauses[attempt] ?? 0))
      continue
    }
    throw new AiFailure('config', `OpenAI refused the request (HTTP ${res.status})${detail}`)
  }
  throw last
}

export async function chat(input: ChatInput): Promise<ChatAnswer> {
  const body = {
    model: input.model,
    messages: input.messages,
    tools,
    ...(reasoning(input.model)
      ? { max_completion_tokens: input.maxTokens }
      : { max_tokens: input.maxTokens, temperature: input.temperature }),
  }
  const data = (await call('/chat/completions', input.apiKey, { body: JSON.stringify(body), json: true })) as {
    choices?: { message?: { content?: unknown; tool_calls?: { function?: { name?: string; arguments?: string } }[] } }[]
  }
  const message = data.choices?.[0]?.message
  if (!message) throw new AiFailure('malformed', 'OpenAI answered without a choice')
  const text = typeof message.content === 'string' ? message.content.trim() : ''
  const handoffCall = message.tool_calls?.find((c) => c.function?.name === HANDOFF_TOOL)
  if (handoffCall) {
    let reason = ''
    try {
      reason = String((JSON.parse(handoffCall.function?.arguments || '{}') as { reason?: unknown }).reason ?? '')
    } catch {
      reason = ''
    }
    return { text, handoff: { reason: reason.slice(0, 300) } }
  }
  if (!text) throw new AiFailure('malformed', 'OpenAI answered an empty reply')
  return { text, handoff: null }
}

/** A voice note to text (Whisper or a newer transcribe model: OPENAI_TRANSCRIBE_MODEL). */
export async function transcribe(apiKey: string, audio: Buffer, mimetype = 'audio/ogg'): Promise<string> {
  if (audio.length > TRANSCRIBE_MAX_BYTES) throw new AiFailure('config', 'The voice note is over 25 MB')
  const form = new FormData()
  form.append('model', process.env.OPENAI_TRANSCRIBE_MODEL || 'whisper-1')
  // Named .ogg whatever the type: `.opus` is refused for the same bytes.
  form.append('file', new Blob([new Uint8Array(audio)], { type: mimetype }), 'audio.ogg')
  const data = (await call('/audio/transcriptions', apiKey, { body: form, json: false })) as { text?: unknown }
  if (typeof data.text !== 'string') throw new AiFailure('malformed', 'OpenAI answered a transcription without text')
  return data.text.trim()
}
