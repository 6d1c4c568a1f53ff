/**
 * Which addresses a request made for a tenant may reach (the SSRF rule). Node-only (DNS).
 *
 * An address is judged in its parsed form, never by its text: every IPv6 spelling of an IPv4
 * address (mapped `::ffff:a.b.c.d`, translated `::ffff:0:a.b.c.d`, compatible `::a.b.c.d`, NAT64
 * `64:ff9b::/96`, 6to4 `2002::/16`, Teredo) is private, and forbidden when the IPv4 inside is.
 * The fetch that applies this at connect time is `guardedFetch` (outbound.ts).
 */
import { lookup } from 'node:dns/promises'
import { BlockList, isIP } from 'node:net'
import { AppError } from './errors.ts'

/** public: anyone may reach it; private: only a host the deployment allows; forbidden: never. */
export type AddressClass = 'public' | 'private' | 'forbidden'

// One list per family: Node matches an IPv4 address against IPv6 rules as its mapped form, so
// a mixed list would call every IPv4 address private by the ::ffff:0:0/96 rule.
const ranges = (list: string[]) => {
  const v4 = new BlockList()
  const v6 = new BlockList()
  for (const cidr of list) {
    const [net, bits] = cidr.split('/')
    if (isIP(net) === 4) v4.addSubnet(net, Number(bits), 'ipv4')
    else v6.addSubnet(net, Number(bits), 'ipv6')
  }
  return { check: (ip: string, family: 'ipv4' | 'ipv6') => (family === 'ipv4' ? v4 : v6).check(ip, family) }
}

/** Cloud metadata, link-local and "this network": refused even for an allowed host. */
const FORBIDDEN = ranges([
  '0.0.0.0/8',
  '169.254.0.0/16', // link-local, metadata at 169.254.169.254
  '100.100.100.200/32', // Alibaba Cloud metadata
  '::/128',
  'fe80::/10',
  'fd00:ec2::254/128', // AWS metadata over IPv6
])

/** Loopback, private, shared, reserved, documentation, multicast and every translation range. */
const PRIVATE = ranges([
  '10.0.0.0/8',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '172.16.0.0/12',
  '192.0.0.0/24',
  '192.0.2.0/24',
  '192.88.99.0/24',
  '192.168.0.0/16',
  '198.18.0.0/15',
  '198.51.100.0/24',
  '203.0.113.0/24',
  '224.0.0.0/4',
  '240.0.0.0/4',
  '::1/128',
  '::/96', // IPv4-compatible
  '::ffff:0:0/96', // IPv4-mapped
  '::ffff:0:0:0/96', // IPv4-translated
  '64:ff9b::/96', // NAT64
  '64:ff9b:1::/48', // local NAT64
  '100::/64', // discard
  '2001::/23', // IETF protocols, Teredo among them
  '2001:db8::/32', // documentation
  '2002::/16', // 6to4
  'fc00::/7', // unique-local
  'fec0::/10', // site-local
  'ff00::/8', // multicast
])

/** The 16 bytes of an IPv6 address (zone dropped, a trailing dotted quad allowed), or null. */
function ipv6Bytes(ip: string): number[] | null {
  const text = ip.replace(/%.*$/, '')
  if (isIP(text) !== 6) return null
  let groups: number[] = []
  const parse = (part: string) => {
    if (!part) return []
    const out: number[] = []
    for (const g of part.split(':')) {
      if (g.includes('.')) {
        const [a, b, c, d] = g.split('.').map(Number)
        out.push((a << 8) | b, (c << 8) | d)
      } else out.push(parseInt(g, 16))
    }
    return out
  }
  const [head, tail] = text.split('::')
  if (tail === undefined) groups = parse(head)
  else {
    const h = parse(head)
    const t = parse(tail)
    groups = [...h, ...Array<number>(8 - h.length - t.length).fill(0), ...t]
  }
  return groups.flatMap((g) => [g >> 8, g & 0xff])
}

const quad = (b: number[]) => b.join('.')

