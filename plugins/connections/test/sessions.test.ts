import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { createTestApp, companyWithUser, until, type TestApp, type Headers } from '@atende/kernel/testing'
import type { EventMap } from '@atende/sdk'
import { pipelinePlugins } from './support.ts'
import { simulatorEnabled } from '../src/providers/simulator.ts'
import WebSocket from 'ws'

describe('connection sessions (simulator provider)', () => {
  let t: TestApp
  let h: Headers
  const sessionEvents: EventMap['whatsappSession.updated'][] = []
  const whatsappEvents: unknown[] = []
  beforeAll(async () => {
    t = await createTestApp({ plugins: pipelinePlugins })
    h = (await companyWithUser(t.app)).headers
    t.app.kernel.bus.on('whatsappSession.updated', (p) => {
      sessionEvents.push(p)
    })
    t.app.kernel.bus.on('whatsapp.deleted', (p) => {
      whatsappEvents.push(p)
    })
  })
  afterAll(async () => {
    await t?.close()
  })

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: h, payload })
  const get = async (id: number) => (await call('GET', `/api/whatsapp/${id}`)).json()

  it('goes qrcode → CONNECTED → DISCONNECTED → qrcode, persisting and emitting each change', async () => {
    const w = (await call('POST', '/api/whatsapp', { name: 'Sim', provider: 'simulator' })).json()
    expect(w.status).toBe('qrcode')
    expect(w.qrcode).toMatch(new RegExp(`^SIMULATOR:${w.id}:`))
    await until(() => sessionEvents.some((e) => e.session.id === w.id))
    const first = sessionEvents.find((e) => e.session.id === w.id)!
    expect(first.companyId).toBe(w.companyId)
    expect(first.session).toMatchObject({ id: w.id, status: 'qrcode', qrcode: w.qrcode, retries: 0 })
    expect(typeof first.session.updatedAt).toBe('string')

    const scanned = await call('POST', `/api/simulator/${w.id}/scan`, {})
    expect(scanned.statusCode).toBe(200)
    expect(scanned.json()).toMatchObject({ status: 'CONNECTED', qrcode: '', number: `5511999990000${w.id}` })
    expect(await get(w.id)).toMatchObject({ status: 'CONNECTED', number: `5511999990000${w.id}` })
    await until(() => sessionEvents.some((e) => e.session.id === w.id && e.session.status === 'CONNECTED'))

    const off = await call('POST', `/api/simulator/${w.id}/disconnect`)
    expect(off.json()).toMatchObject({ status: 'DISCONNECTED', qrcode: '' })
    // Not running any more: the simulator cannot scan until the session starts again.
    expect((await call('POST', `/api/simulator/${w.id}/scan`, {})).json().error).toBe('ERR_WAPP_NOT_INITIALIZED')

    expect((await call('POST', `/api/whatsappsession/${w.id}`)).statusCode).toBe(200)
    expect(await get(w.id)).toMatchObject({ status: 'qrcode' })
    await call('POST', `/api/simulator/${w.id}/scan`, { number: '5521988887777' })
    expect(await get(w.id)).toMatchObject({ status: 'CONNECTED', number: '5521988887777' })
    expect((await call('DELETE', `/api/whatsappsession/${w.id}`)).statusCode).toBe(200)
    expect(await get(w.id)).toMatchObject({ status: 'DISCONNECTED', qrcode: '' })
    await until(
      () => sessionEvents.filter((e) => e.session.id === w.id && e.session.status === 'DISCONNECTED').length === 2,
    )
    expect(sessionEvents.filter((e) => e.session.id === w.id).map((e) => e.session.status)).toEqual([
      'qrcode',
      'CONNECTED',
      'DISCONNECTED',
      'qrcode',
      'CONNECTED',
      'DISCONNECTED',
    ])
  })

  it('new QR gives a new code with retries reset', async () => {
    const w = (await call('POST', '/api/whatsapp', { name: 'Sim QR', provider: 'simulator' })).json()
    await t.db('whatsapps').where({ id: w.id }).update({ retries: 4 })
    expect((await call('PUT', `/api/whatsappsession/${w.id}`)).statusCode).toBe(200)
    const after = await get(w.id)
    expect(after.status).toBe('qrcode')
    expect(after.qrcode).toMatch(/^SIMULATOR:/)
    expect(after.qrcode).not.toBe(w.qrcode)
    expect(after.retries).toBe(0)
    // Also when no session runs (after a disconnect): it starts one.
    await call('DELETE', `/api/whatsappsession/${w.id}`)
    await call('PUT', `/api/whatsappsession/${w.id}`)
    expect((await get(w.id)).status).toBe('qrcode')
  })

  it('delivers session and connection events to the company room over the socket', async () => {
    const addr = await t.app.listen({ port: 0, host: '127.0.0.1' })
    const token = h.authorization.slice('Bearer '.length)
    const ws = new WebSocket(`${addr.replace('http', 'ws')}/socket?token=${encodeURIComponent(token)}`)
    const frames: { event: string; data: any }[] = []
    ws.on('message', (raw) => frames.push(JSON.parse(raw.toString())))
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve())
      ws.once('error', reject)
    })
    // A ping round trip: the socket has joined its company room once the pong arrives.
    ws.send(JSON.stringify({ type: 'ping' }))
    await until(() => frames.some((f) => f.event === 'pong'))
    try {
      const w = (await call('POST', '/api/whatsapp', { name: 'Sim RT', provider: 'simulator' })).json()
      const cid = w.companyId
      await until(() => frames.some((f) => f.event === `company-${cid}-whatsappSession`))
      expect(frames.find((f) => f.event === `company-${cid}-whatsappSession`)!.data).toEqual({
        action: 'update',
        session: { id: w.id, status: 'qrcode', qrcode: w.qrcode, retries: 0, updatedAt: w.updatedAt },
      })
      await until(() => frames.some((f) => f.event === `company-${cid}-whatsapp`))
      expect(frames.find((f) => f.event === `company-${cid}-whatsapp`)!.data).toMatchObject({
        action: 'update',
        whatsapp: { id: w.id, name: 'Sim RT' },
      })
      await call('DELETE', `/api/whatsapp/${w.id}`)
      await until(() => frames.some((f) => f.data?.action === 'delete'))
      expect(frames.filter((f) => f.data?.action === 'delete')).toEqual([
        { event: `company-${cid}-whatsapp`, data: { action: 'delete', whatsappId: w.id } },
      ])
      await until(() => whatsappEvents.length > 0)
      expect(whatsappEvents).toContainEqual({ companyId: cid, whatsappId: w.id })
    } finally {
      ws.terminate()
    }
  })

  it('starts a Baileys (beta) session on request and stops it on disconnect (no network here: it stays OPENING)', async () => {
    const w = (await call('POST', '/api/whatsapp', { name: 'Real phone' })).json()
    expect(w).toMatchObject({ provider: 'beta', status: 'DISCONNECTED' })
    expect((await call('POST', `/api/whatsappsession/${w.id}`)).statusCode).toBe(200)
    await until(() => sessionEvents.some((e) => e.session.id === w.id && e.session.status === 'OPENING'))
    // The simulator routes only serve simulator connections.
    expect((await call('POST', `/api/simulator/${w.id}/scan`, {})).statusCode).toBe(404)
    expect((await call('DELETE', `/api/whatsappsession/${w.id}`)).statusCode).toBe(200)
    expect((await get(w.id)).status).toBe('DISCONNECTED')
  })

  it('ends the session when the connection switches provider, and stops it on delete', async () => {
    const w = (await call('POST', '/api/whatsapp', { name: 'Sim switch', provider: 'simulator' })).json()
    const res = await call('PUT', `/api/whatsapp/${w.id}`, { provider: 'beta' })
    expect(res.json()).toMatchObject({ provider: 'beta', status: 'DISCONNECTED', qrcode: '' })
    const v = (await call('POST', '/api/whatsapp', { name: 'Sim gone', provider: 'simulator' })).json()
    await call('DELETE', `/api/whatsapp/${v.id}`)
    expect((await call('POST', `/api/simulator/${v.id}/scan`, {})).statusCode).toBe(404)
  })

  it('enables the simulator in embedded mode or with SIMULATOR_ENABLED=true', () => {
    expect(simulatorEnabled('embedded', {})).toBe(true)
    expect(simulatorEnabled('production', {})).toBe(false)
    expect(simulatorEnabled('production', { SIMULATOR_ENABLED: 'true' })).toBe(true)
  })
})
