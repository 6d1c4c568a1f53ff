import { describe, it, expect, afterAll } from 'vitest'
import { migrateDown, migrateUp } from '@atende/kernel'
import { createTestApp, type TestApp } from '@atende/kernel/testing'
import auth from '../src/index.ts'

describe('auth migrations', () => {
  let t: TestApp
  afterAll(async () => {
    await t?.close()
  })

  it('password_resets goes down and up again', async () => {
    t = await createTestApp({ plugins: [auth] })
    const dir = new URL('../migrations', import.meta.url)
    expect(await t.db.schema.hasTable('password_resets')).toBe(true)
    await migrateDown(t.db, 'auth', dir)
    expect(await t.db.schema.hasTable('password_resets')).toBe(false)
    await migrateUp(t.db, 'auth', dir)
    expect(await t.db.schema.hasTable('password_resets')).toBe(true)
  })
})
