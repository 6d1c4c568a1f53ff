import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import type { FastifyBaseLogger } from 'fastify'
import { definePlugin, type EventMeta } from '@atende/sdk'
import { createBus } from '../src/bus/index.ts'
import { companyWithUser, createTestApp, hasRedis, until, type TestApp } from './support/index.ts'

/** A route that emits an event from inside a signed-in request, as a feature's write does. */
const emitter = definePlugin({
  name: 'meta-probe',
  version: '1.0.0',
  host: '^1.0.0',
  essential: true,
  register(app, kernel) {
    app.post('/meta-probe', async () => {
      await kernel.bus.emit('setting.updated', { companyId: 0, key: 'meta-probe', value: '' })
      return { ok: true }
    })
  },
})

/** The meta each app's onAny subscribers saw for the probe's event. */
function metaOf(...apps: TestApp[]) {
  const seen: EventMeta[][] = apps.map(() => [])
  const offs = apps.map((t, i) =>
    t.app.kernel.bus.onAny((event, payload, meta) => {
      if (event === 'setting.updated' && (payload as { key: string }).key === 'meta-probe') seen[i]!.push(meta)
    }),
  )
  return { seen, off: () => offs.forEach((off) => off()) }
}

const quietLog = () => {
  const errors: unknown[] = []
  const noop = () => {}
  const log = {
    error: (o: unknown) => errors.push(o),
    warn: noop,
    info: noop,
    debug: noop,
    trace: noop,
    fatal: noop,
    child: () => log,
  } as unknown as FastifyBaseLogger
  return { log, errors }
}

/**
 * Redis hands each subscriber the messages in the order they were published, and emit resolves once
 * published: when a marker published by one bus has reached the other, every event published before
 * it has reached that one too (a duplicate or a stray delivery would already be there).
 */
async function markerReaches(from: { emit: TestApp['app']['kernel']['bus']['emit'] }, to: TestApp) {
  const key = `marker-${Math.random().toString(36).slice(2)}`
  let seen = false
  const off = to.app.kernel.bus.on('setting.updated', (p) => {
    if (p.key === key) seen = true
  })
  try {
    await from.emit('setting.updated', { companyId: 0, key, value: '' })
    await until(() => seen, 3000)
  } finally {
    off()
  }
}

describe('event bus: who caused an event (EventMeta)', () => {
  it('names the signed-in user of the request that emitted it, and nobody outside a request', async () => {
    const t = await createTestApp({ plugins: [emitter] })
    try {
      const { headers, userId, companyId } = await companyWithUser(t.app, { profile: 'admin' })
      const { seen, off } = metaOf(t)
      expect((await t.app.inject({ method: 'POST', url: '/api/meta-probe', headers })).statusCode).toBe(200)
      await t.app.kernel.bus.emit('setting.updated', { companyId: 0, key: 'meta-probe', value: '' })
      off()
      expect(seen[0]).toEqual([
        { actor: { userId, companyId, profile: 'admin', super: false }, local: true },
        { actor: null, local: true },
      ])
    } finally {
      await t.close()
    }
  })
})

describe('event bus (in-process)', () => {
  it('delivers to on and onAny subscribers, and a throwing handler does not stop the others', async () => {
    const { log, errors } = quietLog()
    const bus = await createBus({ log })
    const seen: string[] = []
    bus.on('user.deleted', () => {
      throw new Error('boom')
    })
    bus.on('user.deleted', async () => {
      throw new Error('async boom')
    })
    bus.on('user.deleted', ({ userId }) => {
      seen.push(`on:${userId}`)
    })
    bus.onAny((event) => {
      seen.push(`any:${event}`)
    })
    await bus.emit('user.deleted', { companyId: 1, userId: 7 })
    expect(seen).toEqual(['on:7', 'any:user.deleted'])
    expect(errors).toHaveLength(2)
    expect(await bus.health()).toBe('disabled')
    await bus.close()
  })

  it('stops delivering after unsubscribe', async () => {
    const bus = await createBus({ log: quietLog().log })
    let n = 0
    const off = bus.on('company.deleted', () => {
      n++
    })
    await bus.emit('company.deleted', { companyId: 1 })
    off()
    await bus.emit('company.deleted', { companyId: 1 })
    expect(n).toBe(1)
  })

  it('reports redis as disabled in the health check without REDIS_URL', async () => {
    const t = await createTestApp({ plugins: [], config: { redisUrl: undefined } })
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/health' })
      expect(res.json()).toMatchObject({ status: 'ok', db: 'ok', redis: 'disabled' })
    } finally {
      await t.close()
    }
  })
})

