import { describe, expect, it, afterAll } from 'vitest'
import { KERNEL_MIGRATIONS, migrateUp, orderPlugins } from '@atende/kernel'
import { installedPlugins, testDatabase } from '@atende/kernel/testing'
import { ownership } from '../arch/ownership.ts'

/**
 * Issue 36, one owner per table: no plugin checks ids in another owner's table, and on a database
 * with every owner's migrations applied no foreign key runs from one plugin's table into another
 * plugin's (the kernel's companies, users and plans are everyone's to reference).
 */
describe('each table has one owner', () => {
  let drop: (() => Promise<void>) | undefined
  afterAll(async () => {
    await drop?.()
  })

  it('no assertOwned names another owner’s table', () => {
    const { owners, violations } = ownership()
    expect(owners.get('tickets')?.has('tickets')).toBe(true)
    expect(owners.get('kernel')?.has('users')).toBe(true)
    expect(violations).toEqual([])
  })

  it('no plugin’s query names another plugin’s table', () => {
    const { queries, tablesQueried } = ownership()
    expect(tablesQueried).toBeGreaterThan(200)
    expect(queries).toEqual([])
  })

  it('no foreign key crosses from one plugin’s table into another’s', async () => {
    const db = await testDatabase()
    drop = db.drop
    const { knex } = db
    await migrateUp(knex, 'kernel', KERNEL_MIGRATIONS)
    for (const p of orderPlugins(await installedPlugins()))
      if (p.migrations) await migrateUp(knex, p.name, p.migrations)
    const ownerOf = new Map<string, string>()
    for (const [owner, tables] of ownership().owners) for (const t of tables) ownerOf.set(t, owner)
    const { rows } = await knex.raw(
      `SELECT c.conrelid::regclass::text AS "from", c.confrelid::regclass::text AS "to"
         FROM pg_constraint c WHERE c.contype = 'f'`,
    )
    const keys = rows as { from: string; to: string }[]
    // The check sees keys at all (plugins' tables reference companies).
    expect(keys.length).toBeGreaterThan(20)
    const crossing = keys
      .map((k) => ({ ...k, fromOwner: ownerOf.get(k.from), toOwner: ownerOf.get(k.to) }))
      .filter((k) => k.toOwner !== 'kernel' && k.fromOwner !== k.toOwner)
      .map((k) => `${k.from} (${k.fromOwner}) → ${k.to} (${k.toOwner})`)
    expect(crossing).toEqual([])
  })
})
