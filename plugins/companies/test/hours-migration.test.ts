import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import type { Knex } from 'knex'
import { KERNEL_MIGRATIONS, migrateDown, migrateUp } from '@atende/kernel'
import { testDatabase } from '@atende/kernel/testing'

const COMPANIES = new URL('../migrations', import.meta.url)

/** 001_company_hours moves the kernel-era companies.schedules here, every company's hours kept, and back. */
describe('company hours migration', () => {
  let db: { knex: Knex; drop: () => Promise<void> }
  beforeAll(async () => {
    db = await testDatabase()
  })
  afterAll(async () => {
    await db?.drop()
  })

  it('moves the column and back', async () => {
    const { knex } = db
    await migrateUp(knex, 'kernel', KERNEL_MIGRATIONS)
    await knex.schema.alterTable('companies', (t) => {
      t.jsonb('schedules').notNullable().defaultTo('[]')
    })
    const week = [{ weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '08:00', endTime: '18:00' }]
    const [open] = await knex('companies')
      .insert({ name: 'Open', cnpj: '11222333000181', schedules: JSON.stringify(week) })
      .returning('id')
    const [unset] = await knex('companies').insert({ name: 'Unset', cnpj: '11444777000161' }).returning('id')

    await migrateUp(knex, 'companies', COMPANIES)
    expect(await knex.schema.hasColumn('companies', 'schedules')).toBe(false)
    expect(await knex('company_hours').select('companyId', 'schedules')).toEqual([
      { companyId: open.id, schedules: week },
    ])

    await migrateDown(knex, 'companies', COMPANIES)
    expect(await knex('companies').orderBy('id').select('id', 'schedules')).toEqual([
      { id: open.id, schedules: week },
      { id: unset.id, schedules: [] },
    ])
  })
})
