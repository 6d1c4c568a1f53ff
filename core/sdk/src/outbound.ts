/**
 * The one fetch for addresses a tenant typed (webhooks, n8n, Typebot, Dialogflow and the token URL
 * its key names, media by URL). The rule of net.ts is applied to the address the socket actually
 * connects to: the host is resolved inside the connection's own lookup, every answer judged, and the
 * socket given exactly those answers — a name that turns private between a check and the connect
 * (DNS rebinding) is refused there. IP literals, which sockets never look up, are judged before.
 * Redirects are returned as they are (`redirect: 'manual'`) unless `maxRedirects` is set; then each
 * hop is judged again. Node-only.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import { isIP, type LookupFunction } from 'node:net'
import { Agent, fetch as undiciFetch } from 'undici'
import { AppError } from './errors.ts'
import { hostOf, outboundAllowedHosts, refusalFor, type OutboundRule } from './net.ts'

export interface GuardedRequest extends OutboundRule {
  /** The input field named in the 400 when the address is refused. */
  field: string
  /** The error code of a refusal (default ERR_OUTBOUND_URL_REFUSED). */
  code?: string
  /** Redirects followed, each judged again (default 0: a 3xx is answered as it is). */
  maxRedirects?: number
  /** Tests only: resolves names instead of the system's resolver. */
  resolve?: (host: string) => Promise<LookupAddress[]>
}

/** Raised inside the connection's lookup; guardedFetch turns it into the caller's 400. */
class Refusal extends Error {}

const systemResolve = (host: string) =>
  new Promise<LookupAddress[]>((done, fail) =>
    dnsLookup(host, { all: true }, (err, addresses) => (err ? fail(err) : done(addresses))),
  )

function guardedLookup(rule: OutboundRule, resolve: GuardedRequest['resolve'] = systemResolve): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname)
      .then((found) => {
        const usable = options.family ? found.filter((a) => a.family === options.family) : found
        const why = refusalFor(
          hostname,
          usable.map((a) => a.address),
          rule,
        )
        if (why) return callback(new Refusal(why), '', 0)
        if (options.all) return (callback as (e: null, a: LookupAddress[]) => void)(null, usable)
        callback(null, usable[0].address, usable[0].family)
      })
      .catch((err: NodeJS.ErrnoException) => callback(err, '', 0))
  }
}

// One connection pool per rule, so a socket opened under a looser rule never serves a stricter one.
const agents = new Map<string, Agent>()
function agentFor(req: GuardedRequest): Agent {
  const rule: OutboundRule = { allowPrivate: req.allowPrivate, allowed: req.allowed ?? outboundAllowedHosts() }
  if (req.resolve) return new Agent({ connect: { lookup: guardedLookup(rule, req.resolve) } })
  const key = `${rule.allowPrivate ? 1 : 0}|${[...rule.allowed!].sort().join(',')}`
  let agent = agents.get(key)
  if (!agent) agents.set(key, (agent = new Agent({ connect: { lookup: guardedLookup(rule) } })))
  return agent
}

const refusalIn = (err: unknown): Refusal | null => {
  for (let e = err; e instanceof Error; e = e.cause) if (e instanceof Refusal) return e
  return null
}

/** Judges a URL's form and, for an IP literal, its address. Answers the reason it is refused, or null. */
function refusalOfUrl(url: URL, req: GuardedRequest): string | null {
  if (!/^https?:$/.test(url.protocol)) return 'must be an http(s) URL'
  const host = hostOf(url)
  return isIP(host) ? refusalFor(host, [host], { allowPrivate: req.allowPrivate, allowed: req.allowed }) : null
}

/**
 * fetch() for a tenant's address. A refused address (at any hop) throws a 400 with `code`, naming
 * `field`; network errors and timeouts throw as fetch's do (callers retry those).
 */
export async function guardedFetch(url: string | URL, init: RequestInit, req: GuardedRequest): Promise<Response> {
  const refuse = (why: string) =>
    new AppError(req.code ?? 'ERR_OUTBOUND_URL_REFUSED', 400, `${req.field}: ${why}`, { field: req.field })
  let current: URL
  try {
    current = new URL(url)
  } catch {
    throw refuse('not a URL')
  }
  const dispatcher = agentFor(req)
  let { method = 'GET', body } = init
  const headers = new Headers(init.headers)
  for (let hop = 0; ; hop++) {
    const why = refusalOfUrl(current, req)
    if (why) throw refuse(why)
    let res: Response
    try {
      res = (await undiciFetch(current, {
        ...(init as object),
        method,
        headers: Object.fromEntries(headers),
        body: body as never,
        redirect: 'manual',
        dispatcher,
      })) as unknown as Response
    } catch (err) {
      const refusal = refusalIn(err)
      if (refusal) throw refuse(refusal.message)
      throw err
    }
    const location = res.status >= 300 && res.status < 400 ? res.headers.get('location') : null
    if (!location || hop >= (req.maxRedirects ?? 0)) return res
    await res.body?.cancel()
    const next = new URL(location, current)
    // Credentials never follow to another origin; 303 (and 301/302 after a POST) become a GET.
    if (next.origin !== current.origin) headers.delete('authorization')
    if (res.status === 303 || ((res.status === 301 || res.status === 302) && method === 'POST')) {
      method = 'GET'
      body = undefined
      headers.delete('content-type')
    }
    current = next
  }
}
