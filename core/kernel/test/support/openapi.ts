import { randomUUID } from 'node:crypto'
import type { Knex } from 'knex'
import type { TestApp } from './index.ts'

/*
 * What the tenancy walk and the route fuzzer share: the API's routes read from its OpenAPI
 * document, values generated from each route's own schema, tenants with populated data, and
 * snapshots of a tenant's rows. Routes that later plugins add are covered with no list to keep.
 */

export type Schema = Record<string, any>
export type Op = {
  parameters?: { in: string; name: string; required?: boolean; schema?: Schema }[]
  requestBody?: { content?: Record<string, { schema?: Schema }> }
  security?: unknown[]
  consumes?: string[]
}
export interface Route {
  method: string
  path: string
  op: Op
  pathParams: { name: string; schema: Schema }[]
  isPublic: boolean
}
export interface Tenant {
  label: string
  companyId: number
  userId: number
  token: string
}
export type Ids = Map<string, unknown[]> // table → values of its `id` column
export type Doc = { paths: Record<string, Record<string, Op>>; components?: { schemas?: Record<string, Schema> } }

export const METHOD_ORDER = ['get', 'post', 'put', 'patch', 'delete']

/** Values that satisfy a JSON schema, with a tenant marker in free text so leaks are visible. */
export class BodyGen {
  private n = 0
  constructor(
    private components: Record<string, Schema>,
    private marker: string,
    private idFor: (name: string) => unknown,
  ) {}

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
    if (branches?.length)
      return this.value(branches.find((b: Schema) => b.const === 'simulator') ?? branches[0], name, full)
    if (s.allOf) return Object.assign({}, ...s.allOf.map((b: Schema) => this.value(b, name, full)))
    const type = Array.isArray(s.type) ? s.type.find((t: string) => t !== 'null') : s.type
    if (type === 'object' || s.properties) {
      const out: Record<string, unknown> = {}
      for (const [k, p] of Object.entries<Schema>(s.properties ?? {}))
        if (full || s.required?.includes(k)) out[k] = this.value(p, k, full)
      return out
    }
    if (type === 'array') {
      const known = /Ids$/.test(name) ? this.idFor(name) : undefined
      if (typeof known === 'number' && this.resolve(s.items).type !== 'object') return [known]
      return Array.from({ length: s.minItems ?? 0 }, () => this.value(s.items, name, full))
    }
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
      email,
      'date-time': new Date().toISOString(),
      date: new Date().toISOString().slice(0, 10),
      time: '12:00:00',
      uri: `https://example.com/${this.marker}-${n}`,
      url: `https://example.com/${this.marker}-${n}`,
      uuid: randomUUID(),
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
    const tries = [
      text,
      `${this.marker}${n}`,
      'Aa1!aaaa',
      email,
      `55119${String(10000000 + n).slice(-8)}`,
      '11444777000161',
      String(n),
      'a',
      'A',
    ]
    return tries.map(fit).find((t) => re.test(t)) ?? fit(text)
  }
}

export const snake = (s: string) =>
  s
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/-/g, '_')
    .toLowerCase()
export const tableCandidates = (word: string) => {
  const b = snake(word)
  return [b, `${b}s`, `${b}es`, b.replace(/y$/, 'ies')]
}

/** The resource table a path most likely reads: the last static segment before the first param that names a table. */
export function tableOf(path: string, tables: Set<string>): string | undefined {
  const segs = path.replace(/^\/api\//, '').split('/')
  const first = segs.findIndex((s) => s.startsWith('{'))
  const statics = (first === -1 ? segs : segs.slice(0, first)).filter(Boolean).reverse()
  for (const s of statics) for (const c of tableCandidates(s)) if (tables.has(c)) return c
  return undefined
}

export async function columnsNamed(db: Knex, column: string): Promise<string[]> {
  const rows: { table_name: string }[] = await db('information_schema.columns')
    .where({ table_schema: 'public', column_name: column })
    .select('table_name')
  return rows
    .map((r) => r.table_name)
    .filter((t) => !t.startsWith('_migrations_'))
    .sort()
}

/** A company's data: every row of every table with a companyId, plus its companies row, as sorted JSON. */
export async function snapshot(db: Knex, companyId: number) {
  const out: Record<string, unknown[]> = {}
  for (const t of await columnsNamed(db, 'companyId')) {
    out[t] = (await db(t).where({ companyId }))
      .map((r) => JSON.parse(JSON.stringify(r)))
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))
  }
  out.companies = [JSON.parse(JSON.stringify(await db('companies').where({ id: companyId }).first()))]
  return out
}

export function idsOf(snap: Record<string, any[]>): Ids {
  return new Map(Object.entries(snap).map(([t, rows]) => [t, rows.map((r) => r.id).filter((v) => v != null)]))
}

