import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { KernelConfig } from '@atende/sdk'

/** Documented embedded-mode super user; printed at start so a first-time user can log in. */
export const EMBEDDED_SUPERUSER = {
  cnpj: '00000000000191',
  email: 'admin@atende.local',
  password: 'Atende@123',
  name: 'Super Admin',
}

/**
 * Reads the environment. Embedded mode (no DATABASE_URL) needs nothing set: JWT secrets are made
 * once and kept in DATA_DIR so sessions survive restarts. Production refuses to start without its
 * secrets and super user, because a silent default there would be a hole.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<KernelConfig> = {}): KernelConfig {
  const databaseUrl = env.DATABASE_URL || undefined
  const mode = databaseUrl ? 'production' : 'embedded'
  const dataDir = resolve(overrides.dataDir || env.DATA_DIR || './data')
  const missing: string[] = []
  const need = (name: string, fallback: () => string, override?: string) => {
    if (override) return override
    const v = env[name]
    if (v) return v
    if (mode === 'production') {
      missing.push(name)
      return ''
    }
    return fallback()
  }
  const secrets = () => embeddedSecrets(dataDir)
  const config: KernelConfig = {
    mode,
    port: Number(env.PORT || 8080),
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl,
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: env.REDIS_PREFIX || 'atende',
    jwtSecret: need('JWT_SECRET', () => secrets().jwt, overrides.jwtSecret),
    jwtRefreshSecret: need('JWT_REFRESH_SECRET', () => secrets().refresh, overrides.jwtRefreshSecret),
    encryptionKey: env.ENCRYPTION_KEY || undefined,
    accessTokenTtlSeconds: Number(env.ACCESS_TOKEN_TTL || 15 * 60),
    refreshTokenTtlSeconds: Number(env.REFRESH_TOKEN_TTL || 7 * 24 * 3600),
    superuser: {
      cnpj: need('SUPERUSER_CNPJ', () => EMBEDDED_SUPERUSER.cnpj).replace(/\D/g, ''),
      email: need('SUPERUSER_EMAIL', () => EMBEDDED_SUPERUSER.email).toLowerCase(),
      password: need('SUPERUSER_PASSWORD', () => EMBEDDED_SUPERUSER.password),
      name: env.SUPERUSER_NAME || EMBEDDED_SUPERUSER.name,
    },
    extraPlugins: extraPluginNames(env),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Atende <no-reply@atende.local>',
    publicUrl: env.PUBLIC_URL || `http://localhost:${env.PORT || 8080}`,
    runJobs: env.RUN_JOBS !== 'false',
    mediaDir: resolve(env.MEDIA_DIR || join(dataDir, 'media')),
    mediaMaxBytes: positiveInt(env.MEDIA_MAX_BYTES, 16 * 1024 * 1024),
    mediaFetchAllowPrivate: env.MEDIA_FETCH_ALLOW_PRIVATE === 'true',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    // Socket caps per process (realtime/caps.ts); 0 lifts one.
    socketsPerUser: cap(env.SOCKETS_PER_USER, 20),
    socketsPerAddress: cap(env.SOCKETS_PER_ADDRESS, 100),
    socketRoomsMax: cap(env.SOCKET_ROOMS_MAX, 100),
    ...overrides,
  }
  if (missing.length && !overrides.jwtSecret) {
    throw new Error(`Production mode (DATABASE_URL is set) needs these environment variables: ${missing.join(', ')}`)
  }
  return config
}

/**
 * TRUST_PROXY: whose X-Forwarded-For/-Proto/-Host to believe (client address for rate limits and
 * sessions, https for secure cookies). Off by default: any client could otherwise name its own
 * address and reset every per-address limit. Takes what Fastify's trustProxy takes: `true` (every
 * hop: only when the port is reachable through the proxy alone), a hop count, or comma-separated
 * IPs/CIDRs (also `loopback`, `linklocal`, `uniquelocal`).
 */
export function parseTrustProxy(raw: string | undefined): NonNullable<KernelConfig['trustProxy']> {
  const v = (raw ?? '').trim()
  if (!v || v === 'false' || v === '0') return false
  if (v === 'true') return true
  if (/^\d+$/.test(v)) {
    const hops = Number(v)
    return (_address: string, hop: number) => hop < hops // what Fastify does with a number (its types lack it)
  }
  return v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
}

function positiveInt(raw: string | undefined, fallback: number): number {
  const n = Number(raw)
  return raw && Number.isInteger(n) && n > 0 ? n : fallback
}

/** A cap: a whole number, 0 for none; anything else keeps the default. */
function cap(raw: string | undefined, fallback: number): number {
  const n = Number(raw)
  return raw?.trim() && Number.isInteger(n) && n >= 0 ? n : fallback
}

function embeddedSecrets(dataDir: string): { jwt: string; refresh: string } {
  const file = join(dataDir, 'secrets.json')
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'))
  mkdirSync(dataDir, { recursive: true })
  const s = { jwt: randomBytes(32).toString('hex'), refresh: randomBytes(32).toString('hex') }
  writeFileSync(file, JSON.stringify(s), { mode: 0o600 })
  return s
}

/** The third-party plugin packages ATENDE_PLUGINS names (comma-separated). */
export function extraPluginNames(env: NodeJS.ProcessEnv): string[] {
  return (env.ATENDE_PLUGINS || '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
}