/** The IPv4 address an IPv6 one carries by a translation scheme, if any. */
function embeddedIpv4(bytes: number[]): string | null {
  const zero = (from: number, to: number) => bytes.slice(from, to).every((b) => b === 0)
  const last = bytes.slice(12, 16)
  if (zero(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return quad(last) // ::ffff:a.b.c.d
  if (zero(0, 8) && bytes[8] === 0xff && bytes[9] === 0xff && zero(10, 12)) return quad(last) // ::ffff:0:a.b.c.d
  if (zero(0, 12) && !(zero(12, 15) && bytes[15] <= 1)) return quad(last) // ::a.b.c.d (not :: or ::1)
  if (bytes[0] === 0x00 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b) return quad(last) // NAT64
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return quad(bytes.slice(2, 6)) // 6to4
  if (bytes[0] === 0x20 && bytes[1] === 0x01 && bytes[2] === 0 && bytes[3] === 0) return quad(last.map((b) => b ^ 0xff)) // Teredo client
  return null
}

/** Judges one address (any spelling Node's parser takes). Not an address at all: forbidden. */
export function classifyAddress(ip: string): AddressClass {
  const text = ip.replace(/^\[|\]$/g, '')
  const family = isIP(text.replace(/%.*$/, ''))
  if (family === 4) {
    if (FORBIDDEN.check(text, 'ipv4')) return 'forbidden'
    return PRIVATE.check(text, 'ipv4') ? 'private' : 'public'
  }
  const bytes = family === 6 ? ipv6Bytes(text) : null
  if (!bytes) return 'forbidden'
  const canonical = Array.from({ length: 8 }, (_, i) => ((bytes[2 * i] << 8) | bytes[2 * i + 1]).toString(16)).join(':')
  if (FORBIDDEN.check(canonical, 'ipv6')) return 'forbidden'
  const v4 = embeddedIpv4(bytes)
  if (v4 && classifyAddress(v4) === 'forbidden') return 'forbidden'
  return v4 || PRIVATE.check(canonical, 'ipv6') ? 'private' : 'public'
}

/** Loopback, private, link-local, unique-local, unspecified and translated addresses. */
export const isPrivateAddress = (ip: string) => classifyAddress(ip) !== 'public'

/** OUTBOUND_ALLOWED_HOSTS: hostnames or addresses, comma-separated, let past the private-address rule. */
export function outboundAllowedHosts(env: NodeJS.ProcessEnv = process.env): Set<string> {
  return new Set(
    (env.OUTBOUND_ALLOWED_HOSTS ?? '')
      .split(',')
      .map((h) =>
        h
          .trim()
          .toLowerCase()
          .replace(/^\[|\]$/g, ''),
      )
      .filter(Boolean),
  )
}

/** Who may be reached for one kind of request. */
export interface OutboundRule {
  /** Every private address may be reached (MEDIA_FETCH_ALLOW_PRIVATE); forbidden ones never. */
  allowPrivate?: boolean
  /** Hosts (names or addresses as written in URLs) let past the private rule; default OUTBOUND_ALLOWED_HOSTS. */
  allowed?: Set<string>
}

/** Why the addresses a host resolved to may not be reached, or null when they all may. */
export function refusalFor(host: string, addresses: string[], rule: OutboundRule = {}): string | null {
  if (!addresses.length) return `host ${host} has no address`
  const classes = addresses.map(classifyAddress)
  if (classes.includes('forbidden')) return 'link-local, metadata and unspecified addresses are refused'
  if (!classes.includes('private') || rule.allowPrivate) return null
  return (rule.allowed ?? outboundAllowedHosts()).has(host.toLowerCase())
    ? null
    : 'private and local addresses are refused'
}

/** The host of a URL as the resolver and the allowed list see it (no IPv6 brackets, lower case). */
export const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '').toLowerCase()

/**
 * Checks a tenant's URL when it is saved: http(s) only, and every address its host resolves to
 * reachable under `rule`. Throws a 400 `ERR_OUTBOUND_URL_REFUSED` naming `field`. Requests go
 * through `guardedFetch`, which judges again the address it actually connects to.
 */
export async function assertPublicUrl(
  url: string,
  field: string,
  rule: OutboundRule & { code?: string } = {},
): Promise<URL> {
  const refuse = (why: string) =>
    new AppError(rule.code ?? 'ERR_OUTBOUND_URL_REFUSED', 400, `${field}: ${why}`, { field })
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw refuse('not a URL')
  }
  if (!/^https?:$/.test(parsed.protocol)) throw refuse('must be an http(s) URL')
  const host = hostOf(parsed)
  let addresses: string[]
  try {
    addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((a) => a.address)
  } catch {
    throw refuse(`host ${host} not found`)
  }
  const why = refusalFor(host, addresses, rule)
  if (why) throw refuse(why)
  return parsed
}
