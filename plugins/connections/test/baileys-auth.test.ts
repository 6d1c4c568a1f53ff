import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { loadBaileys, type BaileysLib } from '../src/providers/baileys/lib.ts'
import { createAuthStore } from '../src/providers/baileys/auth-store.ts'
import { createTestApp, pipelinePlugins, type TestApp } from './support.ts'
import { connectionRow, startHarness } from './baileys-support.ts'

describe('baileys auth state in the database', () => {
  let t: TestApp
  let lib: BaileysLib
  beforeAll(async () => {
    t = await createTestApp({ plugins: pipelinePlugins })
    lib = await loadBaileys()
  })
  afterAll(async () => {
    await t?.close()
  })

  it('round-trips credentials with their binary keys intact', async () => {
    const { ref } = await connectionRow(t)
    const store = createAuthStore(t.app.kernel, ref, lib)
    expect(await store.readCreds()).toBeNull()
    const creds = lib.initAuthCreds()
    creds.me = { id: '5511987654321:7@s.whatsapp.net', lid: '123456789012345:7@lid', name: 'Shop' }
    await store.writeCreds(creds)
    creds.registered = true
    await store.writeCreds(creds) // an upsert: still one row
    const back = (await store.readCreds())!
    expect(Buffer.isBuffer(back.noiseKey.public)).toBe(true)
    expect(Buffer.from(back.noiseKey.private).equals(Buffer.from(creds.noiseKey.private))).toBe(true)
    expect(Buffer.from(back.signedPreKey.signature).equals(Buffer.from(creds.signedPreKey.signature))).toBe(true)
    expect(back).toMatchObject({
      registrationId: creds.registrationId,
      advSecretKey: creds.advSecretKey,
      me: creds.me,
      registered: true,
    })
    expect(await t.db('baileys_creds').where({ whatsappId: ref.id })).toHaveLength(1)
  })

  it('writes, reads and deletes signal keys in one batch, reviving Buffers and protobuf values', async () => {
    const { ref } = await connectionRow(t)
    const { keys } = createAuthStore(t.app.kernel, ref, lib)
    const preKey = { public: Buffer.from('a1b2', 'hex'), private: Buffer.from('c3d4', 'hex') }
    const session = new Uint8Array([1, 2, 3, 250])
    await keys.set({
      'pre-key': { 1: preKey, 2: { public: Buffer.alloc(32, 7), private: Buffer.alloc(32, 8) } },
      session: { '5511987654321.0': session },
      'app-state-sync-key': { AAAAAB: { keyData: Buffer.from('secret'), timestamp: 1700000000 } },
      'lid-mapping': { '5511987654321': '123456789012345', '123456789012345_reverse': '5511987654321' },
    })
    const pre = await keys.get('pre-key', ['1', '2', '3'])
    expect(Object.keys(pre).sort()).toEqual(['1', '2'])
    expect(Buffer.isBuffer(pre['1'].public)).toBe(true)
    expect(Buffer.from(pre['1'].private).toString('hex')).toBe('c3d4')
    const sess = await keys.get('session', ['5511987654321.0'])
    expect(Buffer.from(sess['5511987654321.0']).equals(Buffer.from(session))).toBe(true)
    const app = (await keys.get('app-state-sync-key', ['AAAAAB'])).AAAAAB
    expect(app).toBeInstanceOf(lib.proto.Message.AppStateSyncKeyData)
    expect(Buffer.from(app.keyData!).toString()).toBe('secret')
    expect(await keys.get('lid-mapping', ['123456789012345_reverse'])).toEqual({
      '123456789012345_reverse': '5511987654321',
    })

    // Null deletes, a value overwrites, both in the same call.
    await keys.set({ 'pre-key': { 1: null, 2: { public: Buffer.alloc(32, 9), private: Buffer.alloc(32, 9) } } })
    const after = await keys.get('pre-key', ['1', '2'])
    expect(Object.keys(after)).toEqual(['2'])
    expect(Buffer.from(after['2'].public)[0]).toBe(9)
    const rows = await t.db('baileys_keys').where({ whatsappId: ref.id }).orderBy(['type', 'id'])
    expect(rows.map((r) => `${r.type}/${r.id}`)).toEqual([
      'app-state-sync-key/AAAAAB',
      'lid-mapping/123456789012345_reverse',
      'lid-mapping/5511987654321',
      'pre-key/2',
      'session/5511987654321.0',
    ])
    expect(rows.every((r) => r.companyId === ref.companyId)).toBe(true)
  })

  it('keeps a batch all or nothing', async () => {
    const { ref } = await connectionRow(t)
    const { keys } = createAuthStore(t.app.kernel, ref, lib)
    await keys.set({ 'pre-key': { 1: { public: Buffer.alloc(1), private: Buffer.alloc(1) } } })
    // The deletes run first; an id longer than the column then fails the insert: the delete must not stay.
    await expect(
      keys.set({ 'pre-key': { 1: null }, session: { ['x'.repeat(600)]: new Uint8Array([1]) } }),
    ).rejects.toThrow()
    expect(Object.keys(await keys.get('pre-key', ['1']))).toEqual(['1'])
  })

  it('is tenant-scoped: another company can neither read nor overwrite the keys', async () => {
    const a = await connectionRow(t)
    const b = await connectionRow(t)
    const own = createAuthStore(t.app.kernel, a.ref, lib)
    await own.keys.set({ session: { s1: new Uint8Array([1]) } })
    await own.writeCreds(lib.initAuthCreds())
    // A store built with A's connection id but B's company (a wrong ref) sees nothing of A's.
    const other = createAuthStore(t.app.kernel, { id: a.ref.id, companyId: b.ref.companyId }, lib)
    expect(await other.keys.get('session', ['s1'])).toEqual({})
    expect(await other.readCreds()).toBeNull()
    await other.keys.set({ session: { s1: new Uint8Array([9]) } })
    await other.writeCreds(lib.initAuthCreds())
    await other.clear()
    expect(Buffer.from((await own.keys.get('session', ['s1'])).s1)[0]).toBe(1)
    expect(await own.readCreds()).not.toBeNull()
    expect(await t.db('baileys_keys').where({ whatsappId: a.ref.id }).pluck('companyId')).toEqual([a.ref.companyId])
  })

  it('clear() forgets the pairing; deleting the connection deletes its auth rows', async () => {
    const a = await connectionRow(t)
    const store = createAuthStore(t.app.kernel, a.ref, lib)
    await store.writeCreds(lib.initAuthCreds())
    await store.keys.set({ 'pre-key': { 1: { public: Buffer.alloc(1), private: Buffer.alloc(1) } } })
    await store.clear()
    expect(await store.readCreds()).toBeNull()
    expect(await store.keys.get('pre-key', ['1'])).toEqual({})

    await store.writeCreds(lib.initAuthCreds())
    await store.keys.set({ 'pre-key': { 1: { public: Buffer.alloc(1), private: Buffer.alloc(1) } } })
    const del = await t.app.inject({ method: 'DELETE', url: `/api/whatsapp/${a.ref.id}`, headers: a.headers })
    expect(del.statusCode).toBe(200)
    expect(await t.db('baileys_creds').where({ whatsappId: a.ref.id })).toHaveLength(0)
    expect(await t.db('baileys_keys').where({ whatsappId: a.ref.id })).toHaveLength(0)
  })

  it('a session saves credential updates and a restart resumes with them (no new QR pairing)', async () => {
    const { ref } = await connectionRow(t)
    const h = await startHarness(t.app.kernel, ref)
    const first = h.sock()
    const creds = first.config.auth!.creds
    first.emit('creds.update', { me: { id: '5511987654321:7@s.whatsapp.net', name: 'Shop' }, registered: true })
    await h.settle()
    await h.session.stop({ silent: true })
    const again = await startHarness(t.app.kernel, ref)
    const resumed = again.sock().config.auth!.creds
    expect(resumed).toMatchObject({
      me: { id: '5511987654321:7@s.whatsapp.net' },
      registered: true,
      registrationId: creds.registrationId,
    })
    expect(Buffer.from(resumed.noiseKey.private).equals(Buffer.from(creds.noiseKey.private))).toBe(true)
    // The socket's key store is Baileys' cache over our table.
    await again.sock().config.auth!.keys.set({ session: { s9: new Uint8Array([4]) } })
    expect(await t.db('baileys_keys').where({ whatsappId: ref.id, type: 'session', id: 's9' })).toHaveLength(1)
    await again.session.stop({ silent: true })
  })
})
