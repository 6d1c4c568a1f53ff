import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { createTestApp, type TestApp } from './support/index.ts'
import {
  apiRoutes,
  BodyGen,
  bodySchema,
  makeTenant,
  populate,
  queryFor,
  tableOf,
  type Route,
  type Schema,
  type Tenant,
} from './support/openapi.ts'

process.env.SIMULATOR_ACK_MS = '0'
// Hundreds of calls on the integrators' routes with one API token: its per-token rate limit (120 a
// minute) would answer 429 before the handlers the fuzzer is after.
process.env.API_TOKEN_RATE_LIMIT = '1000000'

/*
 * The route fuzzer: every operation of the OpenAPI document, driven with hostile input — wrong
 * types, missing and extra fields, huge values, NUL and odd unicode, `__proto__` keys, malformed
 * JSON and multipart, out-of-range ids — must never answer 5xx, and every error it answers has the
 * one error shape with an ERR_* code. Routes that later plugins add are fuzzed with no list to keep.
 */

const NUL = 'a\u0000b'
const ODD = 'ção \uD800 \u202Eevil \u200B🧪 \uFFFF'
const HUGE = 'x'.repeat(200_000)
const BAD_IDS = ['0', '-1', '2147483648', '99999999999999999999', 'abc', '1.5', '%00', '%ED%A0%80', 'a'.repeat(3000)]
const BAD_QUERY = [
  '%00',
  'a'.repeat(10_000),
  '-1',
  '99999999999999999999',
  '%5B%5D',
  '%7B%22a%22%3A1%7D',
  '%ED%A0%80',
  '2147483648',
]
const RAW_BODIES = [
  '{"a":',
  '[]',
  '"text"',
  'null',
  '1',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '\u0000',
]

/*
 * Dates a schema may declare as bare strings (so only the name says it): numbers, text, impossible
 * days, and years JavaScript parses but neither ISO strings nor the database hold.
 */
const DATE_NAME = /date|day|[a-z]At$|^(from|to)$/i
const BAD_DATES = [
  5,
  0,
  'not a date',
  '2026-13-45',
  '2026-02-30T10:00:00Z',
  '2026-12-01T24:00:00Z',
  '0000-01-01T00:00:00Z',
  '99999-01-01T00:00:00Z',
  '+275760-09-13T00:00:00Z',
]
const isDate = (name: string, s: Schema) => DATE_NAME.test(name) || /^date/.test(String(s.format ?? ''))

type Case = { label: string; url: string; payload?: string | object; headers?: Record<string, string> }

function wrongValuesFor(s: Schema, name: string, valid: unknown): unknown[] {
  const type = Array.isArray(s.type) ? s.type.find((x: string) => x !== 'null') : s.type
  const wrong: unknown[] = [{ nested: { deep: [1] } }, [1, 'a', null], NUL, ODD, HUGE, 1e308, -2147483649, 2 ** 53 + 1]
  if (type !== 'string') wrong.push('not-a-number')
  if (type !== 'boolean') wrong.push(true)
  wrong.push(null)
  // A right value wrapped in a one-item array: ajv's coercion lets it through a union's branch as is.
  if (valid !== undefined && !Array.isArray(valid)) wrong.push([valid])
  if (isDate(name, s)) wrong.push(...BAD_DATES)
  return wrong
}

