import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { createHash } from 'node:crypto'
import { userIn } from '@atende/kernel/testing'
import type { ConnectionsRef } from '../src/api.ts'
import * as migration from '../migrations/003_token_hash.ts'
import { createTestApp, companyWithUser, pipelinePlugins, type TestApp } from './support.ts'

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex')

/**
 * A connection's own API token sends as the company: it is stored hashed, answered once to the admin
 * who set it, and shown to nobody afterwards — not in lists, not to attendants, not in frames.
 */
describe("a connection's API token", () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ plugins: pipelinePlugins })
  })
  afterAll(async () => {
    await t?.close()
  })

  const byToken = (token: string) => t.app.kernel.services.get<ConnectionsRef>('connections').byToken(token)

  it('is answered once when set, then never: lists, attendants and frames see only a preview', async () => {
    const admin = await companyWithUser(t.app, { profile: 'admin' })
    const attendant = await userIn(t.app, admin.companyId, 'user')
    const frames: unknown[] = []
    const off = t.app.kernel.bus.on('whatsapp.updated' as never, (p: unknown) => void frames.push(p))
    const token = 'Zt8f3kQp0LmN7xYv2RwS'
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/whatsapp',
      headers: admin.headers,
      payload: { name: 'Com token', provider: 'simulator', token },
    })
    expect(made.statusCode, made.body).toBe(200)
    expect(made.json()).toMatchObject({ token, hasToken: true, tokenPreview: 'Zt8f…2RwS' })
    const id = made.json().id as number
    for (const headers of [admin.headers, attendant.headers]) {
      const list = await t.app.inject({ method: 'GET', url: '/api/whatsapp', headers })
      expect(list.body).not.toContain(token)
      expect(list.json().find((w: { id: number }) => w.id === id)).toMatchObject({ token: '', hasToken: true })
      const one = await t.app.inject({ method: 'GET', url: `/api/whatsapp/${id}`, headers })
      expect(one.body).not.toContain(token)
    }
    // Saved without the token (any other field): kept, and not answered.
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/whatsapp/${id}`,
      headers: admin.headers,
      payload: { name: 'Renomeada' },
    })
    expect(renamed.json()).toMatchObject({ token: '', hasToken: true })
    expect(JSON.stringify(frames)).not.toContain(token)
    expect(frames.length).toBeGreaterThan(0)
    off?.()
    // At rest: the hash, never the token.
    const row = await t.db('whatsapps').where({ id }).first()
    expect(JSON.stringify(row)).not.toContain(token)
    expect(row.tokenHash).toBe(sha256(token))
    expect(await byToken(token)).toMatchObject({ id, companyId: admin.companyId })
    expect(await byToken(token.slice(0, -1))).toBeNull()
    // '' removes it.
    await t.app.inject({ method: 'PUT', url: `/api/whatsapp/${id}`, headers: admin.headers, payload: { token: '' } })
    expect(await byToken(token)).toBeNull()
  })

  it('must be 16 characters at least', async () => {
    const admin = await companyWithUser(t.app, { profile: 'admin' })
    for (const token of ['123', 'short-token-15ch', 'has spaces in the middle']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/whatsapp',
        headers: admin.headers,
        payload: { name: `Fraca ${token.length}`, provider: 'simulator', token },
      })
      if (token.length >= 16 && !token.includes(' ')) continue
      expect(res.json(), token).toMatchObject({ statusCode: 400, error: 'ERR_WAPP_TOKEN_WEAK', field: 'token' })
    }
  })

  it('set before it was hashed keeps working after the migration, and is gone from the table', async () => {
    const admin = await companyWithUser(t.app, { profile: 'admin' })
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/whatsapp',
      headers: admin.headers,
      payload: { name: 'Antiga', provider: 'simulator' },
    })
    const id = made.json().id as number
    // The table as it was before 003, with an integration's token in plain text.
    await migration.down(t.db)
    await t.db('whatsapps').where({ id }).update({ token: 'erp-legacy-token-2024' })
    await migration.up(t.db)
    expect(await t.db.schema.hasColumn('whatsapps', 'token')).toBe(false)
    expect(await byToken('erp-legacy-token-2024')).toMatchObject({ id })
    const row = await t.db('whatsapps').where({ id }).first()
    expect(row).toMatchObject({ tokenHash: sha256('erp-legacy-token-2024'), tokenPreview: 'erp-…2024' })
    // Rows without a token stay without one.
    expect(
      Number((await t.db('whatsapps').whereNot({ id }).whereNotNull('tokenHash').count({ n: '*' }).first())?.n),
    ).toBe(0)
  })
})
