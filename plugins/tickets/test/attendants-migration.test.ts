import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import type { Knex } from 'knex'
import { KERNEL_MIGRATIONS, migrateDown, migrateUp } from '@atende/kernel'
import { testDatabase } from '@atende/kernel/testing'

const TICKETS = new URL('../migrations', import.meta.url)

/**
 * 011_attendants moves a database made before it: users.allTicket, users.whatsappId and the
 * kernel's user_queues become the tickets plugin's attendants and attendant_queues, every row kept,
 * and going down gives them back.
 */
describe('attendants migration', () => {
  let db: { knex: Knex; drop: () => Promise<void> }
  beforeAll(async () => {
    db = await testDatabase()
  })
  afterAll(async () => {
    await db?.drop()
  })

  it('moves the kernel-era columns and rows, and back', async () => {
    const { knex } = db
    await migrateUp(knex, 'kernel', KERNEL_MIGRATIONS)
    // The schema as kernel 001 made it before the move.
    await knex.schema.alterTable('users', (t) => {
      t.string('allTicket', 10).notNullable().defaultTo('disabled')
      t.integer('whatsappId')
    })
    await knex.schema.createTable('user_queues', (t) => {
      t.integer('userId').notNullable().references('users.id').onDelete('CASCADE')
      t.integer('queueId').notNullable()
      t.integer('companyId').notNullable().references('companies.id').onDelete('CASCADE')
      t.primary(['userId', 'queueId'])
    })
    const [c] = await knex('companies').insert({ name: 'Old', cnpj: '11222333000181' }).returning('id')
    const user = (name: string, extra: object) =>
      knex('users')
        .insert({ companyId: c.id, name, email: `${name}@x.test`, passwordHash: 'x', ...extra })
        .returning('id')
        .then((r) => r[0].id as number)
    const sees = await user('sees', { allTicket: 'enabled', whatsappId: 4 })
    const plain = await user('plain', {})
    const routed = await user('routed', { whatsappId: 9 })
    await knex('user_queues').insert([
      { userId: plain, queueId: 2, companyId: c.id },
      { userId: plain, queueId: 5, companyId: c.id },
      { userId: sees, queueId: 2, companyId: c.id },
    ])

    await migrateUp(knex, 'tickets', TICKETS)
    expect(await knex.schema.hasTable('user_queues')).toBe(false)
    expect(await knex.schema.hasColumn('users', 'allTicket')).toBe(false)
    expect(await knex.schema.hasColumn('users', 'whatsappId')).toBe(false)
    expect(await knex('attendants').orderBy('userId').select('userId', 'companyId', 'allTicket', 'whatsappId')).toEqual(
      [
        { userId: sees, companyId: c.id, allTicket: true, whatsappId: 4 },
        { userId: routed, companyId: c.id, allTicket: false, whatsappId: 9 },
      ],
    )
    expect(await knex('attendant_queues').orderBy(['userId', 'queueId']).select('userId', 'queueId')).toEqual([
      { userId: sees, queueId: 2 },
      { userId: plain, queueId: 2 },
      { userId: plain, queueId: 5 },
    ])

    await migrateDown(knex, 'tickets', TICKETS)
    expect(await knex('users').orderBy('id').select('id', 'allTicket', 'whatsappId')).toEqual([
      { id: sees, allTicket: 'enabled', whatsappId: 4 },
      { id: plain, allTicket: 'disabled', whatsappId: null },
      { id: routed, allTicket: 'disabled', whatsappId: 9 },
    ])
    expect(await knex('user_queues').orderBy(['userId', 'queueId']).select('userId', 'queueId')).toEqual([
      { userId: sees, queueId: 2 },
      { userId: plain, queueId: 2 },
      { userId: plain, queueId: 5 },
    ])
  })
})
