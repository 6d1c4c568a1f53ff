/**
 * The Typebot client: Chat API v1, published bots.
 *   POST {url}/api/v1/typebots/{slug}/startChat   { prefilledVariables, textBubbleContentFormat: "markdown", isStreamEnabled: false, isOnlyRegistering: false }
 *   POST {url}/api/v1/sessions/{sessionId}/continueChat   { message: { type: "text", text } }
 * No Swagger placeholders ("string") ever: the first customer message is not an answer to anything.
 * TYPEBOT_TIMEOUT_MS (10 s) per call; TYPEBOT_RETRY_MS (500,2000) the pauses before retrying a
 * network error, timeout, 429 or 5xx. A continue answered 404 means the session is gone
 * (TypebotGone: start a new one); another 4xx means the answer was refused (status kept).
 */
import { EngineFailure, pauses, postJson } from './http.ts'

export interface TypebotMessage {
  id?: string
  type: string
  content?: Record<string, unknown>
}
export interface TypebotAction {
  type: string
  lastBubbleBlockId?: string
  wait?: { secondsToWaitFor?: number }
}
export interface TypebotInput {
  type: string
  items?: { id?: string; content?: string; title?: string }[]
}
export interface TypebotAnswer {
  sessionId?: string
  messages: TypebotMessage[]
  input: TypebotInput | null
  clientSideActions: TypebotAction[]
}

export class TypebotGone extends Error {}

const options = () => ({
  timeoutMs: Number(process.env.TYPEBOT_TIMEOUT_MS || 10_000),
  backoffMs: pauses(process.env.TYPEBOT_RETRY_MS, '500,2000'),
  field: 'urlN8N',
})

const base = (url: string) => url.replace(/\/+$/, '')

function parse(status: number, data: unknown): TypebotAnswer {
  if (status < 200 || status >= 300) {
    const msg = (data as { message?: unknown } | null)?.message
    throw new EngineFailure(`answered HTTP ${status}${typeof msg === 'string' ? `: ${msg.slice(0, 200)}` : ''}`, status)
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) throw new EngineFailure('the answer is not JSON')
  const d = data as Record<string, unknown>
  if (d.messages !== undefined && !Array.isArray(d.messages)) throw new EngineFailure('"messages" is not a list')
  const input = d.input && typeof d.input === 'object' ? (d.input as TypebotInput) : null
  return {
    sessionId: typeof d.sessionId === 'string' ? d.sessionId : undefined,
    messages: ((d.messages as TypebotMessage[] | undefined) ?? []).filter((m) => m && typeof m.type === 'string'),
    input,
    clientSideActions: Array.isArray(d.clientSideActions) ? (d.clientSideActions as TypebotAction[]) : [],
  }
}

export async function startChat(
  url: string,
  slug: string,
  prefilledVariables: Record<string, string>,
): Promise<TypebotAnswer & { sessionId: string }> {
  const res = await postJson(
    `${base(url)}/api/v1/typebots/${encodeURIComponent(slug)}/startChat`,
    { prefilledVariables, textBubbleContentFormat: 'markdown', isStreamEnabled: false, isOnlyRegistering: false },
    options(),
  )
  if (res.status === 404) throw new EngineFailure(`no published typebot "${slug}" (HTTP 404)`, 404)
  const answer = parse(res.status, res.data)
  if (!answer.sessionId) throw new EngineFailure('the answer has no sessionId')
  return answer as TypebotAnswer & { sessionId: string }
}

export async function continueChat(url: string, sessionId: string, text: string): Promise<TypebotAnswer> {
  const res = await postJson(
    `${base(url)}/api/v1/sessions/${encodeURIComponent(sessionId)}/continueChat`,
    { message: { type: 'text', text } },
    options(),
  )
  if (res.status === 404) throw new TypebotGone(sessionId)
  return parse(res.status, res.data)
}
