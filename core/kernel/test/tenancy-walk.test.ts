import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { definePlugin, IdParams, notFound, Type } from '@atende/sdk'
import { createTestApp, extraPlugins, installedPlugins, type TestApp } from './support/index.ts'
import {
  apiRoutes,
  BodyGen,
  bodySchema,
  callAs,
  columnsNamed,
  crossTenantReferences,
  idsOf,
  makeTenant,
  populate,
  queryFor,
  snapshot,
  tableCandidates,
  tableOf,
  hinted,
  type Route,
  type Schema,
  type Tenant,
} from './support/openapi.ts'

// A's own sends (populated below) would otherwise have their acks advance during the walk, a change
// no call of B's made: the simulated phone keeps them at "sent".
process.env.SIMULATOR_ACK_MS = '0'
// B's session token is a wrong bearer on the integrators' routes, hundreds of times from one address:
// the guessing guard would answer 429 before the tenancy rule is reached (it has a test of its own).
process.env.API_TOKEN_FAILURES_MAX = '1000000'

/*
 * The tenancy walk (ARCHITECTURE.md §3): every route the OpenAPI document lists, walked as tenant B
 * against tenant A's ids, must answer 401/403/404 (400 for a body refused before any lookup) and
 * never 2xx; B's lists never show A's data; A's rows end unchanged. Routes come from the document
 * and data from each route's own schema, so routes that later plugins add are walked with no list.
 * The app loads what an installation would: the workspace plus the packages ATENDE_PLUGINS names
 * (`pnpm test:plugin`, README "Writing a plugin"), so a third party walks its own routes too.
 */

const LEAK = /tenanta/i
const ID_PARAM = /(^id$|Id$|_id$|uuid$|^token$)/
const MAX_CALLS_PER_ROUTE = 30
const ALLOWED = new Set([401, 403, 404])
const PUBLIC_SKIP_REASON = 'public (security: []): login, sign-up, password reset and other calls that need no session'