/** Every operation of the API document under /api (not the docs themselves), reads first, deletes last. */
export async function apiRoutes(t: TestApp): Promise<{ doc: Doc; routes: Route[] }> {
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as Doc
  const routes: Route[] = []
  for (const [path, ops] of Object.entries(doc.paths)) {
    if (!path.startsWith('/api/') || path.startsWith('/api/docs')) continue
    for (const [method, op] of Object.entries(ops)) {
      if (!METHOD_ORDER.includes(method)) continue
      const declared = new Map(
        (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => [p.name, p.schema ?? {}]),
      )
      const pathParams = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => ({
        name: m[1],
        schema: declared.get(m[1]) ?? { type: 'string' },
      }))
      routes.push({ method, path, op, pathParams, isPublic: Array.isArray(op.security) && op.security.length === 0 })
    }
  }
  routes.sort((a, b) => METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method) || a.path.localeCompare(b.path))
  return { doc, routes }
}

export const bodySchema = (route: Route) => route.op.requestBody?.content?.['application/json']?.schema

/** The query string of a route's required parameters (or `extra`'s values), generated from their schemas. */
export function queryFor(route: Route, g: BodyGen, extra: Record<string, unknown> = {}) {
  const qs = new URLSearchParams()
  for (const p of route.op.parameters ?? []) {
    if (p.in !== 'query') continue
    const v = p.name in extra ? extra[p.name] : p.required ? g.value(p.schema, p.name) : undefined
    if (v !== undefined) qs.set(p.name, String(v))
  }
  const s = qs.toString()
  return s ? `?${s}` : ''
}

/** A company of its own with an admin, on the first plan; `cnpj` must be unique in the database. */
export async function makeTenant(t: TestApp, label: string, cnpj: string): Promise<Tenant> {
  const { db } = t
  const plan = await db('plans').orderBy('id').first('id')
  const [company] = await db('companies')
    .insert({
      name: `Tenant${label} Company`,
      email: `admin@tenant${label.toLowerCase()}.test`,
      cnpj,
      planId: plan.id,
      status: true,
      dueDate: new Date(Date.now() + 30 * 864e5),
    })
    .returning('id')
  const passwordHash = await t.app.kernel.auth.hashPassword('Aa1!aaaa')
  const [user] = await db('users')
    .insert({
      companyId: company.id,
      name: `Tenant${label} Admin`,
      email: `admin@tenant${label.toLowerCase()}.test`,
      passwordHash,
      profile: 'admin',
    })
    .returning('id')
  const tenant = { label, companyId: company.id, userId: user.id, token: '' }
  await renewToken(t, tenant)
  return tenant
}

export async function renewToken(t: TestApp, tn: Tenant) {
  tn.token = (
    await t.app.kernel.auth.issue({ id: tn.userId, companyId: tn.companyId, profile: 'admin', super: false })
  ).accessToken
}

/** One call as a tenant; a session ended by a previous call (logout-like routes) is renewed and the call retried. */
export async function callAs(
  t: TestApp,
  tn: Tenant,
  method: string,
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  const send = () =>
    t.app.inject({
      method: method.toUpperCase() as 'GET',
      url,
      payload: payload as object,
      headers: { authorization: `Bearer ${tn.token}`, ...headers },
    })
  let res = await send()
  if (res.statusCode === 401) {
    const alive = await t.app.inject({
      method: 'GET',
      url: '/api/permissions',
      headers: { authorization: `Bearer ${tn.token}` },
    })
    if (alive.statusCode === 401) {
      await renewToken(t, tn)
      res = await send()
    }
  }
  return res
}

/**
 * Values the body generator cannot guess, merged into generated bodies: a simulator connection (so
 * the tenant can pair it and a customer can write: contacts, tickets and messages), a valid queue
 * colour, a customer number.
 */
const HINTS: Record<string, (marker: string) => Record<string, unknown>> = {
  '/api/whatsapp': () => ({ provider: 'simulator' }),
  '/api/queue': (m) => ({ color: '#1f6feb', greetingMessage: `${m} greeting` }),
  '/api/simulator/{whatsappId}/inbound': (m) => ({
    from: m === 'TenantA' ? '5547999990001' : '5547999990002',
    name: `${m} customer`,
    body: `${m} message`,
    mediaUrl: undefined,
    mediaType: undefined,
    groupId: undefined,
    quotedId: undefined,
  }),
  '/api/simulator/{whatsappId}/scan': () => ({ number: undefined }),
}
export const hinted = (path: string, marker: string, body: unknown) =>
  HINTS[path] && body && typeof body === 'object'
    ? Object.fromEntries(Object.entries({ ...body, ...HINTS[path](marker) }).filter(([, v]) => v !== undefined))
    : body

/** The first id of a tenant's table a parameter name points at (`queueId` → queues), from its snapshot's ids. */
export function idLookup(tn: Tenant, planId: number, ids: () => Ids) {
  return (name: string): number | undefined => {
    if (name === 'companyId') return tn.companyId
    if (name === 'userId') return tn.userId
    if (name === 'planId') return planId
    const base = name.replace(/Ids?$/, '')
    // `transferQueueId` → queues: the longest camel-case tail that names a table.
    const words = base.split(/(?=[A-Z])/)
    for (let i = 0; i < words.length; i++) {
      const tail = words.slice(i).join('')
      for (const c of tableCandidates(tail.charAt(0).toLowerCase() + tail.slice(1)))
        if (ids().get(c)?.length) return ids().get(c)![0] as number
    }
    return undefined
  }
}

