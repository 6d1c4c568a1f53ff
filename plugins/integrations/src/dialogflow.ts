/**
 * The Dialogflow ES client over REST, no Google SDK:
 * - the service-account key signs a JWT (RS256, node:crypto; iss = client_email, scope dialogflow,
 *   aud = token_uri) exchanged at the key's token_uri (DIALOGFLOW_TOKEN_URL overrides it) for an
 *   access token, cached per key (by its hash) until a minute before it expires;
 * - detectIntent: POST {DIALOGFLOW_BASE_URL}/v2/projects/{project}/agent/sessions/{session}:detectIntent
 *   with a text, or a voice note (OGG_OPUS, 16 kHz, base64).
 * The key only ever lives in memory: never written to disk, never logged. Every URL passes the SSRF
 * guard (a tenant's key names its token_uri). DIALOGFLOW_TIMEOUT_MS (10 s) per call,
 * DIALOGFLOW_RETRY_MS (500,2000) the pauses before retrying network errors, timeouts, 429 and 5xx.
 */
import { createHash, createSign } from 'node:crypto'
import { EngineFailure, pauses, postJson } from './http.ts'

export type DialogflowErrorCode =
  | 'ERR_DIALOGFLOW_KEY_INVALID'
  | 'ERR_DIALOGFLOW_UNAUTHORIZED'
  | 'ERR_DIALOGFLOW_PROJECT_NOT_FOUND'
  | 'ERR_DIALOGFLOW_TIMEOUT'
  | 'ERR_DIALOGFLOW_FAILED'

export class DialogflowFailure extends Error {
  constructor(
    readonly code: DialogflowErrorCode,
    message: string,
  ) {
    super(message)
  }
}

export interface ServiceAccount {
  client_email: string
  private_key: string
  token_uri: string
}

export type DialogflowQuery = { text: string } | { audio: Buffer }
export interface DialogflowReply {
  texts: string[]
  endConversation: boolean
  intent: string
}

const GOOGLE_TOKEN_URI = 'https://oauth2.googleapis.com/token'
const SCOPE = 'https://www.googleapis.com/auth/dialogflow'
const options = () => ({
  timeoutMs: Number(process.env.DIALOGFLOW_TIMEOUT_MS || 10_000),
  backoffMs: pauses(process.env.DIALOGFLOW_RETRY_MS, '500,2000'),
  field: 'jsonContent',
})
const base = () => (process.env.DIALOGFLOW_BASE_URL || 'https://dialogflow.googleapis.com').replace(/\/+$/, '')

export function parseKey(jsonContent: string): ServiceAccount {
  let key: Partial<ServiceAccount>
  try {
    key = JSON.parse(jsonContent) as Partial<ServiceAccount>
  } catch {
    throw new DialogflowFailure('ERR_DIALOGFLOW_KEY_INVALID', 'the service-account key is not JSON')
  }
  if (typeof key?.client_email !== 'string' || typeof key.private_key !== 'string')
    throw new DialogflowFailure('ERR_DIALOGFLOW_KEY_INVALID', 'the key has no client_email or private_key')
  return {
    client_email: key.client_email,
    private_key: key.private_key,
    token_uri: typeof key.token_uri === 'string' && key.token_uri ? key.token_uri : GOOGLE_TOKEN_URI,
  }
}

const b64 = (v: string | Buffer) => Buffer.from(v).toString('base64url')

/** The signed assertion of Google's JWT bearer grant (RFC 7523). */
export function assertion(key: ServiceAccount, aud: string, now = Math.floor(Date.now() / 1000)): string {
  const head = b64(JSON.stringify({ alg: 'RS256', typ: 'JWT' }))
  const claims = b64(JSON.stringify({ iss: key.client_email, scope: SCOPE, aud, iat: now, exp: now + 3600 }))
  try {
    const sig = createSign('RSA-SHA256').update(`${head}.${claims}`).sign(key.private_key)
    return `${head}.${claims}.${b64(sig)}`
  } catch {
    throw new DialogflowFailure('ERR_DIALOGFLOW_KEY_INVALID', 'the private_key cannot sign (not a PEM RSA key)')
  }
}

const tokens = new Map<string, { token: string; until: number }>()

const failure = (err: unknown, what: string): never => {
  if (err instanceof DialogflowFailure) throw err
  if (err instanceof EngineFailure && err.timedOut)
    throw new DialogflowFailure('ERR_DIALOGFLOW_TIMEOUT', `${what}: ${err.message}`)
  const code = (err as { code?: string }).code
  if (code === 'ERR_OUTBOUND_URL_REFUSED')
    throw new DialogflowFailure('ERR_DIALOGFLOW_FAILED', `${what}: address refused`)
  throw new DialogflowFailure('ERR_DIALOGFLOW_FAILED', `${what}: ${(err as Error).message}`)
}

