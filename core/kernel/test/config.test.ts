import { describe, it, expect, beforeEach, afterEach } from 'vitest'
import { mkdtempSync, rmSync, readFileSync, statSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadConfig, EMBEDDED_SUPERUSER } from '../src/config.ts'
import { createApp } from '../src/app.ts'

const PRODUCTION_SECRETS = [
  'JWT_SECRET',
  'JWT_REFRESH_SECRET',
  'SUPERUSER_CNPJ',
  'SUPERUSER_EMAIL',
  'SUPERUSER_PASSWORD',
]

describe('config', () => {
  let dataDir: string
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'atende-config-'))
  })
  afterEach(() => {
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('refuses production mode without secrets, naming every missing variable', () => {
    const env = { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', DATA_DIR: dataDir }
    expect(() => loadConfig(env)).toThrow(
      `Production mode (DATABASE_URL is set) needs these environment variables: ${PRODUCTION_SECRETS.join(', ')}`,
    )
    // No embedded secrets are written as a fallback in production.
    expect(existsSync(join(dataDir, 'secrets.json'))).toBe(false)
  })

  it('names only the variables still missing', () => {
    const env = {
      DATABASE_URL: 'postgres://x@127.0.0.1/x',
      JWT_SECRET: 'a',
      JWT_REFRESH_SECRET: 'b',
      SUPERUSER_CNPJ: '12.345.678/0001-95',
      DATA_DIR: dataDir,
    }
    expect(() => loadConfig(env)).toThrow(/needs these environment variables: SUPERUSER_EMAIL, SUPERUSER_PASSWORD$/)
  })

  it('createApp refuses too, before touching the database', async () => {
    await expect(
      createApp({ env: { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' }, logger: false }),
    ).rejects.toThrow(/JWT_SECRET, JWT_REFRESH_SECRET/)
  })

  it('accepts production with everything set', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://x@127.0.0.1/x',
      REDIS_URL: 'redis://127.0.0.1:6379',
      JWT_SECRET: 'a',
      JWT_REFRESH_SECRET: 'b',
      SUPERUSER_CNPJ: '12.345.678/0001-95',
      SUPERUSER_EMAIL: 'Root@Example.com',
      SUPERUSER_PASSWORD: 'Xx1!xxxx',
      RUN_JOBS: 'false',
      PORT: '9000',
    })
    expect(config).toMatchObject({
      mode: 'production',
      port: 9000,
      redisUrl: 'redis://127.0.0.1:6379',
      jwtSecret: 'a',
      jwtRefreshSecret: 'b',
      runJobs: false,
      superuser: { cnpj: '12345678000195', email: 'root@example.com', password: 'Xx1!xxxx' },
    })
  })

  it('embedded mode needs nothing, makes secrets once in DATA_DIR and reuses them', () => {
    const first = loadConfig({ DATA_DIR: dataDir })
    expect(first).toMatchObject({
      mode: 'embedded',
      port: 8080,
      host: '0.0.0.0',
      dataDir,
      runJobs: true,
      redisPrefix: 'atende',
    })
    expect(first.superuser).toEqual(EMBEDDED_SUPERUSER)
    expect(first.jwtSecret).toMatch(/^[0-9a-f]{64}$/)
    expect(first.jwtRefreshSecret).toMatch(/^[0-9a-f]{64}$/)
    expect(first.jwtSecret).not.toBe(first.jwtRefreshSecret)

    const file = join(dataDir, 'secrets.json')
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ jwt: first.jwtSecret, refresh: first.jwtRefreshSecret })
    expect(statSync(file).mode & 0o777).toBe(0o600)

    const second = loadConfig({ DATA_DIR: dataDir })
    expect([second.jwtSecret, second.jwtRefreshSecret]).toEqual([first.jwtSecret, first.jwtRefreshSecret])
  })

  it('embedded secrets differ between data directories, and explicit ones win', () => {
    const other = mkdtempSync(join(tmpdir(), 'atende-config-'))
    try {
      expect(loadConfig({ DATA_DIR: other }).jwtSecret).not.toBe(loadConfig({ DATA_DIR: dataDir }).jwtSecret)
      expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'mine' }).jwtSecret).toBe('mine')
    } finally {
      rmSync(other, { recursive: true, force: true })
    }
  })

  it('reads the plugin list, mail and prefix settings', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      ATENDE_PLUGINS: ' @acme/plugin-x , ,@acme/plugin-y',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      MAIL_FROM: 'A <a@b.c>',
      REDIS_PREFIX: 'p1',
    })
    expect(config).toMatchObject({
      extraPlugins: ['@acme/plugin-x', '@acme/plugin-y'],
      smtpUrl: 'smtp://127.0.0.1:2525',
      mailFrom: 'A <a@b.c>',
      redisPrefix: 'p1',
    })
  })

  it('trusts no proxy unless TRUST_PROXY says which (true, a hop count, IPs/CIDRs)', () => {
    const trust = (TRUST_PROXY?: string) =>
      loadConfig({ DATA_DIR: dataDir, ...(TRUST_PROXY === undefined ? {} : { TRUST_PROXY }) }).trustProxy
    expect(trust()).toBe(false)
    expect(trust('')).toBe(false)
    expect(trust('false')).toBe(false)
    expect(trust('0')).toBe(false)
    expect(trust('true')).toBe(true)
    expect(trust('127.0.0.1')).toEqual(['127.0.0.1'])
    expect(trust(' 10.0.0.0/8, 192.168.1.1 ,loopback')).toEqual(['10.0.0.0/8', '192.168.1.1', 'loopback'])
    const hops = trust('2') as (address: string, hop: number) => boolean
    expect(typeof hops).toBe('function')
    expect([0, 1, 2].map((i) => hops('10.0.0.1', i))).toEqual([true, true, false])
  })

  it('caps sockets per user, per address and rooms per socket (20, 100, 100; 0 lifts one; nonsense keeps the default)', () => {
    const caps = (env: Record<string, string>) => {
      const c = loadConfig({ DATA_DIR: dataDir, ...env })
      return [c.socketsPerUser, c.socketsPerAddress, c.socketRoomsMax]
    }
    expect(caps({})).toEqual([20, 100, 100])
    expect(caps({ SOCKETS_PER_USER: '5', SOCKETS_PER_ADDRESS: '0', SOCKET_ROOMS_MAX: '30' })).toEqual([5, 0, 30])
    expect(caps({ SOCKETS_PER_USER: '-1', SOCKETS_PER_ADDRESS: 'many', SOCKET_ROOMS_MAX: '2.5' })).toEqual([
      20, 100, 100,
    ])
  })
})