describe.skipIf(!hasRedis)('event bus over Redis (skipped: set REDIS_URL to run it)', () => {
  const redisPrefix = `atende-test-bus-${Date.now().toString(36)}`
  let a: TestApp
  let b: TestApp
  beforeAll(async () => {
    a = await createTestApp({ plugins: [], config: { redisPrefix } })
    b = await createTestApp({ plugins: [], db: a.db, config: { redisPrefix } })
  })
  afterAll(async () => {
    await b?.close()
    await a?.close()
  })

  it('reports redis ok in the health check', async () => {
    const res = await a.app.inject({ method: 'GET', url: '/api/health' })
    expect(res.json()).toMatchObject({ status: 'ok', redis: 'ok' })
  })

  it('delivers each event once per subscriber in every process, both ways', async () => {
    const got = { a: [] as number[], b: [] as number[], anyA: 0, anyB: 0 }
    const offs = [
      a.app.kernel.bus.on('user.deleted', ({ userId }) => {
        got.a.push(userId)
      }),
      b.app.kernel.bus.on('user.deleted', ({ userId }) => {
        got.b.push(userId)
      }),
      a.app.kernel.bus.onAny((e) => {
        if (e === 'user.deleted') got.anyA++
      }),
      b.app.kernel.bus.onAny((e) => {
        if (e === 'user.deleted') got.anyB++
      }),
    ]
    await a.app.kernel.bus.emit('user.deleted', { companyId: 1, userId: 1 })
    // Local delivery is immediate: the emitter's own subscribers have it when emit resolves.
    expect(got.a).toEqual([1])
    await b.app.kernel.bus.emit('user.deleted', { companyId: 1, userId: 2 })
    await until(() => got.a.length === 2 && got.b.length === 2, 3000)
    // Each process hears a marker the other published after both events: any duplicate is in by then.
    await markerReaches(a.app.kernel.bus, b)
    await markerReaches(b.app.kernel.bus, a)
    expect(got.a).toEqual([1, 2])
    expect(got.b.sort()).toEqual([1, 2])
    expect(got.anyA).toBe(2)
    expect(got.anyB).toBe(2)
    offs.forEach((off) => off())
  })

  it('keeps delivering to the other subscribers when one throws', async () => {
    const seen: number[] = []
    const offs = [
      b.app.kernel.bus.on('user.deleted', () => {
        throw new Error('boom')
      }),
      b.app.kernel.bus.on('user.deleted', ({ userId }) => {
        seen.push(userId)
      }),
    ]
    await a.app.kernel.bus.emit('user.deleted', { companyId: 1, userId: 3 })
    await a.app.kernel.bus.emit('user.deleted', { companyId: 1, userId: 4 })
    await until(() => seen.length === 2)
    expect(seen).toEqual([3, 4])
    offs.forEach((off) => off())
  })

  it('carries payloads as JSON: a Date arrives in another process as an ISO string', async () => {
    const at = new Date('2025-01-02T03:04:05.000Z')
    let local: unknown
    let remote: unknown
    const offs = [
      a.app.kernel.bus.on('user.updated', ({ user }) => {
        local = user.at
      }),
      b.app.kernel.bus.on('user.updated', ({ user }) => {
        remote = user.at
      }),
    ]
    await a.app.kernel.bus.emit('user.updated', { companyId: 1, user: { id: 1, at } })
    await until(() => remote !== undefined)
    expect(local).toBeInstanceOf(Date)
    expect(remote).toBe('2025-01-02T03:04:05.000Z')
    offs.forEach((off) => off())
  })

  it('does not hear another deployment sharing the Redis', async () => {
    const other = await createTestApp({ plugins: [], db: a.db, config: { redisPrefix: `${redisPrefix}-other` } })
    try {
      let heard = 0
      const off = other.app.kernel.bus.on('company.deleted', () => {
        heard++
      })
      let mine = 0
      const off2 = b.app.kernel.bus.on('company.deleted', () => {
        mine++
      })
      await a.app.kernel.bus.emit('company.deleted', { companyId: 99 })
      await until(() => mine === 1, 3000)
      // A marker on the other deployment's channel, published after a's event, reaches it after
      // a's event would have (had it gone to that channel).
      const probe = await createBus({
        redisUrl: process.env.REDIS_URL,
        prefix: `${redisPrefix}-other`,
        log: quietLog().log,
      })
      try {
        await markerReaches(probe, other)
      } finally {
        await probe.close()
      }
      expect(heard).toBe(0)
      off()
      off2()
    } finally {
      await other.close()
    }
  })
})

describe.skipIf(!hasRedis)('EventMeta over Redis (skipped: set REDIS_URL to run it)', () => {
  it('carries the actor to the other processes, which see the event as not theirs', async () => {
    const redisPrefix = `atende-test-meta-${Date.now().toString(36)}`
    const a = await createTestApp({ plugins: [emitter], config: { redisPrefix } })
    const b = await createTestApp({ plugins: [emitter], db: a.db, config: { redisPrefix } })
    try {
      const { headers, userId, companyId } = await companyWithUser(a.app, { profile: 'admin' })
      const { seen, off } = metaOf(a, b)
      expect((await a.app.inject({ method: 'POST', url: '/api/meta-probe', headers })).statusCode).toBe(200)
      await until(() => seen[1]!.length === 1, 3000)
      off()
      const actor = { userId, companyId, profile: 'admin', super: false }
      expect(seen).toEqual([[{ actor, local: true }], [{ actor, local: false }]])
    } finally {
      await b.close()
      await a.close()
    }
  })
})