async function accessToken(key: ServiceAccount): Promise<string> {
  const id = createHash('sha256').update(`${key.client_email}\n${key.private_key}\n${key.token_uri}`).digest('hex')
  const cached = tokens.get(id)
  if (cached && cached.until > Date.now()) return cached.token
  const uri = process.env.DIALOGFLOW_TOKEN_URL || key.token_uri
  const form = new URLSearchParams({
    grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
    assertion: assertion(key, key.token_uri),
  })
  const res = await postJson(uri, form.toString(), options()).catch((err) => failure(err, 'token'))
  const data = res.data as { access_token?: unknown; expires_in?: unknown; error_description?: unknown } | null
  if (res.status === 400 || res.status === 401 || res.status === 403)
    throw new DialogflowFailure(
      'ERR_DIALOGFLOW_UNAUTHORIZED',
      `the key was refused (HTTP ${res.status}${typeof data?.error_description === 'string' ? `: ${data.error_description.slice(0, 200)}` : ''})`,
    )
  if (res.status !== 200 || typeof data?.access_token !== 'string')
    throw new DialogflowFailure('ERR_DIALOGFLOW_FAILED', `token: answered HTTP ${res.status} without a token`)
  const ttl = Number(data.expires_in) || 3600
  if (tokens.size > 1000) tokens.clear() // keys of deleted integrations are not kept forever
  tokens.set(id, { token: data.access_token, until: Date.now() + (ttl - 60) * 1000 })
  return data.access_token
}

/** A protobuf Struct (`{ fields: { x: { boolValue } } }`, as gRPC clients give it) or plain JSON, as plain JSON. */
export function plainJson(v: unknown): unknown {
  if (!v || typeof v !== 'object') return v
  if (Array.isArray(v)) return v.map(plainJson)
  const o = v as Record<string, unknown>
  if (o.fields && typeof o.fields === 'object' && Object.keys(o).length === 1)
    return Object.fromEntries(Object.entries(o.fields as object).map(([k, x]) => [k, plainJson(x)]))
  for (const kind of ['stringValue', 'numberValue', 'boolValue'])
    if (kind in o && Object.keys(o).length <= 2) return o[kind]
  if ('nullValue' in o) return null
  if ('structValue' in o) return plainJson(o.structValue)
  if ('listValue' in o) return plainJson((o.listValue as { values?: unknown[] })?.values ?? [])
  return Object.fromEntries(Object.entries(o).map(([k, x]) => [k, plainJson(x)]))
}

/** Dialogflow keeps a session 20 minutes and takes at most 36 bytes: one per company, integration and contact. */
export const sessionOf = (companyId: number, integrationId: number, contactId: number | string) =>
  createHash('sha1').update(`${companyId}:${integrationId}:${contactId}`).digest('hex').slice(0, 32)

export async function detectIntent(
  jsonContent: string,
  project: string,
  session: string,
  languageCode: string,
  query: DialogflowQuery,
): Promise<DialogflowReply> {
  const key = parseKey(jsonContent)
  const token = await accessToken(key)
  const body =
    'text' in query
      ? { queryInput: { text: { text: query.text.slice(0, 256), languageCode } } } // Dialogflow's limit
      : {
          queryInput: {
            audioConfig: { audioEncoding: 'AUDIO_ENCODING_OGG_OPUS', sampleRateHertz: 16000, languageCode },
          },
          inputAudio: query.audio.toString('base64'),
        }
  const url = `${base()}/v2/projects/${encodeURIComponent(project)}/agent/sessions/${encodeURIComponent(session)}:detectIntent`
  const res = await postJson(url, body, { ...options(), headers: { authorization: `Bearer ${token}` } }).catch((err) =>
    failure(err, 'detectIntent'),
  )
  if (res.status === 401 || res.status === 403)
    throw new DialogflowFailure('ERR_DIALOGFLOW_UNAUTHORIZED', `the agent refused the key (HTTP ${res.status})`)
  if (res.status === 404)
    throw new DialogflowFailure('ERR_DIALOGFLOW_PROJECT_NOT_FOUND', `no agent in project "${project}" (HTTP 404)`)
  if (res.status !== 200)
    throw new DialogflowFailure('ERR_DIALOGFLOW_FAILED', `detectIntent: answered HTTP ${res.status}`)
  const result = (res.data as { queryResult?: Record<string, unknown> } | null)?.queryResult
  if (!result || typeof result !== 'object')
    throw new DialogflowFailure('ERR_DIALOGFLOW_FAILED', 'the answer has no queryResult')
  const texts: string[] = []
  for (const m of Array.isArray(result.fulfillmentMessages) ? result.fulfillmentMessages : []) {
    const lines = (m as { text?: { text?: unknown } })?.text?.text
    if (Array.isArray(lines)) for (const l of lines) if (typeof l === 'string' && l.trim()) texts.push(l.trim())
  }
  if (!texts.length && typeof result.fulfillmentText === 'string' && result.fulfillmentText.trim())
    texts.push(result.fulfillmentText.trim())
  const diagnostic = plainJson(result.diagnosticInfo) as { end_conversation?: unknown } | undefined
  return {
    texts,
    endConversation: diagnostic?.end_conversation === true,
    intent: String((result.intent as { displayName?: unknown } | undefined)?.displayName ?? ''),
  }
}
