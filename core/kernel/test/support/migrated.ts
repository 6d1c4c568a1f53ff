import { createHash, randomBytes } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import knexFactory, { type Knex } from 'knex'
import type { DefinedPlugin } from '@atende/sdk'
import { migrateUp } from '../../src/db/migrate.ts'
import { KERNEL_MIGRATIONS } from '../../src/app.ts'

const MIGRATION_FILE = /^\d+.*\.(ts|js|mjs)$/

/**
 * Postgres: a template database with the kernel's and these plugins' migrations applied, to start a
 * test app's database from. Migrating from nothing costs ~1 s per app and most test files boot one
 * or two; a copy of the template ~0.15 s. The app still runs its migrations, which find nothing to do.
 * (PGlite gains nothing this way: loading a migrated data directory costs about what migrating an
 * empty one does.)
 *
 * The template is `atende_tplm_<hash>_<day>`, the hash of every migration file's name and text, so
 * a changed or added migration makes a new one; older days' are dropped when a new one is made.
 */
export async function migratedTemplate(plugins: DefinedPlugin[]): Promise<{ template: string }> {
  if (!process.env.DATABASE_URL) throw new Error('a template is a Postgres database')
  const key = snapshotKey(plugins)
  let made = made_.get(key)
  if (!made) made_.set(key, (made = pgTemplate(key, plugins)))
  return made
}
const made_ = new Map<string, Promise<{ template: string }>>()

function snapshotKey(plugins: DefinedPlugin[]): string {
  const hash = createHash('sha1')
  const owners: Array<[string, string]> = [['kernel', KERNEL_MIGRATIONS]]
  for (const p of plugins) if (p.migrations) owners.push([p.name, folder(p.migrations)])
  for (const [owner, dir] of owners) {
    hash.update(`owner ${owner}\n`)
    if (!existsSync(dir)) continue
    for (const file of readdirSync(dir)
      .filter((f) => MIGRATION_FILE.test(f) && !f.endsWith('.d.ts'))
      .sort())
      hash.update(`${file}\n`).update(readFileSync(join(dir, file)))
  }
  return hash.digest('hex').slice(0, 16)
}

const folder = (dir: URL | string) => (typeof dir === 'string' ? dir : fileURLToPath(dir))

async function migrateAll(knex: Knex, plugins: DefinedPlugin[]) {
  await migrateUp(knex, 'kernel', KERNEL_MIGRATIONS)
  for (const p of plugins) if (p.migrations) await migrateUp(knex, p.name, p.migrations)
}

async function pgTemplate(key: string, plugins: DefinedPlugin[]) {
  const day = Math.floor(Date.now() / 86_400_000)
  const template = `atende_tplm_${key}_${day}`
  const admin = knexFactory({ client: 'pg', connection: process.env.DATABASE_URL, pool: { min: 0, max: 1 } })
  try {
    const names = async () =>
      (
        (await admin.raw(`SELECT datname FROM pg_database WHERE datname LIKE 'atende_tplm_%'`)).rows as Array<{
          datname: string
        }>
      ).map((r) => r.datname)
    if ((await names()).includes(template)) return { template }
    const building = `atende_t_tplm_${randomBytes(6).toString('hex')}`
    await admin.raw(`CREATE DATABASE ${building}`)
    const url = new URL(process.env.DATABASE_URL!)
    url.pathname = `/${building}`
    const knex = knexFactory({ client: 'pg', connection: url.toString(), pool: { min: 0, max: 1 } })
    try {
      await migrateAll(knex, plugins)
    } finally {
      await knex.destroy()
    }
    try {
      await admin.raw(`ALTER DATABASE ${building} RENAME TO ${template}`)
    } catch (err) {
      // Another process made the same template meanwhile: theirs serves.
      await admin.raw(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`)
      if (!(await names()).includes(template)) throw err
    }
    for (const name of await names()) {
      const madeOn = Number(name.split('_').pop())
      if (madeOn < day - 1) await admin.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined)
    }
    return { template }
  } finally {
    await admin.destroy()
  }
}
