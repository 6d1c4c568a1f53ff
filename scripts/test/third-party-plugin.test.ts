/**
 * The plugin kit end to end, as a third party uses it (README "Third-party plugins"): the sample in
 * examples/nps (outside the workspace) is packed and installed by `pnpm plugin:add` into a host
 * whose registry is a dead address — so nothing, least of all an `@atende` package, can come from
 * npm — then loaded through ATENDE_PLUGINS into the real kernel beside the workspace's sign-in and plans plugins.
 * The host is a temporary project depending on this repository's SDK (as the workspace root does),
 * so the repository's package.json and lockfile are never touched.
 */
import { execFile } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { discoverPlugins } from '@atende/kernel'
import { allPlugins, companyWithUser, createTestApp, superHeaders, type TestApp } from '@atende/kernel/testing'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const PACKAGE = '@acme/atende-plugin-nps'
// Stand-ins for the module's build (its real build is the browser test's): what moduleDir serves.
const REMOTE = 'export const init = () => {} // nps remote\n'
const MENU = [{ label: 'menu.nps', labels: { pt: 'Pesquisa NPS' }, to: '/nps', section: 'main', order: 110 }]

let work: string
let added: { stdout: string; stderr: string }
let t: TestApp

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'atende-third-party-'))
  // The vendor's package with a built module, copied so the repository's examples/nps stays as it is.
  const vendor = join(work, 'nps')
  cpSync(join(ROOT, 'examples/nps'), vendor, {
    recursive: true,
    filter: (src) => !/[/\\](node_modules|dist)$/.test(src),
  })
  mkdirSync(join(vendor, 'dist/module'), { recursive: true })
  writeFileSync(join(vendor, 'dist/module/remoteEntry.js'), REMOTE)
  writeFileSync(join(vendor, 'dist/module/menu.json'), JSON.stringify(MENU))

  const host = join(work, 'host')
  mkdirSync(host)
  writeFileSync(
    join(host, 'package.json'),
    JSON.stringify({ name: 'host', private: true, dependencies: { '@atende/sdk': `link:${join(ROOT, 'core/sdk')}` } }),
  )
  writeFileSync(join(host, '.npmrc'), 'registry=http://127.0.0.1:9/\nfetch-retries=0\n')
  added = await promisify(execFile)(
    join(ROOT, 'node_modules/.bin/tsx'),
    [join(ROOT, 'scripts/plugin-add.ts'), vendor, '--root', host],
    { encoding: 'utf8' },
  )

  // ATENDE_PLUGINS takes package names (resolved from the host's root) or file URLs; this host is
  // not the kernel's root, so the test names the installed package's entry.
  const entry = createRequire(join(host, 'package.json')).resolve(PACKAGE)
  const extra = await discoverPlugins([pathToFileURL(entry).href], join(work, 'no-workspace-plugins'))
  // Beside it only what the checks use: sign-in (auth) and the plan switches (plans).
  const kernelSide = (await allPlugins()).filter((p) => ['auth', 'plans'].includes(p.name))
  t = await createTestApp({ plugins: [...kernelSide, ...extra] })
}, 120_000)

afterAll(async () => {
  await t?.close()
  if (work) rmSync(work, { recursive: true, force: true })
})

describe('a third-party plugin packed, installed and loaded', () => {
  it('installs with one command, the kit taken from the host and nothing from the registry', () => {
    expect(added.stdout).toContain(`ATENDE_PLUGINS=${PACKAGE}`)
    const host = JSON.parse(readFileSync(join(work, 'host/package.json'), 'utf8'))
    expect(host.dependencies[PACKAGE]).toBe('file:third-party/acme-atende-plugin-nps-1.0.0.tgz')
    // One SDK in the process: the plugin's peer is the host's copy.
    const entry = createRequire(join(work, 'host/package.json')).resolve(PACKAGE)
    expect(createRequire(entry).resolve('@atende/sdk')).toBe(join(ROOT, 'core/sdk/src/index.ts'))
  })

  it('answers its routes for a company, keeping companies apart, with coded errors', async () => {
    const a = await companyWithUser(t.app, { profile: 'admin' })
    const b = await companyWithUser(t.app, { profile: 'user' })
    for (const score of [10, 9, 7, 3]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/nps/responses',
        headers: a.headers,
        payload: { score },
      })
      expect(res.statusCode, res.body).toBe(200)
    }
    const summary = await t.app.inject({ url: '/api/nps/summary', headers: a.headers })
    expect(summary.json()).toEqual({ total: 4, promoters: 2, passives: 1, detractors: 1, score: 25 })
    const list = await t.app.inject({ url: '/api/nps/responses', headers: b.headers })
    expect(list.json()).toEqual({ responses: [], hasMore: false })

    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/nps/responses',
      headers: a.headers,
      payload: { score: 11 },
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ error: 'ERR_VALIDATION', field: 'score' })
  })

  it('made its own table through its migrations', async () => {
    const columns = await t.db('information_schema.columns').where({ table_name: 'nps_responses' }).pluck('column_name')
    expect(columns.sort()).toEqual(['comment', 'companyId', 'createdAt', 'id', 'score'])
    expect(await t.db('_migrations_nps').pluck('name')).toEqual(['001_nps'])
  })

  it('serves its module from the package (moduleDir) and lists it with its menu', async () => {
    const a = await companyWithUser(t.app, { profile: 'user' })
    const modules = (await t.app.inject({ url: '/api/modules', headers: a.headers })).json()
    expect(modules).toContainEqual(
      expect.objectContaining({ name: 'nps', remoteEntry: '/modules/nps/remoteEntry.js', menu: MENU }),
    )
    const remote = await t.app.inject({ url: '/modules/nps/remoteEntry.js' })
    expect(remote.statusCode).toBe(200)
    expect(remote.body).toBe(REMOTE)
  })

  it('is switched off for one plan by the super user (403 there) and stays on for the others', async () => {
    const sup = await superHeaders(t.app)
    const plan = await t.app.inject({
      method: 'POST',
      url: '/api/plans',
      headers: sup,
      payload: { name: 'Without NPS', users: 5, connections: 1, queues: 1, value: 10 },
    })
    expect(plan.statusCode, plan.body).toBe(201)
    const off = await companyWithUser(t.app, { planId: plan.json().id, profile: 'admin' })
    const on = await companyWithUser(t.app, { profile: 'admin' })

    const toggled = await t.app.inject({
      method: 'PUT',
      url: `/api/plans/${plan.json().id}/modules/nps`,
      headers: sup,
      payload: { enabled: false },
    })
    expect(toggled.statusCode, toggled.body).toBe(200)
    expect(toggled.json().modules.nps).toBe(false)

    const denied = await t.app.inject({ url: '/api/nps/summary', headers: off.headers })
    expect(denied.statusCode).toBe(403)
    expect(denied.json().error).toBe('ERR_PLAN_FEATURE_DISABLED')
    const names = (await t.app.inject({ url: '/api/modules', headers: off.headers }))
      .json()
      .map((m: { name: string }) => m.name)
    expect(names).not.toContain('nps')
    expect((await t.app.inject({ url: '/api/nps/summary', headers: on.headers })).statusCode).toBe(200)
  })
})
