import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import type { Knex } from 'knex'
import { KERNEL_MIGRATIONS, migrateDown, migrateUp } from '@atende/kernel'
import { testDatabase } from '@atende/kernel/testing'

const PLANS = new URL('../migrations', import.meta.url)

/** 001_plan_limits moves the kernel-era plans.connections and plans.queues here, every plan's limits kept, and back. */
describe('plan limits migration', () => {
  let db: { knex: Knex; drop: () => Promise<void> }
  beforeAll(async () => {
    db = await testDatabase()
  })
  afterAll(async () => {
    await db?.drop()
  })

  it('moves the columns and back', async () => {
    const { knex } = db
    await migrateUp(knex, 'kernel', KERNEL_MIGRATIONS)
    await knex.schema.alterTable('plans', (t) => {
      t.integer('connections').notNullable().defaultTo(0)
      t.integer('queues').notNullable().defaultTo(0)
    })
    const [small] = await knex('plans').insert({ name: 'Small', users: 2, connections: 1, queues: 3 }).returning('id')
    const [free] = await knex('plans').insert({ name: 'Free', users: 0 }).returning('id')

    await migrateUp(knex, 'plans', PLANS)
    expect(await knex.schema.hasColumn('plans', 'connections')).toBe(false)
    expect(await knex.schema.hasColumn('plans', 'queues')).toBe(false)
    expect(await knex('plan_limits').orderBy('planId').select('planId', 'connections', 'queues')).toEqual([
      { planId: small.id, connections: 1, queues: 3 },
      { planId: free.id, connections: 0, queues: 0 },
    ])

    await migrateDown(knex, 'plans', PLANS)
    expect(await knex('plans').orderBy('id').select('id', 'connections', 'queues')).toEqual([
      { id: small.id, connections: 1, queues: 3 },
      { id: free.id, connections: 0, queues: 0 },
    ])
  })
})
