import { randomBytes } from 'node:crypto'
import knexFactory, { type Knex } from 'knex'
import type { DefinedPlugin, KernelConfig } from '@atende/sdk'
import { PGlite } from '@electric-sql/pglite'
import { connectDb, PgLiteClient } from '../../src/db/connect.ts'
import { freshPgliteData } from './pglite-seed.ts'
import { migratedTemplate } from './migrated.ts'
import { createApp, type AtendeApp, type CreateAppOptions } from '../../src/app.ts'
import { discoverPlugins } from '../../src/plugins/loader.ts'
import { EMBEDDED_SUPERUSER, extraPluginNames } from '../../src/config.ts'

export const hasPostgres = !!process.env.DATABASE_URL
export const hasRedis = !!process.env.REDIS_URL
export const SUPER = EMBEDDED_SUPERUSER

/**
 * A database of this test file's own: a fresh Postgres database when DATABASE_URL is set (CI),
 * otherwise an in-memory PGlite. Dropped by `drop()`.
 */
export async function testDatabase(
  opts: {
    /** PGlite: start from this data directory (`dumpTestDatabase`). */
    pgliteData?: Blob
    /** Postgres: a copy of this database (which nobody may be connected to). */
    template?: string
  } = {},
): Promise<{ knex: Knex; name?: string; url?: string; drop: () => Promise<void> }> {
  if (!process.env.DATABASE_URL) {
    // From a snapshot: the given one, or an empty database without paying initdb (pglite-seed.ts).
    const loadDataDir = opts.pgliteData ?? (await freshPgliteData())
    const knex = knexFactory({
      client: PgLiteClient as unknown as typeof knexFactory.Client,
      dialect: 'postgres',
      // knex-pglite takes a ready instance as `connection.pglite` (knex's types know no such key).
      connection: { pglite: new PGlite({ loadDataDir }) } as Knex.StaticConnectionConfig,
    })
    return { knex, drop: () => knex.destroy() }
  }
  const name = `atende_t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`
  const admin = knexFactory({ client: 'pg', connection: process.env.DATABASE_URL, pool: { min: 0, max: 1 } })
  await admin.raw(opts.template ? `CREATE DATABASE ${name} TEMPLATE ${opts.template}` : `CREATE DATABASE ${name}`)
  const url = new URL(process.env.DATABASE_URL)
  url.pathname = `/${name}`
  const knex = connectDb({ databaseUrl: url.toString(), dataDir: '' })
  return {
    knex,
    name,
    url: url.toString(),
    drop: async () => {
      await knex.destroy()
      await admin.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await admin.destroy()
    },
  }
}

/**
 * Postgres: closes a test database's connections and keeps it, renamed, as a template for
 * `testDatabase({ template })`; returns its name. Templates a day old (earlier runs) are dropped.
 */
