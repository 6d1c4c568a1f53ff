import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { randomUUID } from 'node:crypto'
import type { Knex } from 'knex'
import { definePlugin, IdParams, notFound, Type } from '@atende/sdk'
import { createTestApp, type TestApp } from './support/index.ts'

// A's own sends (populated below) would otherwise have their acks advance during the walk, a change
// no call of B's made: the simulated phone keeps them at "sent".
process.env.SIMULATOR_ACK_MS = '0'

/*
 * The tenancy walk (ARCHITECTURE.md §3): every route the OpenAPI document lists, walked as tenant B
 * against tenant A's ids, must answer 401/403/404 (400 for a body refused before any lookup) and
 * never 2xx; B's lists never show A's data; A's rows end unchanged. Routes come from the document
 * and data from each route's own schema, so routes that later plugins add are walked with no list.
 */

type Schema = Record<string, any>
type Op = { parameters?: { in: string; name: string; required?: boolean; schema?: Schema }[]; requestBody?: { content?: Record<string, { schema?: Schema }> }; security?: unknown[] }
interface Route { method: string; path: string; op: Op; pathParams: { name: string; schema: Schema }[]; isPublic: boolean }
interface Tenant { companyId: number; userId: number; token: string }
type Ids = Map<string, unknown[]> // table → values of its `id` column

const MARK_A = 'TenantA'
/**
 * Values the body generator cannot guess, merged into A's generated bodies: a simulator connection
 * (so A can pair it and a customer can write: contacts, tickets and messages to walk), a valid
 * queue colour, a customer number.
 */
const HINTS: Record<string, Record<string, unknown>> = {
  '/api/whatsapp': { provider: 'simulator' },
  '/api/queue': { color: '#1f6feb', greetingMessage: `${MARK_A} greeting` },
  '/api/simulator/{whatsappId}/inbound': { from: '5547999990001', name: `${MARK_A} customer`, body: `${MARK_A} message`, mediaUrl: undefined, mediaType: undefined, groupId: undefined, quotedId: undefined },
  '/api/simulator/{whatsappId}/scan': { number: undefined },
}
const hinted = (path: string, body: unknown) =>
  HINTS[path] && body && typeof body === 'object' ? Object.fromEntries(Object.entries({ ...body, ...HINTS[path] }).filter(([, v]) => v !== undefined)) : body
const LEAK = /tenanta/i
const ID_PARAM = /(^id$|Id$|_id$|uuid$|^token$)/
const METHOD_ORDER = ['get', 'post', 'put', 'patch', 'delete']
const MAX_CALLS_PER_ROUTE = 30
const ALLOWED = new Set([401, 403, 404])
const PUBLIC_SKIP_REASON = 'public (security: []): login, sign-up, password reset and other calls that need no session'

/** Values that satisfy a JSON schema, with a tenant marker in free text so leaks are visible. */
class BodyGen {
  private n = 0
  constructor(private components: Record<string, Schema>, private marker: string, private idFor: (name: string) => unknown) {}

  resolve(s: Schema | undefined): Schema {
    let out = s ?? {}
    for (let i = 0; out.$ref && i < 10; i++) out = this.components[String(out.$ref).split('/').pop()!] ?? {}
    return out
  }

