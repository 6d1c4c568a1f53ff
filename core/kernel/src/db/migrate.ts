import type { Knex } from 'knex'
import { readdirSync, existsSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const MIGRATION_FILE = /^\d+.*\.(ts|js|mjs)$/

/** Reads one plugin's migration folder; each file exports `up` and `down`. */
class FolderSource implements Knex.MigrationSource<string> {
  constructor(private dir: string) {}
  async getMigrations() {
    if (!existsSync(this.dir)) return []
    return readdirSync(this.dir)
      .filter((f) => MIGRATION_FILE.test(f) && !f.endsWith('.d.ts'))
      .sort()
  }
  getMigrationName(file: string) {
    return file.replace(/\.(ts|js|mjs)$/, '')
  }
  async getMigration(file: string) {
    return import(pathToFileURL(join(this.dir, file)).href) as Promise<Knex.Migration>
  }
}

export const migrationTable = (owner: string) => `_migrations_${owner.replace(/[^a-z0-9_]/gi, '_')}`

const folder = (dir: URL | string) => (typeof dir === 'string' ? dir : fileURLToPath(dir))

/** Each owner (the kernel, each plugin) keeps its own migration ledger, so plugins evolve apart. */
export async function migrateUp(knex: Knex, owner: string, dir: URL | string) {
  const [, applied] = await knex.migrate.latest({
    migrationSource: new FolderSource(folder(dir)),
    tableName: migrationTable(owner),
  })
  return applied as string[]
}

/** Roll every migration of one owner back (used by the up/down tests). */
export async function migrateDown(knex: Knex, owner: string, dir: URL | string) {
  const [, undone] = await knex.migrate.rollback(
    { migrationSource: new FolderSource(folder(dir)), tableName: migrationTable(owner) },
    true,
  )
  return undone as string[]
}