export async function keepAsTemplate(db: { knex: Knex; name?: string }): Promise<string> {
  if (!process.env.DATABASE_URL || !db.name) throw new Error('a template is a Postgres test database')
  await db.knex.destroy()
  const admin = knexFactory({ client: 'pg', connection: process.env.DATABASE_URL, pool: { min: 0, max: 1 } })
  try {
    const template = `atende_tpl_${Date.now()}_${randomBytes(4).toString('hex')}`
    await admin.raw(`ALTER DATABASE ${db.name} RENAME TO ${template}`)
    const rows = (await admin.raw(`SELECT datname FROM pg_database WHERE datname LIKE 'atende_tpl_%'`)).rows as Array<{
      datname: string
    }>
    for (const { datname } of rows) {
      const made = Number(datname.split('_')[2])
      if (Date.now() - made > 86_400_000) await admin.raw(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`)
    }
    return template
  } finally {
    await admin.destroy()
  }
}

/**
 * The data directory of an in-memory PGlite test database (see `testDatabase({ pgliteData })`): a
 * database booted from it starts with what it held (migrations applied), without initdb.
 */
export async function dumpTestDatabase(knex: Knex): Promise<Blob> {
  const conn = (await knex.client.acquireConnection()) as PGlite
  try {
    return (await conn.dumpDataDir('none')) as Blob
  } finally {
    await knex.client.releaseConnection(conn)
  }
}

export interface TestAppOptions {
  /** Which plugins to load: the whole workspace by default. */
  plugins?: DefinedPlugin[]
  config?: Partial<KernelConfig>
  /** Reuse a database (two processes on one database). */
  db?: Knex
  /** The environment the kernel reads its settings from (none by default): SOCKETS_PER_USER … */
  env?: NodeJS.ProcessEnv
  /** Fastify logger options (level, stream …) for a test that reads the log; off by default. */
  logger?: CreateAppOptions['logger']
}

export interface TestApp {
  app: AtendeApp
  db: Knex
  close: () => Promise<void>
}

let workspacePlugins: Promise<DefinedPlugin[]> | undefined
export const allPlugins = () => (workspacePlugins ??= discoverPlugins([]))

/** The third-party packages ATENDE_PLUGINS names: `pnpm test:plugin` runs the checks with them. */
export const extraPlugins = () => extraPluginNames(process.env)

let installed: Promise<DefinedPlugin[]> | undefined
/** What a real installation loads: the workspace plus the packages ATENDE_PLUGINS names. */
export const installedPlugins = () => (installed ??= discoverPlugins(extraPlugins()))

/** Boots the real kernel with its plugins against this file's own database. */
export async function createTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const plugins = opts.plugins ?? (await allPlugins())
  // Its own Postgres database starts migrated (migrated.ts); any other is migrated by the app.
  const owned = opts.db ? undefined : await testDatabase(hasPostgres ? await migratedTemplate(plugins) : {})
  const db = opts.db ?? owned!.knex
  const redisPrefix = `atende-test-${randomBytes(4).toString('hex')}`
  const app = await createApp({
    db,
    env: opts.env ?? {},
    logger: opts.logger ?? (process.env.TEST_LOG ? { level: 'debug' } : false),
    plugins,
    config: {
      mode: 'embedded',
      dataDir: '/tmp/atende-test',
      jwtSecret: 'test-access-secret',
      jwtRefreshSecret: 'test-refresh-secret',
      redisUrl: process.env.REDIS_URL || undefined,
      redisPrefix,
      ...opts.config,
    },
  })
  await app.ready()
  // A prefix of its own (not one shared with another app of the test) is this app's to clean up.
  const ownsPrefix = !opts.config?.redisPrefix
  return {
    app,
    db,
    close: async () => {
      await app.close()
      await owned?.drop()
      if (ownsPrefix) await dropRedisKeys(redisPrefix)
    },
  }
}

/** What a test app (or a test's own deployment) left in Redis under its prefix: job schedules, leases. */
export async function dropRedisKeys(prefix: string) {
  if (!process.env.REDIS_URL) return
  const { Redis } = await import('ioredis')
  const redis = new Redis(process.env.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 })
  try {
    await redis.connect()
    let cursor = '0'
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `*${prefix}*`, 'COUNT', 500)
      cursor = next
      if (keys.length) await redis.del(...keys)
    } while (cursor !== '0')
  } catch {
    /* cleanup only */
  } finally {
    redis.disconnect()
  }
}

/** One key's value in the test Redis (REDIS_URL), null when unset: a test reads what processes keep there. */
export async function readRedis(key: string): Promise<string | null> {
  const { Redis } = await import('ioredis')
  const redis = new Redis(process.env.REDIS_URL!, { lazyConnect: true, maxRetriesPerRequest: 1 })
  try {
    await redis.connect()
    return await redis.get(key)
  } finally {
    redis.disconnect()
  }
}

/** Logs in through the real route and returns the bearer header. */
export async function login(app: AtendeApp, cnpj: string, email: string, password: string) {
  // A fresh loopback address per call: the login rate limit keys on the client's address.
  const remoteAddress = `127.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { cnpj, email, password },
    remoteAddress,
  })
  if (res.statusCode !== 200) throw new Error(`login failed ${res.statusCode}: ${res.body}`)
  const body = res.json()
  return {
    token: body.token as string,
    user: body.user,
    headers: { authorization: `Bearer ${body.token}` },
    cookie: res.headers['set-cookie'],
  }
}

export {
  headersFor,
  superHeaders,
  userIn,
  announceUser,
  companyWithUser,
  settingsProbe,
  SPEC_SETTINGS,
  PASSWORD,
  type Headers,
} from './fixtures.ts'
export { until, sleep } from './wait.ts'
export { captureLog } from './log.ts'
export { connect as connectSocket, type Frame } from './socket.ts'
export { appProcessEnv, bootAppProcess, appProcesses, chaosScale } from './process.ts'