function casesFor(
  r: Route,
  base: { path: string; ids: Record<string, string>; query: string; body: unknown },
  g: BodyGen,
): Case[] {
  const out: Case[] = []
  const url = base.path + base.query
  // Out-of-range and malformed path params, one at a time.
  for (const p of r.pathParams) {
    for (const bad of BAD_IDS) {
      const others = base.ids
      out.push({
        label: `path ${p.name}=${bad.slice(0, 20)}`,
        url: r.path.replace(/\{([^}]+)\}/g, (_m, n: string) => (n === p.name ? bad : others[n])) + base.query,
      })
    }
  }
  // Query params: hostile values, one at a time, and an undeclared one.
  for (const q of (r.op.parameters ?? []).filter((x) => x.in === 'query')) {
    const dates = isDate(q.name, q.schema ?? {}) ? BAD_DATES.map((d) => encodeURIComponent(String(d))) : []
    for (const bad of [...BAD_QUERY, ...dates])
      out.push({ label: `query ${q.name}=${bad.slice(0, 20)}`, url: `${base.path}?${q.name}=${bad}` })
  }
  out.push({
    label: 'query undeclared',
    url: `${base.path}${base.query ? `${base.query}&` : '?'}companyId=1&__proto__=x`,
  })
  if (r.method === 'get' || r.method === 'delete') return out
  // Bodies: absent, empty, raw malformed, extra fields, then each field with wrong values.
  out.push({ label: 'no body', url })
  out.push({ label: 'empty object', url, payload: {} })
  for (const raw of RAW_BODIES)
    out.push({
      label: `raw ${JSON.stringify(raw).slice(0, 30)}`,
      url,
      payload: raw,
      headers: { 'content-type': 'application/json' },
    })
  // Multipart that is not: no boundary, garbage after a boundary, a part cut short.
  out.push({
    label: 'multipart no boundary',
    url,
    payload: 'garbage',
    headers: { 'content-type': 'multipart/form-data' },
  })
  out.push({
    label: 'multipart garbage',
    url,
    payload: 'garbage',
    headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
  })
  out.push({
    label: 'multipart cut',
    url,
    payload:
      '--xyz\r\nContent-Disposition: form-data; name="medias"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhello',
    headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
  })
  out.push({
    label: 'multipart long boundary',
    url,
    payload: 'x',
    headers: { 'content-type': `multipart/form-data; boundary=${'b'.repeat(300)}` },
  })
  out.push({
    label: 'wrong content type',
    url,
    payload: 'a=1',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  })
  const schema = g.resolve(bodySchema(r))
  const body =
    base.body && typeof base.body === 'object' && !Array.isArray(base.body)
      ? (base.body as Record<string, unknown>)
      : undefined
  if (!body) return out
  out.push({ label: 'extra fields', url, payload: { ...body, companyId: 1, id: 1, createdAt: 'x', zzz: NUL } })
  for (const [field, prop] of Object.entries<Schema>(schema.properties ?? {})) {
    for (const bad of wrongValuesFor(g.resolve(prop), field, body[field])) {
      out.push({
        label: `${field}=${JSON.stringify(bad)?.slice(0, 24)}`,
        url,
        payload: JSON.stringify({ ...body, [field]: bad }),
        headers: { 'content-type': 'application/json' },
      })
    }
    const rest = { ...body }
    delete rest[field]
    out.push({ label: `without ${field}`, url, payload: rest })
  }
  return out
}