  value(raw: Schema | undefined, name = '', full = true): unknown {
    const s = this.resolve(raw)
    if ('const' in s) return s.const
    if (Array.isArray(s.enum)) return s.enum.includes('simulator') ? 'simulator' : s.enum[0]
    const branches = (s.anyOf ?? s.oneOf)?.map((b: Schema) => this.resolve(b)).filter((b: Schema) => b.type !== 'null')
    if (branches?.length) return this.value(branches.find((b: Schema) => b.const === 'simulator') ?? branches[0], name, full)
    if (s.allOf) return Object.assign({}, ...s.allOf.map((b: Schema) => this.value(b, name, full)))
    const type = Array.isArray(s.type) ? s.type.find((t: string) => t !== 'null') : s.type
    if (type === 'object' || s.properties) {
      const out: Record<string, unknown> = {}
      for (const [k, p] of Object.entries<Schema>(s.properties ?? {})) if (full || s.required?.includes(k)) out[k] = this.value(p, k, full)
      return out
    }
    if (type === 'array') return Array.from({ length: s.minItems ?? 0 }, () => this.value(s.items, name, full))
    if (type === 'integer' || type === 'number') {
      const known = /Id$/.test(name) ? this.idFor(name) : undefined
      if (typeof known === 'number') return known
      let v = 1
      const lo = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : undefined)
      const hi = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : undefined)
      if (lo !== undefined && v < lo) v = lo
      if (hi !== undefined && v > hi) v = hi
      return v
    }
    if (type === 'boolean') return false
    return this.string(s, name)
  }

  string(s: Schema, name: string): string {
    const n = ++this.n
    const email = `${this.marker.toLowerCase()}.${name.toLowerCase().replace(/[^a-z0-9]/g, '') || 'x'}${n}@example.com`
    const byFormat: Record<string, string> = {
      email, 'date-time': new Date().toISOString(), date: new Date().toISOString().slice(0, 10), time: '12:00:00',
      uri: `https://example.com/${this.marker}-${n}`, url: `https://example.com/${this.marker}-${n}`, uuid: randomUUID(),
    }
    if (s.format && byFormat[s.format]) return byFormat[s.format]
    let text = `${this.marker} ${name} ${n}`
    if (/password/i.test(name)) text = 'Aa1!aaaa'
    else if (/email/i.test(name)) text = email
    else if (/cnpj/i.test(name)) text = '11444777000161'
    else if (/phone|number/i.test(name)) text = `55119${String(10000000 + n).slice(-8)}`
    const fit = (t: string) => {
      if (s.minLength && t.length < s.minLength) t = t.padEnd(s.minLength, 'x')
      return s.maxLength ? t.slice(0, s.maxLength) : t
    }
    if (!s.pattern) return fit(text)
    const re = new RegExp(s.pattern, 'u')
    const tries = [text, `${this.marker}${n}`, 'Aa1!aaaa', email, `55119${String(10000000 + n).slice(-8)}`, '11444777000161', String(n), 'a', 'A']
    return tries.map(fit).find((t) => re.test(t)) ?? fit(text)
  }
}

const snake = (s: string) => s.replace(/([a-z0-9])([A-Z])/g, '$1_$2').replace(/-/g, '_').toLowerCase()
const tableCandidates = (word: string) => { const b = snake(word); return [b, `${b}s`, `${b}es`, b.replace(/y$/, 'ies')] }

/** The resource table a path most likely reads: the last static segment before the first param that names a table. */
function tableOf(path: string, tables: Set<string>): string | undefined {
  const segs = path.replace(/^\/api\//, '').split('/')
  const first = segs.findIndex((s) => s.startsWith('{'))
  const statics = (first === -1 ? segs : segs.slice(0, first)).filter(Boolean).reverse()
  for (const s of statics) for (const c of tableCandidates(s)) if (tables.has(c)) return c
  return undefined
}

async function columnsNamed(db: Knex, column: string): Promise<string[]> {
  const rows: { table_name: string }[] = await db('information_schema.columns').where({ table_schema: 'public', column_name: column }).select('table_name')
  return rows.map((r) => r.table_name).filter((t) => !t.startsWith('_migrations_')).sort()
}

/** A's data: every row of every table with a companyId, plus its companies row, as sorted JSON. */
async function snapshot(db: Knex, companyId: number) {
  const out: Record<string, unknown[]> = {}
  for (const t of await columnsNamed(db, 'companyId')) {
    out[t] = (await db(t).where({ companyId })).map((r) => JSON.parse(JSON.stringify(r))).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))
  }
  out.companies = [JSON.parse(JSON.stringify(await db('companies').where({ id: companyId }).first()))]
  return out
}

function idsOf(snap: Record<string, any[]>): Ids {
  return new Map(Object.entries(snap).map(([t, rows]) => [t, rows.map((r) => r.id).filter((v) => v != null)]))
}

