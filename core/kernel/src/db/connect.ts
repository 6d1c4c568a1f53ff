import knexFactory, { type Knex } from 'knex'
import ClientPgLite from 'knex-pglite'
import pg from 'pg'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'

// pg returns int8 (count(*), bigint ids) as strings; PGlite returns numbers. Parse them so both
// modes answer the same. Our ids and counts stay far below 2^53.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10))
// numeric (plan value) as a JS number too.
pg.types.setTypeParser(1700, (v) => Number.parseFloat(v))

// knex-pglite names the command after knex's method, so `del` becomes "DEL" and knex's pg client
// (which counts rows only for "DELETE") answers a raw result instead of the deleted-row count.
// The package types its client loosely: what this override uses of it, spelled out.
type PgLiteBase = new (config: object) => { processResponse(obj: object, runner: unknown): unknown }
export class PgLiteClient extends (ClientPgLite as unknown as PgLiteBase) {
  processResponse(obj: { method?: string }, runner: unknown) {
    const fixed = obj.method === 'del' ? { ...obj, method: 'delete' } : obj
    return super.processResponse(fixed, runner)
  }
}

export interface DbOptions {
  databaseUrl?: string
  dataDir: string
  /** in-memory PGlite (tests) */ memory?: boolean
}

export function connectDb(opts: DbOptions): Knex {
  if (opts.databaseUrl) {
    return knexFactory({
      client: 'pg',
      // A request waits at most this long for a connection (knex's default is 60 s): while the
      // database is away, requests answer 503 ERR_DATABASE_UNAVAILABLE instead of hanging.
      acquireConnectionTimeout: Number(process.env.DB_ACQUIRE_TIMEOUT_MS || 5000),
      connection: { connectionString: opts.databaseUrl, connectionTimeoutMillis: 5000, keepAlive: true },
      pool: { min: 0, max: Number(process.env.DB_POOL_MAX || 10) },
    })
  }
  let connection: object = {}
  if (!opts.memory) {
    const dir = join(opts.dataDir, 'pglite')
    mkdirSync(dir, { recursive: true })
    connection = { filename: dir }
  }
  return knexFactory({ client: PgLiteClient as unknown as typeof knexFactory.Client, dialect: 'postgres', connection })
}

/** count(*) normaliser: pg and PGlite disagree on the type. */
export const toCount = (row: { count?: unknown } | undefined) => Number(row?.count ?? 0)
