import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createVerify, generateKeyPairSync } from 'node:crypto'

export const GOOGLE_TOKEN_URI = 'https://oauth2.googleapis.com/token'

/** A service account of the fake: its key JSON (as an admin pastes it) and its public half. */
export function serviceAccount(email = 'bot@agente.iam.gserviceaccount.com') {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  })
  const json = JSON.stringify({
    type: 'service_account',
    project_id: 'agente',
    private_key_id: 'k1',
    private_key: privateKey,
    client_email: email,
    token_uri: GOOGLE_TOKEN_URI,
  })
  return { json, publicKey, email }
}

export interface DetectCall {
  project: string
  session: string
  body: any
}
export type Detect = (call: DetectCall) => { status?: number; json?: unknown; hang?: boolean }

/**
 * A local stand-in for Google: the token endpoint checks the JWT bearer grant (RS256 signature with
 * the account's public key, iss, scope, aud, expiry) and issues tokens; detectIntent takes only those
 * tokens, knows only the projects it was given, and answers as the test scripts.
 */
export function fakeDialogflow() {
  const accounts = new Map<string, string>() // email → public key
  const projects = new Set<string>()
  const issued = new Set<string>()
  const tokenCalls: { verified: boolean; claims: any }[] = []
  const detects: DetectCall[] = []
  let detect: Detect = () => ({ json: { queryResult: { fulfillmentMessages: [] } } })
  let seq = 0
  const json = (res: ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
  const server: Server = createServer((req: IncomingMessage, res) => {
    let raw = ''
    req.on('data', (d) => (raw += d))
    req.on('end', () => {
      if (req.url === '/token') {
        const form = new URLSearchParams(raw)
        const [head, claims, sig] = (form.get('assertion') ?? '').split('.')
        let parsed: any = null
        let verified = false
        try {
          parsed = JSON.parse(Buffer.from(claims, 'base64url').toString())
          const key = accounts.get(parsed.iss)
          verified =
            !!key &&
            JSON.parse(Buffer.from(head, 'base64url').toString()).alg === 'RS256' &&
            createVerify('RSA-SHA256').update(`${head}.${claims}`).verify(key, Buffer.from(sig, 'base64url')) &&
            parsed.scope === 'https://www.googleapis.com/auth/dialogflow' &&
            parsed.aud === GOOGLE_TOKEN_URI &&
            parsed.exp > Date.now() / 1000 &&
            form.get('grant_type') === 'urn:ietf:params:oauth:grant-type:jwt-bearer'
        } catch {
          verified = false
        }
        tokenCalls.push({ verified, claims: parsed })
        if (!verified) return json(res, 400, { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' })
        const token = `tok-${++seq}`
        issued.add(token)
        return json(res, 200, { access_token: token, expires_in: 3599, token_type: 'Bearer' })
      }
      const m = /^\/v2\/projects\/([^/]+)\/agent\/sessions\/([^/]+):detectIntent$/.exec(req.url ?? '')
      if (!m) return json(res, 404, { error: { code: 404 } })
      const token = (req.headers.authorization ?? '').replace(/^Bearer /, '')
      if (!issued.has(token)) return json(res, 401, { error: { code: 401, status: 'UNAUTHENTICATED' } })
      const project = decodeURIComponent(m[1])
      if (!projects.has(project)) return json(res, 404, { error: { code: 404, status: 'NOT_FOUND' } })
      const call = { project, session: decodeURIComponent(m[2]), body: JSON.parse(raw) }
      detects.push(call)
      const reply = detect(call)
      if (reply.hang) return
      json(res, reply.status ?? 200, reply.json ?? {})
    })
  })
  return {
    tokenCalls,
    detects,
    allow: (account: { email: string; publicKey: string }, project: string) => {
      accounts.set(account.email, account.publicKey)
      projects.add(project)
    },
    answer: (fn: Detect) => (detect = fn),
    async start() {
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    },
    close: () => {
      server.closeAllConnections()
      return new Promise((r) => server.close(r))
    },
  }
}

/** detectIntent's answer with these texts; `end` as REST gives it, or as a protobuf Struct. */
export const said = (texts: string[], end?: 'json' | 'struct') => ({
  json: {
    responseId: 'r1',
    queryResult: {
      queryText: 'x',
      fulfillmentMessages: texts.map((t) => ({ text: { text: [t] } })),
      intent: { displayName: 'intent' },
      ...(end === 'json' ? { diagnosticInfo: { end_conversation: true } } : {}),
      ...(end === 'struct' ? { diagnosticInfo: { fields: { end_conversation: { boolValue: true } } } } : {}),
    },
  },
})