/** Walks every route of the app's OpenAPI document as tenant B against tenant A's data. */
async function walk(t: TestApp) {
  async function makeTenant(label: string): Promise<Tenant> {
    const { db } = t
    const plan = await db('plans').orderBy('id').first('id')
    const cnpj = label === 'A' ? '11111111000191' : '22222222000191'
    const [company] = await db('companies').insert({ name: `Tenant${label} Company`, email: `admin@tenant${label}.test`, cnpj, planId: plan.id, status: true, dueDate: new Date(Date.now() + 30 * 864e5) }).returning('id')
    const passwordHash = await t.app.kernel.auth.hashPassword('Aa1!aaaa')
    const [user] = await db('users').insert({ companyId: company.id, name: `Tenant${label} Admin`, email: `admin@tenant${label}.test`, passwordHash, profile: 'admin' }).returning('id')
    const tenant = { companyId: company.id, userId: user.id, token: '' }
    await refreshToken(tenant)
    return tenant
  }
  async function refreshToken(tn: Tenant) {
    tn.token = (await t.app.kernel.auth.issue({ id: tn.userId, companyId: tn.companyId, profile: 'admin', super: false })).accessToken
  }
  /** One call as a tenant; a session ended by a previous call (logout-like routes) is renewed and the call retried. */
  async function call(tn: Tenant, method: string, url: string, payload?: unknown) {
    const send = () => t.app.inject({ method: method.toUpperCase() as 'GET', url, payload: payload as object, headers: { authorization: `Bearer ${tn.token}` } })
    let res = await send()
    if (res.statusCode === 401) {
      const alive = await t.app.inject({ method: 'GET', url: '/api/permissions', headers: { authorization: `Bearer ${tn.token}` } })
      if (alive.statusCode === 401) { await refreshToken(tn); res = await send() }
    }
    return res
  }
  const query = (route: Route, g: BodyGen, extra: Record<string, unknown> = {}) => {
    const qs = new URLSearchParams()
    for (const p of route.op.parameters ?? []) {
      if (p.in !== 'query') continue
      const v = p.name in extra ? extra[p.name] : p.required ? g.value(p.schema, p.name) : undefined
      if (v !== undefined) qs.set(p.name, String(v))
    }
    const s = qs.toString()
    return s ? `?${s}` : ''
  }
  const bodySchema = (route: Route) => route.op.requestBody?.content?.['application/json']?.schema

  // 1. Every route from the OpenAPI document (each has a TypeBox schema, so params and bodies are listed).
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json()
  const gen = (marker: string, idFor: (name: string) => unknown) => new BodyGen(doc.components?.schemas ?? {}, marker, idFor)
  const routes: Route[] = []
  for (const [path, ops] of Object.entries<Record<string, Op>>(doc.paths)) {
    if (!path.startsWith('/api/') || path.startsWith('/api/docs')) continue
    for (const [method, op] of Object.entries(ops)) {
      if (!METHOD_ORDER.includes(method)) continue
      const declared = new Map((op.parameters ?? []).filter((p) => p.in === 'path').map((p) => [p.name, p.schema ?? {}]))
      const pathParams = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => ({ name: m[1], schema: declared.get(m[1]) ?? { type: 'string' } }))
      routes.push({ method, path, op, pathParams, isPublic: Array.isArray(op.security) && op.security.length === 0 })
    }
  }
  // Reads first, deletes last, so a leaking delete cannot hide a leaking read.
  routes.sort((a, b) => METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method) || a.path.localeCompare(b.path))
  const A = await makeTenant('A')
  const B = await makeTenant('B')
  const { db } = t
  const tenantTables = new Set(await columnsNamed(db, 'companyId'))
  const allTables = new Set((await db('information_schema.tables').where({ table_schema: 'public', table_type: 'BASE TABLE' }).select('table_name')).map((r: any) => r.table_name as string))
  const plan = await db('plans').orderBy('id').first('id')
  let aIds: Ids = new Map()
  const firstIdOf = (name: string) => {
    if (name === 'companyId') return A.companyId
    if (name === 'userId') return A.userId
    if (name === 'planId') return plan.id
    for (const c of tableCandidates(name.replace(/Ids?$/, ''))) if (aIds.get(c)?.length) return aIds.get(c)![0]
    return undefined
  }
  const genA = gen(MARK_A, firstIdOf)

  // 2. Populate A through every POST without path params, then through POSTs on A's own rows (a
  //    simulator connection paired, a customer writing: tickets and messages), in rounds: later rows
  //    may need earlier ones.
  // (Not the ones that end something, like a disconnect: A's rows should stay alive for the walk.)
  const creators = routes.filter((r) => r.method === 'post' && !r.isPublic && !r.path.startsWith('/api/auth/') && !r.path.endsWith('/disconnect'))
  const pathFor = (r: Route) => r.pathParams.reduce((p, prm) => p.replace(`{${prm.name}}`, String(firstIdOf(prm.name) ?? 0)), r.path)
  const created: string[] = []
  for (let round = 0; round < 3; round++) {
    for (const r of creators) {
      if (r.pathParams.length && round === 0) continue
      aIds = idsOf(await snapshot(db, A.companyId))
      const schema = bodySchema(r)
      const url = pathFor(r)
      if (url.includes('/0/') || url.endsWith('/0')) continue
      let res = await call(A, 'post', url + query(r, genA), schema ? hinted(r.path, genA.value(schema, '', true)) : undefined)
      if (res.statusCode >= 400 && schema) res = await call(A, 'post', url + query(r, genA), hinted(r.path, genA.value(schema, '', false)))
      if (res.statusCode < 300) created.push(`${r.path}`)
      else if (process.env.WALK_DEBUG) console.log(`populate ${r.path} → ${res.statusCode} ${res.body.slice(0, 300)}`)
    }
  }
  await refreshToken(A)

  // 3-4. Snapshot A and collect its ids; B's own ids are never used (a 2xx on them is legitimate).
  const before = await snapshot(db, A.companyId)
  aIds = idsOf(before)
  const bIds = idsOf(await snapshot(db, B.companyId))
  const bAll = new Set([...bIds.values()].flat())
  const columnValues = (name: string) => Object.values(before).flat().map((row: any) => row[name]).filter((v) => v != null)

  const failures: string[] = []
  const reachedWith400: string[] = []
  const skipped = new Map<string, string>()
  let walked = 0
  const statuses = new Map<number, number>()
  let calls = 0
  const genB = gen('TenantB', (name) => (name === 'companyId' ? B.companyId : name === 'userId' ? B.userId : undefined))

  // 5a. Every GET without path params as B (also with A's ids in id-like query params) shows no A marker.
  // Before the id walk, whose deletes would hide a leaking list if they leaked too.
  let lists = 0
  for (const r of routes.filter((x) => x.method === 'get' && !x.pathParams.length)) {
    const idQuery: Record<string, unknown> = {}
    for (const p of r.op.parameters ?? []) if (p.in === 'query' && ID_PARAM.test(p.name)) idQuery[p.name] = p.name === 'companyId' ? A.companyId : firstIdOf(p.name) ?? A.userId
    for (const extra of Object.keys(idQuery).length ? [{}, idQuery] : [{}]) {
      const url = r.path + query(r, genB, extra)
      const res = await call(B, 'get', url)
      calls++
      lists++
      if (res.statusCode >= 500) failures.push(`GET ${url} as B → ${res.statusCode}`)
      if (LEAK.test(res.body)) failures.push(`GET ${url} as B shows tenant A's data: ${res.body.slice(0, 200)}`)
    }
  }

  // 5b. Every route with an id-like path param, as B, with A's ids.
  for (const r of routes.filter((x) => x.pathParams.length)) {
    const key = `${r.method.toUpperCase()} ${r.path}`
    if (r.isPublic) { skipped.set(key, PUBLIC_SKIP_REASON); continue }
    const idParams = r.pathParams.filter((p) => ID_PARAM.test(p.name))
    if (!idParams.length) { skipped.set(key, 'no id-like path param (a value of the caller\'s own, e.g. a language or setting key)'); continue }
    const table = tableOf(r.path, allTables)
    if (table && !tenantTables.has(table) && table !== 'companies' && r.method === 'get') {
      skipped.set(key, `reads platform table ${table} (no companyId): shared data, not A's`); continue
    }
    const mine = table === 'companies' ? new Set([B.companyId]) : table && bIds.has(table) ? new Set(bIds.get(table)) : bAll
    const candidatesFor = (p: { name: string; schema: Schema }) => {
      const numeric = ['integer', 'number'].includes(genB.resolve(p.schema).type)
      const byName = p.name === 'id' ? [] : tableCandidates(p.name.replace(/Id$/, '')).flatMap((c) => aIds.get(c) ?? [])
      const list = [
        ...(table ? aIds.get(table) ?? [] : []), ...byName, ...columnValues(p.name),
        ...(p.name === 'companyId' || table === 'companies' ? [A.companyId] : []), A.userId, ...[...aIds.values()].flat(),
      ].filter((v) => (numeric ? Number.isInteger(Number(v)) : true) && !mine.has(v as never))
      return [...new Set(list.map(String))]
    }
    const candidates = new Map(idParams.map((p) => [p.name, candidatesFor(p)]))
    const width = Math.min(MAX_CALLS_PER_ROUTE, Math.max(...[...candidates.values()].map((c) => c.length)))
    if (width === 0) { skipped.set(key, 'A has no ids for it'); continue }
    walked++
    for (let i = 0; i < width; i++) {
      const url = r.path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
        const c = candidates.get(name)
        const v = c?.length ? c[i % c.length] : genB.value(r.pathParams.find((p) => p.name === name)!.schema, name)
        return encodeURIComponent(String(v))
      })
      const schema = bodySchema(r)
      const payload = schema && r.method !== 'get' && r.method !== 'delete' ? genB.value(schema, '', true) : undefined
      const res = await call(B, r.method, url + query(r, genB), payload)
      calls++
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1)
      if (process.env.WALK_DEBUG) console.log(`walk ${r.method.toUpperCase()} ${url} → ${res.statusCode}`)
      if (res.statusCode === 400) reachedWith400.push(`${r.method.toUpperCase()} ${url} → 400 ${res.body.slice(0, 120)}`)
      else if (!ALLOWED.has(res.statusCode)) failures.push(`${r.method.toUpperCase()} ${url} as B → ${res.statusCode} ${res.body.slice(0, 160)}`)
    }
  }

  // 6. A's data is exactly as before.
  const after = await snapshot(db, A.companyId)
  const changed = Object.keys({ ...before, ...after }).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]))

  const report = [
    `tenancy walk: ${routes.length} routes in the API document; A populated through ${new Set(created).size} of ${creators.length} POST routes (${Object.entries(before).filter(([, v]) => v.length).map(([k, v]) => `${k}:${v.length}`).join(', ')})`,
    `  walked ${walked} routes with id params (${calls - lists} calls) and ${lists} list calls as B; answers ${[...statuses].sort().map(([k, v]) => `${k}×${v}`).join(', ')}`,
    ...[...skipped].map(([k, why]) => `  skipped ${k}: ${why}`),
    ...reachedWith400.slice(0, 40).map((x) => `  400: ${x}`),
  ].join('\n')
  return { walked, lists, calls, failures, changed, report }
}

