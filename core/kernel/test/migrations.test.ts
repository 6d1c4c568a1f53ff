import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import type { Knex } from 'knex'
import { migrateUp, migrateDown } from '../src/db/migrate.ts'
import { orderPlugins } from '../src/plugins/loader.ts'
import { KERNEL_MIGRATIONS } from '../src/app.ts'
import { extraPlugins, installedPlugins, testDatabase } from './support/index.ts'

interface Owner {
  name: string
  dir: URL | string
}

/** Tables of the public schema, without knex's migration ledgers (they stay after a rollback by design). */
async function tables(knex: Knex): Promise<Set<string>> {
  const rows: { table_name: string }[] = await knex('information_schema.tables')
    .where({ table_schema: 'public', table_type: 'BASE TABLE' })
    .select('table_name')
  return new Set(rows.map((r) => r.table_name).filter((t) => !t.startsWith('_migrations_')))
}

/**
 * Every owner of migrations (the kernel, each workspace plugin that has a folder and each package
 * ATENDE_PLUGINS names — `pnpm test:plugin`) goes up, down (leaving none of its tables) and up again,
 * in dependency order, on this file's own database. Plugins added later are covered without
 * touching this file.
 */
describe('migrations up, down, up', () => {
  let db: { knex: Knex; drop: () => Promise<void> }
  let owners: Owner[]
  beforeAll(async () => {
    db = await testDatabase()
    const plugins = orderPlugins(await installedPlugins())
    owners = [
      { name: 'kernel', dir: KERNEL_MIGRATIONS },
      ...plugins.filter((p) => p.migrations).map((p) => ({ name: p.name, dir: p.migrations! })),
    ]
  })
  afterAll(async () => {
    await db?.drop()
  })

  it('round-trips every owner and leaves no table behind', async () => {
    const { knex } = db
    const owned = new Map<string, string[]>()
    const applied = new Map<string, string[]>()

    for (const o of owners) {
      const before = await tables(knex)
      applied.set(o.name, await migrateUp(knex, o.name, o.dir))
      const created = [...(await tables(knex))].filter((t) => !before.has(t)).sort()
      owned.set(o.name, created)
      expect(applied.get(o.name)!.length, `${o.name} applied no migration`).toBeGreaterThan(0)
      // Running up again is a no-op.
      expect(await migrateUp(knex, o.name, o.dir)).toEqual([])
    }
    expect(owned.get('kernel')).toEqual(
      expect.arrayContaining(['companies', 'plans', 'users', 'settings', 'user_sessions']),
    )
    const fullSchema = [...(await tables(knex))].sort()

    // Down in reverse dependency order: a plugin's tables may reference the kernel's.
    for (const o of [...owners].reverse()) {
      const undone = await migrateDown(knex, o.name, o.dir)
      expect(undone.sort(), `${o.name} rolled back a different set`).toEqual([...applied.get(o.name)!].sort())
      const left = await tables(knex)
      const stale = owned.get(o.name)!.filter((t) => left.has(t))
      expect(stale, `${o.name}'s down() left tables behind`).toEqual([])
    }
    expect([...(await tables(knex))], 'tables nobody owns survived the full rollback').toEqual([])

    for (const o of owners) {
      expect((await migrateUp(knex, o.name, o.dir)).sort()).toEqual([...applied.get(o.name)!].sort())
    }
    expect([...(await tables(knex))].sort()).toEqual(fullSchema)
    if (extraPlugins().length) console.log(`third-party plugins checked: ${extraPlugins().join(', ')}`)
    console.log(`migrations: ${owners.map((o) => `${o.name} (${owned.get(o.name)!.length} tables)`).join(', ')}`)
  })
})