/** Walks every route of the app's OpenAPI document as tenant B against tenant A's data. */
async function walk(t: TestApp) {
  const { doc, routes } = await apiRoutes(t)
  const call = (tn: Tenant, method: string, url: string, payload?: unknown) => callAs(t, tn, method, url, payload)
  const gen = (marker: string, idFor: (name: string) => unknown) =>
    new BodyGen(doc.components?.schemas ?? {}, marker, idFor)
  const A = await makeTenant(t, 'A', '11111111000191')
  const B = await makeTenant(t, 'B', '22222222000191')
  const { db } = t
  // Modules sold on chosen plans (planDefault 'off') are switched on for the tenants' plan, or
  // every route of theirs would answer 403 before any tenant check could be walked.
  const soldKeys = [
    ...new Set(
      t.app.kernel
        .modules()
        .filter((m) => m.toggleable && !m.enabledByDefault)
        .map((m) => m.key),
    ),
  ]
  const plan = await db('companies').where({ id: A.companyId }).first('planId')
  if (soldKeys.length) {
    await db('plan_modules')
      .insert(soldKeys.map((module) => ({ planId: plan.planId, module, enabled: true })))
      .onConflict(['planId', 'module'])
      .merge(['enabled'])
    t.app.kernel.invalidatePlanCache()
  }
  const tenantTables = new Set(await columnsNamed(db, 'companyId'))
  const allTables = new Set(
    (
      await db('information_schema.tables')
        .where({ table_schema: 'public', table_type: 'BASE TABLE' })
        .select('table_name')
    ).map((r: any) => r.table_name as string),
  )

  // 2. Populate A, then B, through the API itself (support/openapi.ts): B's own rows are what its
  //    writes with A's ids in their bodies (5c) act on.
  const populatedA = await populate(t, A, routes, doc)
  const populatedB = await populate(t, B, routes, doc)
  const created = [...populatedA.created]

  // 3-4. Snapshot A and collect its ids; B's own ids are never used against A (a 2xx on them is legitimate).
  const before = await snapshot(db, A.companyId)
  const aIds = idsOf(before)
  const firstIdOf = populatedA.idFor
  const query = queryFor
  const bIds = populatedB.ids
  const bAll = new Set([...bIds.values()].flat())
  const columnValues = (name: string) =>
    Object.values(before)
      .flat()
      .map((row: any) => row[name])
      .filter((v) => v != null)

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
    for (const p of r.op.parameters ?? [])
      if (p.in === 'query' && ID_PARAM.test(p.name))
        idQuery[p.name] = p.name === 'companyId' ? A.companyId : (firstIdOf(p.name) ?? A.userId)
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
    if (r.isPublic) {
      skipped.set(key, PUBLIC_SKIP_REASON)
      continue
    }
    const idParams = r.pathParams.filter((p) => ID_PARAM.test(p.name))
    if (!idParams.length) {
      skipped.set(key, "no id-like path param (a value of the caller's own, e.g. a language or setting key)")
      continue
    }
    const table = tableOf(r.path, allTables)
    if (table && !tenantTables.has(table) && table !== 'companies' && r.method === 'get') {
      skipped.set(key, `reads platform table ${table} (no companyId): shared data, not A's`)
      continue
    }
    const mine =
      table === 'companies' ? new Set([B.companyId]) : table && bIds.has(table) ? new Set(bIds.get(table)) : bAll
    const candidatesFor = (p: { name: string; schema: Schema }) => {
      const numeric = ['integer', 'number'].includes(genB.resolve(p.schema).type)
      const byName = p.name === 'id' ? [] : tableCandidates(p.name.replace(/Id$/, '')).flatMap((c) => aIds.get(c) ?? [])
      const list = [
        ...(table ? (aIds.get(table) ?? []) : []),
        ...byName,
        ...columnValues(p.name),
        ...(p.name === 'companyId' || table === 'companies' ? [A.companyId] : []),
        A.userId,
        ...[...aIds.values()].flat(),
      ]
        // A companyId in the path is B's own when it equals B's id (another table's id of A can).
        .filter((v) => !(p.name === 'companyId' && Number(v) === B.companyId))
        .filter((v) => (numeric ? Number.isInteger(Number(v)) : true) && !mine.has(v as never))
      return [...new Set(list.map(String))]
    }
    const candidates = new Map(idParams.map((p) => [p.name, candidatesFor(p)]))
    const width = Math.min(MAX_CALLS_PER_ROUTE, Math.max(...[...candidates.values()].map((c) => c.length)))
    if (width === 0) {
      skipped.set(key, 'A has no ids for it')
      continue
    }
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
      if (res.statusCode === 400)
        reachedWith400.push(`${r.method.toUpperCase()} ${url} → 400 ${res.body.slice(0, 120)}`)
      else if (!ALLOWED.has(res.statusCode))
        failures.push(`${r.method.toUpperCase()} ${url} as B → ${res.statusCode} ${res.body.slice(0, 160)}`)
    }
  }

  // 5c. Every write as B on B's own rows, with A's ids in every id field of the body and an undeclared
  //     companyId/id of A's: any answer but a 5xx, and (6, 7) A's rows unchanged and no row of B's
  //     pointing at A's.
  const genOwn = gen('TenantB', populatedB.idFor)
  const bIdOf = (r: Route, name: string) => {
    if (name !== 'id') return populatedB.idFor(name)
    const table = tableOf(r.path, allTables)
    return table ? (bIds.get(table)?.[0] as number | undefined) : undefined
  }
  const writes = routes.filter(
    (r) =>
      ['post', 'put', 'patch'].includes(r.method) &&
      !r.isPublic &&
      !r.path.startsWith('/api/auth/') &&
      !r.path.endsWith('/disconnect'),
  )
  let foreignWrites = 0
  const foreignAccepted: string[] = []
  for (const r of writes) {
    const schema = genOwn.resolve(bodySchema(r))
    if (!schema.properties) continue
    const url = r.pathParams.reduce((p, prm) => p.replace(`{${prm.name}}`, String(bIdOf(r, prm.name) ?? 0)), r.path)
    const table = tableOf(r.path, allTables)
    // A body valid for B (required fields, B's own ids), then each id field in turn naming A's row.
    const base = hinted(r.path, 'TenantB', genOwn.value(schema, '', false)) as Record<string, unknown>
    const variants: [string, Record<string, unknown>][] = [
      ['companyId/id', { ...base, companyId: A.companyId, id: (table && aIds.get(table)?.[0]) ?? A.userId }],
    ]
    for (const [field, prop] of Object.entries<Schema>(schema.properties)) {
      if (!/Ids?$/.test(field) || field === 'companyId') continue
      const foreign = firstIdOf(field)
      if (foreign === undefined) continue
      variants.push([
        field,
        { ...base, [field]: genOwn.resolve(prop).type === 'array' || /Ids$/.test(field) ? [foreign] : foreign },
      ])
    }
    for (const [field, body] of variants) {
      const res = await call(B, r.method, url + query(r, genB), body)
      calls++
      foreignWrites++
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1)
      if (res.statusCode < 300) foreignAccepted.push(`${r.method.toUpperCase()} ${r.path} (${field})`)
      if (process.env.WALK_DEBUG)
        console.log(`foreign ${field} ${r.method.toUpperCase()} ${url} → ${res.statusCode} ${res.body.slice(0, 160)}`)
      if (res.statusCode >= 500)
        failures.push(
          `${r.method.toUpperCase()} ${url} as B with A's ${field} in the body → ${res.statusCode} ${res.body.slice(0, 160)}`,
        )
    }
  }
  // 5d. The integrators' routes (security: apiToken) with B's own API token and A's ids in every
  //     id-like path param: refused (400 before any lookup, 401/403/404); without path params any
  //     answer but a 5xx, and no A data in it.
  const tokenRoutes = routes.filter((r) =>
    (r.op.security ?? []).some((sec) => !!sec && typeof sec === 'object' && 'apiToken' in sec),
  )
  const tokenStatuses = new Map<number, number>()
  if (tokenRoutes.length) {
    const issued = await call(B, 'post', '/api/api-tokens/generate', { name: 'tenancy walk' })
    const bToken = issued.statusCode === 200 ? (issued.json().data?.token as string | undefined) : undefined
    if (!bToken) failures.push(`B could not issue an API token: ${issued.statusCode} ${issued.body.slice(0, 160)}`)
    for (const r of bToken ? tokenRoutes : []) {
      const url = r.path.replace(/\{([^}]+)\}/g, (_m, name: string) =>
        encodeURIComponent(
          String(name === 'companyId' ? A.companyId : (firstIdOf(name) ?? [...aIds.values()].flat()[0] ?? A.userId)),
        ),
      )
      const schema = bodySchema(r)
      const payload = schema && r.method !== 'get' && r.method !== 'delete' ? genB.value(schema, '', true) : undefined
      const res = await t.app.inject({
        method: r.method.toUpperCase() as 'GET',
        url: url + query(r, genB),
        payload: payload as object,
        headers: { authorization: `Bearer ${bToken}` },
      })
      calls++
      tokenStatuses.set(res.statusCode, (tokenStatuses.get(res.statusCode) ?? 0) + 1)
      const key = `${r.method.toUpperCase()} ${url} with B's API token`
      if (res.statusCode >= 500) failures.push(`${key} → ${res.statusCode} ${res.body.slice(0, 160)}`)
      else if (LEAK.test(res.body)) failures.push(`${key} shows tenant A's data: ${res.body.slice(0, 200)}`)
      else if (r.pathParams.length && res.statusCode !== 400 && !ALLOWED.has(res.statusCode))
        failures.push(`${key} → ${res.statusCode} ${res.body.slice(0, 160)}`)
    }
  }
  for (const ref of await crossTenantReferences(db)) failures.push(`cross-tenant reference: ${ref}`)

  // 6. A's data is exactly as before.
  const after = await snapshot(db, A.companyId)
  const changed = Object.keys({ ...before, ...after }).filter(
    (k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]),
  )

  const report = [
    `tenancy walk: ${routes.length} routes in the API document; A populated through ${new Set(created).size} of ${populatedA.creators} POST routes (${Object.entries(
      before,
    )
      .filter(([, v]) => v.length)
      .map(([k, v]) => `${k}:${v.length}`)
      .join(', ')})`,
    `  walked ${walked} routes with id params (${calls - lists} calls) and ${lists} list calls as B, ${foreignWrites} writes on B's rows naming A's ids; answers ${[
      ...statuses,
    ]
      .sort()
      .map(([k, v]) => `${k}×${v}`)
      .join(', ')}`,
    `  writes answered 2xx with A's ids named (the id ignored or refused inside): ${foreignAccepted.join('; ') || 'none'}`,
    `  integrators' routes with B's API token: ${tokenRoutes.length} (answers ${[...tokenStatuses]
      .sort()
      .map(([k, v]) => `${k}×${v}`)
      .join(', ')})`,
    ...[...skipped].map(([k, why]) => `  skipped ${k}: ${why}`),
    ...reachedWith400.slice(0, 40).map((x) => `  400: ${x}`),
  ].join('\n')
  return { walked, lists, calls, failures, changed, report }
}

