/**
 * Outbound requests to addresses a tenant typed (webhooks, bots, media links): the SSRF guard.
 * Node-only (DNS).
 */
import { lookup } from 'node:dns/promises'
import { isIP } from 'node:net'
import { AppError } from './errors.ts'

/** Loopback, private, link-local, unique-local and unspecified addresses: never fetched for a user. */
export function isPrivateAddress(ip: string): boolean {
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip
  if (isIP(v4) === 4) {
    const [a, b] = v4.split('.').map(Number)
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 100 && b >= 64 && b <= 127) ||
      a >= 224
    )
  }
  const v6 = ip.toLowerCase()
  return (
    v6 === '::' ||
    v6 === '::1' ||
    v6.startsWith('fc') ||
    v6.startsWith('fd') ||
    v6.startsWith('fe8') ||
    v6.startsWith('fe9') ||
    v6.startsWith('fea') ||
    v6.startsWith('feb')
  )
}

/** Link-local (cloud metadata at 169.254.169.254) and unspecified: refused even for an allowed host. */
const alwaysRefused = (ip: string) => {
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip
  return v4.startsWith('169.254.') || v4 === '0.0.0.0' || /^fe[89ab]/i.test(ip) || ip === '::'
}

/** OUTBOUND_ALLOWED_HOSTS: hostnames or addresses, comma-separated, let past the private-address rule. */
export function outboundAllowedHosts(env: NodeJS.ProcessEnv = process.env): Set<string> {
  return new Set(
    (env.OUTBOUND_ALLOWED_HOSTS ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
  )
}

/**
 * Checks a tenant's URL before a request: http(s) only, and every address its host resolves to
 * public — unless the host is in `allowed` (then private addresses pass, link-local never).
 * Throws a 400 `ERR_OUTBOUND_URL_REFUSED` naming `field`. (The resolution is checked, then the
 * request resolves again: a host that changes its answer in between is a known limit.)
 */
export async function assertPublicUrl(url: string, field: string, allowed = outboundAllowedHosts()): Promise<URL> {
  const refuse = (why: string) => new AppError('ERR_OUTBOUND_URL_REFUSED', 400, `${field}: ${why}`, { field })
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw refuse('not a URL')
  }
  if (!/^https?:$/.test(parsed.protocol)) throw refuse('must be an http(s) URL')
  const host = parsed.hostname.replace(/^\[|\]$/g, '').toLowerCase()
  let addresses: string[]
  try {
    addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((a) => a.address)
  } catch {
    throw refuse(`host ${host} not found`)
  }
  if (!addresses.length || addresses.some(alwaysRefused))
    throw refuse('link-local and unspecified addresses are refused')
  if (!allowed.has(host) && addresses.some(isPrivateAddress)) throw refuse('private and local addresses are refused')
  return parsed
}