describe('route fuzzer', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  }, 120_000)
  afterAll(async () => {
    await t?.close()
  })

  it('no operation answers 5xx to hostile input, and every error has the error shape', async () => {
    const { doc, routes } = await apiRoutes(t)
    const A = await makeTenant(t, 'A', '11111111000191')
    const populated = await populate(t, A, routes, doc)
    const superUser = await t.db('users').where({ super: true }).orderBy('id').first('id', 'companyId')
    const issue = async (tn: Tenant, isSuper: boolean) => {
      tn.token = (
        await t.app.kernel.auth.issue({ id: tn.userId, companyId: tn.companyId, profile: 'admin', super: isSuper })
      ).accessToken
    }
    const S: Tenant = { label: 'S', companyId: superUser.companyId, userId: superUser.id, token: '' }
    const isTokenRoute = (r: Route) =>
      (r.op.security ?? []).some((sec) => !!sec && typeof sec === 'object' && 'apiToken' in sec)
    const apiTokenOf = async (tn: Tenant) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/api-tokens/generate',
        headers: { authorization: `Bearer ${tn.token}` },
        payload: { name: `fuzz ${Date.now()}` },
      })
      expect(res.statusCode, res.body).toBe(200)
      return res.json().data.token as string
    }
    const allTables = new Set(
      (await t.db('information_schema.tables').where({ table_schema: 'public' }).select('table_name')).map(
        (r: any) => r.table_name as string,
      ),
    )
    const g = new BodyGen(doc.components?.schemas ?? {}, 'Fuzz', populated.idFor)

    const failures: string[] = []
    const shapeless: string[] = []
    const statuses = new Map<number, number>()
    let calls = 0
    const started = Date.now()
    // Deleting the tenant's own company (as the super user) comes last: nothing of A is left after it.
    // The integrators' routes come first, while A's plan still has the external API (later cases
    // switch plan modules off), each with an API token of its own issued now (a revoke may follow).
    const last = (r: Route) => Number(r.method === 'delete' && r.path === '/api/companies/{id}')
    const ordered = [...routes].sort((a, b) => Number(isTokenRoute(b)) - Number(isTokenRoute(a)) || last(a) - last(b))
    await issue(A, false)
    const apiTokens = new Map<Route, string>()
    for (const r of ordered.filter(isTokenRoute)) apiTokens.set(r, await apiTokenOf(A))
    for (const r of ordered) {
      const idOf = (name: string) => {
        if (name !== 'id') return populated.idFor(name)
        const table = tableOf(r.path, allTables)
        return (table === 'companies' ? A.companyId : table && populated.ids.get(table)?.[0]) as number | undefined
      }
      const ids = Object.fromEntries(
        r.pathParams.map((p) => [p.name, encodeURIComponent(String(idOf(p.name) ?? g.value(p.schema, p.name)))]),
      )
      const path = r.path.replace(/\{([^}]+)\}/g, (_m, n: string) => ids[n])
      const schema = bodySchema(r)
      const base = { path, ids, query: queryFor(r, g), body: schema ? g.value(schema, '', true) : undefined }
      // Routes of the super user are fuzzed as the super user, so their handlers are reached.
      await issue(A, false)
      const probe = await t.app.inject({
        method: r.method.toUpperCase() as 'GET',
        url: base.path + base.query,
        headers: { authorization: `Bearer ${A.token}` },
      })
      const caller = probe.statusCode === 403 && /super user/i.test(probe.body) ? S : A
      await issue(caller, caller === S)
      // The integrators' routes (security apiToken) get a company API token of A's, so their handlers
      // are reached rather than the bearer check alone.
      const bearer = apiTokens.get(r) ?? caller.token
      for (const c of casesFor(r, base, g)) {
        const send = () =>
          t.app.inject({
            method: r.method.toUpperCase() as 'GET',
            url: c.url,
            payload: c.payload as string,
            headers: { authorization: `Bearer ${bearer}`, ...c.headers },
          })
        let res
        try {
          res = await send()
          if (res.statusCode === 401 && !r.isPublic) {
            await issue(caller, caller === S) // an earlier case ended the session (logout)
            res = await send()
          }
        } catch (err) {
          // An answer cut short (a stream that failed midway) is as much a defect as a 500.
          failures.push(`${r.method.toUpperCase()} ${r.path} [${c.label}] → ${(err as Error).message}`)
          continue
        }
        calls++
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1)
        const line = `${r.method.toUpperCase()} ${r.path} [${c.label}] → ${res.statusCode}`
        if (res.statusCode >= 500) failures.push(`${line} ${res.body.slice(0, 200)}`)
        else if (res.statusCode >= 400 && String(res.headers['content-type'] ?? '').includes('json')) {
          const b = res.json()
          if (typeof b.error !== 'string' || !/^(ERR_|PLAN_EXPIRED)/.test(b.error) || b.statusCode !== res.statusCode)
            shapeless.push(`${line} ${res.body.slice(0, 120)}`)
        }
      }
    }
    console.log(
      `route fuzzer: ${routes.length} operations, ${calls} calls in ${((Date.now() - started) / 1000).toFixed(1)} s; answers ${[
        ...statuses,
      ]
        .sort((a, b) => a[0] - b[0])
        .map(([k, v]) => `${k}×${v}`)
        .join(', ')}`,
    )
    expect(failures, 'operations that answered 5xx').toEqual([])
    expect(shapeless, 'errors without the error shape').toEqual([])
    expect(calls).toBeGreaterThan(routes.length * 10)
  }, 600_000)
})