/**
 * Fills a tenant with data through the API itself: every POST without path params, then POSTs on
 * its own rows (a simulator connection paired, a customer writing: tickets and messages), in rounds,
 * since later rows may need earlier ones. Not the calls that end something (a disconnect).
 */
export async function populate(t: TestApp, tn: Tenant, routes: Route[], doc: Doc) {
  const plan = await t.db('plans').orderBy('id').first('id')
  let ids: Ids = new Map()
  const idFor = idLookup(tn, plan.id, () => ids)
  const gen = new BodyGen(doc.components?.schemas ?? {}, `Tenant${tn.label}`, idFor)
  const creators = routes.filter(
    (r) => r.method === 'post' && !r.isPublic && !r.path.startsWith('/api/auth/') && !r.path.endsWith('/disconnect'),
  )
  const pathFor = (r: Route) =>
    r.pathParams.reduce((p, prm) => p.replace(`{${prm.name}}`, String(idFor(prm.name) ?? 0)), r.path)
  const created = new Set<string>()
  for (let round = 0; round < 3; round++) {
    for (const r of creators) {
      if (r.pathParams.length && round === 0) continue
      ids = idsOf(await snapshot(t.db, tn.companyId))
      const schema = bodySchema(r)
      const url = pathFor(r)
      if (url.includes('/0/') || url.endsWith('/0')) continue
      const marker = `Tenant${tn.label}`
      let res = await callAs(
        t,
        tn,
        'post',
        url + queryFor(r, gen),
        schema ? hinted(r.path, marker, gen.value(schema, '', true)) : undefined,
      )
      if (res.statusCode >= 400 && schema)
        res = await callAs(t, tn, 'post', url + queryFor(r, gen), hinted(r.path, marker, gen.value(schema, '', false)))
      if (res.statusCode < 300) created.add(r.path)
      else if (process.env.WALK_DEBUG)
        console.log(`populate ${tn.label} ${r.path} → ${res.statusCode} ${res.body.slice(0, 300)}`)
    }
  }
  await renewToken(t, tn)
  return {
    created,
    creators: creators.length,
    ids: idsOf(await snapshot(t.db, tn.companyId)),
    idFor: idLookup(tn, plan.id, () => ids),
  }
}

/**
 * Rows of one company that point at another company's rows: for every tenant table's `…Id` column
 * whose name (or foreign key) names another tenant table, the pairs whose companies differ. The
 * invariant every write must keep, whatever ids its body named.
 */
export async function crossTenantReferences(db: Knex): Promise<string[]> {
  const tenantTables = new Set(await columnsNamed(db, 'companyId'))
  const cols: { table_name: string; column_name: string; data_type: string }[] = await db('information_schema.columns')
    .where({ table_schema: 'public' })
    .whereIn('table_name', [...tenantTables])
    .select('table_name', 'column_name', 'data_type')
  const fks: { table_name: string; column_name: string; foreign_table: string }[] = (
    await db.raw(`
    select kcu.table_name, kcu.column_name, ccu.table_name as foreign_table
    from information_schema.table_constraints tc
    join information_schema.key_column_usage kcu on kcu.constraint_name = tc.constraint_name and kcu.table_schema = tc.table_schema
    join information_schema.constraint_column_usage ccu on ccu.constraint_name = tc.constraint_name and ccu.table_schema = tc.table_schema
    where tc.constraint_type = 'FOREIGN KEY' and tc.table_schema = 'public'`)
  ).rows
  const found: string[] = []
  for (const c of cols) {
    if (c.column_name === 'companyId' || !/Id$/.test(c.column_name) || !['integer', 'bigint'].includes(c.data_type))
      continue
    const fk = fks.find((f) => f.table_name === c.table_name && f.column_name === c.column_name)?.foreign_table
    const words = c.column_name.replace(/Id$/, '').split(/(?=[A-Z])/)
    let target = fk
    for (let i = 0; !target && i < words.length; i++) {
      const tail = words.slice(i).join('')
      target = tableCandidates(tail.charAt(0).toLowerCase() + tail.slice(1)).find((x) => tenantTables.has(x))
    }
    if (!target || !tenantTables.has(target)) continue
    const rows = await db(`${c.table_name} as a`)
      .join(`${target} as b`, `a.${c.column_name}`, 'b.id')
      .whereRaw('a."companyId" <> b."companyId"')
      .select(db.raw('a."companyId" as "from"'), db.raw('b."companyId" as "to"'), db.raw(`a."${c.column_name}" as ref`))
      .limit(3)
    for (const r of rows)
      found.push(`${c.table_name}.${c.column_name} of company ${r.from} → ${target} ${r.ref} of company ${r.to}`)
  }
  return found
}