describe('tenancy walk: tenant B against tenant A', () => {
  let t: TestApp
  beforeAll(async () => { t = await createTestApp() }, 120_000)
  afterAll(async () => { await t?.close() })

  it('B reaches none of A\'s data through any route, and A\'s data is unchanged', async () => {
    const r = await walk(t)
    console.log(r.report)
    expect(r.walked + r.lists).toBeGreaterThan(0)
    expect(r.failures, 'B reached A\'s data').toEqual([])
    expect(r.changed, 'tables of A changed by B\'s calls').toEqual([])
  }, 600_000)
})

/** A plugin with the mistakes the walk exists for: proves the walk is not vacuous. */
const leaky = definePlugin({
  name: 'walk-probe',
  version: '1.0.0',
  async register(app, kernel) {
    await kernel.db.schema.createTable('walk_probe_notes', (tb) => {
      tb.increments('id'); tb.integer('companyId').notNullable(); tb.string('text', 100).notNullable()
    })
    const Body = Type.Object({ text: Type.String({ minLength: 1, maxLength: 100 }) })
    app.post('/walk-probe', { schema: { body: Body } }, async (req) => {
      const [row] = await kernel.tenant(req.auth.companyId).insert('walk_probe_notes', { text: (req.body as { text: string }).text }).returning('*')
      return row
    })
    // Leaks: no tenant filter on read, list and delete.
    app.get('/walk-probe/:id', { schema: { params: IdParams } }, async (req) => kernel.db('walk_probe_notes').where({ id: (req.params as IdParams).id }).first())
    app.get('/walk-probe', async () => kernel.db('walk_probe_notes').select())
    app.delete('/walk-probe/:id', { schema: { params: IdParams } }, async (req) => ({ n: await kernel.db('walk_probe_notes').where({ id: (req.params as IdParams).id }).delete() }))
    // Correct: tenant-scoped update.
    app.put('/walk-probe/:id', { schema: { params: IdParams, body: Body } }, async (req) => {
      const n = await kernel.tenant(req.auth.companyId)('walk_probe_notes').where({ id: (req.params as IdParams).id }).update({ text: (req.body as { text: string }).text })
      if (!n) throw notFound()
      return { n }
    })
  },
})

describe('tenancy walk self-check', () => {
  let t: TestApp
  beforeAll(async () => { t = await createTestApp({ plugins: [leaky] }) }, 120_000)
  afterAll(async () => { await t?.close() })

  it('finds a route without a tenant filter, a leaking list and a cross-tenant delete', async () => {
    const r = await walk(t)
    expect(r.failures.some((f) => /^GET \/api\/walk-probe\/\d+ as B → 200/.test(f))).toBe(true)
    expect(r.failures.some((f) => /^DELETE \/api\/walk-probe\/\d+ as B → 200/.test(f))).toBe(true)
    expect(r.failures.some((f) => f.startsWith('GET /api/walk-probe as B shows tenant A\'s data'))).toBe(true)
    expect(r.failures.some((f) => f.startsWith('PUT '))).toBe(false)
    expect(r.changed).toEqual(['walk_probe_notes'])
  }, 120_000)
})