describe('tenancy walk: tenant B against tenant A', () => {
  let t: TestApp
  beforeAll(async () => {
    // No background work: a campaign or schedule the walk creates for A would otherwise start
    // sending while B walks, and A's rows would change for reasons that are not B's calls.
    t = await createTestApp({ plugins: await installedPlugins(), config: { runJobs: false } })
  }, 120_000)
  afterAll(async () => {
    await t?.close()
  })

  it("B reaches none of A's data through any route, and A's data is unchanged", async () => {
    const r = await walk(t)
    if (extraPlugins().length) console.log(`third-party plugins walked: ${extraPlugins().join(', ')}`)
    console.log(r.report)
    expect(r.walked + r.lists).toBeGreaterThan(0)
    expect(r.failures, "B reached A's data").toEqual([])
    expect(r.changed, "tables of A changed by B's calls").toEqual([])
  }, 600_000)
})

/** A plugin with the mistakes the walk exists for: proves the walk is not vacuous. */
const leaky = definePlugin({
  name: 'walk-probe',
  version: '1.0.0',
  async register(app, kernel) {
    await kernel.db.schema.createTable('walk_probe_notes', (tb) => {
      tb.increments('id')
      tb.integer('companyId').notNullable()
      tb.string('text', 100).notNullable()
      tb.integer('userId')
    })
    const Body = Type.Object({ text: Type.String({ minLength: 1, maxLength: 100 }) })
    // Leak: the body's userId is stored without checking it is one of the caller's company's users.
    const CreateBody = Type.Object({
      text: Type.String({ minLength: 1, maxLength: 100 }),
      userId: Type.Optional(Type.Integer()),
    })
    app.post('/walk-probe', { schema: { body: CreateBody } }, async (req) => {
      const b = req.body as { text: string; userId?: number }
      const [row] = await kernel
        .tenant(req.auth.companyId)
        .insert('walk_probe_notes', { text: b.text, userId: b.userId ?? null })
        .returning('*')
      return row
    })
    // Leaks: no tenant filter on read, list and delete.
    app.get('/walk-probe/:id', { schema: { params: IdParams } }, async (req) =>
      kernel
        .db('walk_probe_notes')
        .where({ id: (req.params as IdParams).id })
        .first(),
    )
    app.get('/walk-probe', async () => kernel.db('walk_probe_notes').select())
    app.delete('/walk-probe/:id', { schema: { params: IdParams } }, async (req) => ({
      n: await kernel
        .db('walk_probe_notes')
        .where({ id: (req.params as IdParams).id })
        .delete(),
    }))
    // Correct: tenant-scoped update.
    app.put('/walk-probe/:id', { schema: { params: IdParams, body: Body } }, async (req) => {
      const n = await kernel
        .tenant(req.auth.companyId)('walk_probe_notes')
        .where({ id: (req.params as IdParams).id })
        .update({ text: (req.body as { text: string }).text })
      if (!n) throw notFound()
      return { n }
    })
  },
})

describe('tenancy walk self-check', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ plugins: [leaky] })
  }, 120_000)
  afterAll(async () => {
    await t?.close()
  })

  it('finds a route without a tenant filter, a leaking list and a cross-tenant delete', async () => {
    const r = await walk(t)
    expect(r.failures.some((f) => /^GET \/api\/walk-probe\/\d+ as B → 200/.test(f))).toBe(true)
    expect(r.failures.some((f) => /^DELETE \/api\/walk-probe\/\d+ as B → 200/.test(f))).toBe(true)
    expect(r.failures.some((f) => f.startsWith("GET /api/walk-probe as B shows tenant A's data"))).toBe(true)
    expect(r.failures.some((f) => f.startsWith('PUT '))).toBe(false)
    expect(
      r.failures.some((f) => /^cross-tenant reference: walk_probe_notes\.userId of company \d+ → users/.test(f)),
    ).toBe(true)
    expect(r.changed).toEqual(['walk_probe_notes'])
  }, 120_000)
})
