/**
 * `pnpm create-plugin` (scripts/create-plugin.ts) writes into a temporary workspace, never this
 * repository: the workspace holds only what the generator and the checks read (pnpm-workspace.yaml,
 * the tsconfigs, an existing feature's folders) and links the repository's installed packages the
 * way `pnpm install` would. What it generates must type-check with the repository's settings, lint
 * clean under the architecture rules, boot in the real kernel, and pass the test it ships with.
 */
import { execFile, spawnSync } from 'node:child_process'
import { promisify } from 'node:util'
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  realpathSync,
  rmSync,
  symlinkSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ESLint } from 'eslint'
import type { DefinedPlugin } from '@atende/sdk'
import { companyWithUser, createTestApp, type TestApp } from '@atende/kernel/testing'
import { createPlugin } from '../create-plugin/generate.ts'
import { prettierOptions } from '../create-plugin/format.ts'
import { checkPluginPackage } from '../plugin-add.ts'
import { check, getFileInfo } from 'prettier'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const NAME = 'field-notes'
const FLAG = 'useKanban'
const PLAIN = 'plain-notes' // generated with --no-module and no flag
const VENDOR = 'acme-notes' // generated with --standalone, outside the workspace

/** A workspace with the files the generator and the checks read, and one existing feature. */
function tempWorkspace() {
  const dir = mkdtempSync(join(tmpdir(), 'atende-create-plugin-'))
  for (const file of ['pnpm-workspace.yaml', 'tsconfig.json', 'tsconfig.web.json', 'tsconfig.modules.json'])
    copyFileSync(join(ROOT, file), join(dir, file))
  for (const kind of ['plugins', 'modules']) mkdirSync(join(dir, kind, 'helps'), { recursive: true })
  mkdirSync(join(dir, 'modules', 'module-only'))
  // The root's tools (typescript, vitest, @types/node, vite's client types), found as in the repository.
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir')
  return dir
}

/**
 * What `pnpm install` would do for a generated package: each dependency its package.json names is
 * linked to the copy the repository's packages already have, and a workspace sibling to its folder.
 * A dependency the code uses but package.json forgets stays unresolved, and the checks fail.
 */
function linkDependencies(ws: string, pkgDir: string) {
  const pkg = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'))
  const installed = ['plugins', 'modules', 'core'].flatMap((kind) =>
    readdirSync(join(ROOT, kind)).map((p) => join(ROOT, kind, p, 'node_modules')),
  )
  for (const dep of Object.keys({ ...pkg.dependencies, ...pkg.devDependencies })) {
    const sibling = dep.match(/^@atende\/(plugin|module)-(.+)$/)
    const local = sibling && join(ws, `${sibling[1]}s`, sibling[2]!)
    const found =
      local && existsSync(local) ? local : installed.map((dir) => join(dir, dep)).find((path) => existsSync(path))
    if (!found) throw new Error(`${dep} is installed nowhere in the repository`)
    const link = join(pkgDir, 'node_modules', dep)
    mkdirSync(dirname(link), { recursive: true })
    symlinkSync(realpathSync(found), link, 'dir')
  }
}

/** The repository's TypeScript on one of the workspace's tsconfigs; never throws, answers the output. */
function typecheck(project: string) {
  return new Promise<{ ok: boolean; output: string }>((resolve) => {
    execFile(
      process.execPath,
      [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', project, '--noEmit'],
      (err, stdout, stderr) => resolve({ ok: !err, output: stdout + stderr }),
    )
  })
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && !e.parentPath.includes('node_modules'))
    .map((e) => join(e.parentPath, e.name).slice(dir.length + 1))
    .sort()
}

// Generated at collection time: the generated test file is imported below as a suite of this file.
const ws = tempWorkspace()
const cli = spawnSync(
  join(ROOT, 'node_modules/.bin/tsx'),
  [join(ROOT, 'scripts/create-plugin.ts'), NAME, '--flag', FLAG, '--root', ws],
  { encoding: 'utf8' },
)
if (cli.status !== 0) throw new Error(`create-plugin failed (${cli.status}): ${cli.stderr}`)
createPlugin({ name: PLAIN, module: false, root: ws })
for (const dir of [`plugins/${NAME}`, `modules/${NAME}`, `plugins/${PLAIN}`]) linkDependencies(ws, join(ws, dir))
const pluginDir = join(ws, 'plugins', NAME)
const moduleDir = join(ws, 'modules', NAME)
// The third-party package, written beside the workspace; its CLI run (which also packs the kit) overlaps the checks below.
const vendorDir = join(ws, '..', `${ws.split(/[\\/]/).pop()}-${VENDOR}`)
const vendorCli = promisify(execFile)(
  join(ROOT, 'node_modules/.bin/tsx'),
  [join(ROOT, 'scripts/create-plugin.ts'), VENDOR, '--standalone', vendorDir],
  { encoding: 'utf8' },
)
// The compilers run in their own processes while the apps below boot; the last test reads their answers.
const typechecked = Promise.all([typecheck(join(ws, 'tsconfig.json')), typecheck(join(ws, 'tsconfig.modules.json'))])

afterAll(() => {
  rmSync(ws, { recursive: true, force: true })
  rmSync(vendorDir, { recursive: true, force: true })
  rmSync(`${vendorDir}-bare`, { recursive: true, force: true })
})

describe('pnpm create-plugin', () => {
  it('writes the plugin and its module, with what to do next', () => {
    expect(cli.stdout).toContain(`Created plugins/${NAME} and modules/${NAME}`)
    expect(cli.stdout).toContain('pnpm install')
    expect(filesUnder(pluginDir)).toEqual([
      'migrations/001_field_notes.ts',
      'package.json',
      'src/api.ts',
      'src/events.ts',
      'src/index.ts',
      'src/routes.ts',
      'src/schemas.ts',
      'src/service.ts',
      'test/field-notes.test.ts',
    ])
    expect(filesUnder(moduleDir)).toEqual([
      'package.json',
      'src/FieldNotesPage.tsx',
      'src/FieldNotesTable.tsx',
      'src/i18n/en.json',
      'src/i18n/es.json',
      'src/i18n/pt.json',
      'src/index.css',
      'src/index.ts',
      'src/menu.json',
      'src/useFieldNotes.ts',
      'tsconfig.json',
      'vite.config.ts',
    ])
    const all = [
      ...filesUnder(pluginDir).map((f) => join(pluginDir, f)),
      ...filesUnder(moduleDir).map((f) => join(moduleDir, f)),
    ]
    for (const file of all) expect(readFileSync(file, 'utf8'), file).not.toMatch(/__[A-Za-z_]+__/)

    const manifest = readFileSync(join(pluginDir, 'src/index.ts'), 'utf8')
    expect(manifest).toContain(`name: '${NAME}',`)
    expect(manifest).toContain(`planFlag: '${FLAG}',`)
    expect(manifest).toContain('module: true,')
    expect(manifest).not.toContain('// [if')
    expect(JSON.parse(readFileSync(join(moduleDir, 'src/menu.json'), 'utf8'))).toEqual([
      expect.objectContaining({ label: 'menu.fieldNotes', to: `/${NAME}` }),
    ])
  })

  it('writes the backend alone with --no-module, and no planFlag without --flag', () => {
    expect(existsSync(join(ws, 'modules', PLAIN))).toBe(false)
    const manifest = readFileSync(join(ws, 'plugins', PLAIN, 'src/index.ts'), 'utf8')
    expect(manifest).not.toMatch(/planFlag|module: true|moduleRoutes/)
    expect(readFileSync(join(ws, 'plugins', PLAIN, 'test/plain-notes.test.ts'), 'utf8')).toContain(
      "module: 'plain-notes'",
    )
  })

  it('uses the dependency versions the existing plugins and modules use', () => {
    for (const [kind, generated] of [
      ['plugins', pluginDir],
      ['modules', moduleDir],
    ] as const) {
      const used = new Map<string, Set<string>>()
      for (const name of readdirSync(join(ROOT, kind)).filter((n) => existsSync(join(ROOT, kind, n, 'package.json')))) {
        const pkg = JSON.parse(readFileSync(join(ROOT, kind, name, 'package.json'), 'utf8'))
        for (const [dep, version] of Object.entries<string>({ ...pkg.dependencies, ...pkg.devDependencies }))
          used.set(dep, (used.get(dep) ?? new Set()).add(version))
      }
      const pkg = JSON.parse(readFileSync(join(generated, 'package.json'), 'utf8'))
      for (const [dep, version] of Object.entries<string>({ ...pkg.dependencies, ...pkg.devDependencies })) {
        if (version === 'workspace:*') continue
        expect([...(used.get(dep) ?? [])], `${kind}: ${dep}`).toEqual([version])
      }
    }
  })

  it('refuses bad names, existing features and bad flags, writing nothing', () => {
    const before = filesUnder(ws)
    const refusals: [Parameters<typeof createPlugin>[0], RegExp][] = [
      [{ name: 'Field_Notes', module: true, root: ws }, /not a kebab-case name/],
      [{ name: 'notes-', module: true, root: ws }, /not a kebab-case name/],
      [{ name: '2fa', module: true, root: ws }, /not a kebab-case name/],
      [{ name: 'x', module: true, root: ws }, /2 to 41 characters/],
      [{ name: 'helps', module: true, root: ws }, /plugins\/helps already exists/],
      [{ name: 'module-only', module: false, root: ws }, /modules\/module-only already exists/],
      [{ name: NAME, module: true, root: ws }, /plugins\/field-notes already exists/],
      [{ name: 'good-name', flag: 'use-kanban', module: true, root: ws }, /not a camelCase plan flag/],
      [{ name: 'good-name', module: true, root: join(ws, 'plugins') }, /not the Atende workspace/],
    ]
    for (const [opts, message] of refusals) expect(() => createPlugin(opts), opts.name).toThrow(message)
    const bad = spawnSync(
      join(ROOT, 'node_modules/.bin/tsx'),
      [join(ROOT, 'scripts/create-plugin.ts'), 'Bad Name', '--root', ws],
      { encoding: 'utf8' },
    )
    expect(bad.status).toBe(1)
    expect(bad.stderr).toContain('"Bad Name" is not a kebab-case name')
    expect(filesUnder(ws)).toEqual(before)
  })

  it('lints clean where it would live, under the architecture rules (eslint.config.js)', async () => {
    const eslint = new ESLint({ cwd: ROOT })
    const problems: string[] = []
    for (const [from, to] of [
      [pluginDir, `plugins/${NAME}`],
      [moduleDir, `modules/${NAME}`],
    ]) {
      for (const file of filesUnder(from).filter((f) => /\.tsx?$/.test(f))) {
        const [result] = await eslint.lintText(readFileSync(join(from, file), 'utf8'), {
          filePath: join(ROOT, to, file),
        })
        problems.push(...result!.messages.map((m) => `${to}/${file}:${m.line} ${m.ruleId ?? ''} ${m.message}`))
      }
    }
    expect(problems).toEqual([])
  })

  it("writes its files in the repository's Prettier style (pnpm lint checks it)", async () => {
    const options = await prettierOptions(ROOT)
    const unformatted: string[] = []
    await vendorCli
    for (const dir of [pluginDir, moduleDir, vendorDir]) {
      for (const file of filesUnder(dir)) {
        const path = join(dir, file)
        if (!(await getFileInfo(path)).inferredParser) continue
        if (!(await check(readFileSync(path, 'utf8'), { ...options, filepath: path }))) unformatted.push(file)
      }
    }
    expect(unformatted).toEqual([])
  })

  describe('--standalone: one third-party package outside the workspace', () => {
    it('writes the plugin at the top and the module in module/, with the kit packed beside them', async () => {
      const { stdout } = await vendorCli
      expect(stdout).toContain('pnpm plugin:add')
      expect(stdout).toContain(`ATENDE_PLUGINS=atende-plugin-${VENDOR} pnpm test:plugin`)
      expect(filesUnder(vendorDir)).toEqual([
        '.gitignore',
        '.npmrc',
        'README.md',
        'atende-kit/atende-client-1.0.1.tgz',
        'atende-kit/atende-sdk-1.0.1.tgz',
        'atende-kit/atende-ui-1.0.1.tgz',
        'migrations/001_acme_notes.ts',
        'module/src/AcmeNotesPage.tsx',
        'module/src/AcmeNotesTable.tsx',
        'module/src/i18n/en.json',
        'module/src/i18n/es.json',
        'module/src/i18n/pt.json',
        'module/src/index.css',
        'module/src/index.ts',
        'module/src/menu.json',
        'module/src/useAcmeNotes.ts',
        'package.json',
        'src/api.ts',
        'src/events.ts',
        'src/index.ts',
        'src/routes.ts',
        'src/schemas.ts',
        'src/service.ts',
        'tsconfig.json',
        'vite.config.ts',
      ])
      for (const file of filesUnder(vendorDir).filter((f) => !f.endsWith('.tgz')))
        expect(readFileSync(join(vendorDir, file), 'utf8'), file).not.toMatch(/__[A-Za-z_]+__|\/\/ \[if/)
    })

    it('takes the SDK as a peer only (plugin:add accepts it) and builds against the kit files, never npm', async () => {
      await vendorCli
      const pkg = JSON.parse(readFileSync(join(vendorDir, 'package.json'), 'utf8'))
      expect(() => checkPluginPackage(pkg)).not.toThrow()
      expect(pkg.peerDependencies).toEqual({ '@atende/sdk': '^1.0.0' })
      expect(pkg.dependencies).toBeUndefined()
      for (const name of ['@atende/sdk', '@atende/ui', '@atende/client']) {
        const file = `file:atende-kit/${name.replace('@atende/', 'atende-')}-1.0.1.tgz`
        expect([pkg.devDependencies[name], pkg.pnpm.overrides[name]]).toEqual([file, file])
      }
      expect(readFileSync(join(vendorDir, '.npmrc'), 'utf8')).toContain('@atende:registry=https://atende.invalid/')
      // Nothing at run time beyond the SDK: TypeBox through it, the contract through the package's own entry.
      const sources = filesUnder(vendorDir).filter((f) => /\.tsx?$/.test(f))
      const text = sources.map((f) => readFileSync(join(vendorDir, f), 'utf8')).join('\n')
      expect(text).not.toMatch(/@sinclair\/typebox|@atende\/plugin-|@atende\/kernel/)
      expect(readFileSync(join(vendorDir, 'module/src/useAcmeNotes.ts'), 'utf8')).toContain(
        `from 'atende-plugin-${VENDOR}/api'`,
      )
      expect(readFileSync(join(vendorDir, 'vite.config.ts'), 'utf8')).toContain("from '@atende/ui/federation'")
    })

    it('writes valid JSON without the module (--no-module), and refuses a folder that is not empty', async () => {
      await vendorCli
      const bare = `${vendorDir}-bare`
      createPlugin({ name: 'bare-notes', module: false, root: ws, standalone: bare })
      const pkg = JSON.parse(readFileSync(join(bare, 'package.json'), 'utf8'))
      expect(Object.keys(pkg.devDependencies)).not.toContain('@atende/ui')
      expect(pkg.pnpm.overrides).toEqual({ '@atende/sdk': 'file:atende-kit/atende-sdk-1.0.1.tgz' })
      expect(existsSync(join(bare, 'module'))).toBe(false)
      expect(existsSync(join(bare, 'vite.config.ts'))).toBe(false)
      const tsconfig = JSON.parse(readFileSync(join(bare, 'tsconfig.json'), 'utf8'))
      expect(tsconfig.compilerOptions.types).toEqual(['node', '@fastify/swagger']) // no Vite installed to type
      expect(readFileSync(join(bare, 'src/index.ts'), 'utf8')).not.toMatch(/moduleDir|module: true/)
      expect(() => createPlugin({ name: 'bare-notes', module: false, root: ws, standalone: vendorDir })).toThrow(
        /is not empty/,
      )
    })
  })

  describe('boots in the real kernel', () => {
    let t: TestApp
    beforeAll(async () => {
      const plugin = ((await import(pathToFileURL(join(pluginDir, 'src/index.ts')).href)) as { default: DefinedPlugin })
        .default
      // The standalone plugin as the host loads it: its SDK peer is the host's (here the repository's).
      await vendorCli
      mkdirSync(join(vendorDir, 'node_modules/@atende'), { recursive: true })
      symlinkSync(join(ROOT, 'core/sdk'), join(vendorDir, 'node_modules/@atende/sdk'), 'dir')
      const vendor = ((await import(pathToFileURL(join(vendorDir, 'src/index.ts')).href)) as { default: DefinedPlugin })
        .default
      t = await createTestApp({ plugins: [plugin, vendor] })
    })
    afterAll(async () => {
      await t?.close()
    })

    it('lists, creates, refuses bad input naming the field, and keeps companies apart', async () => {
      const a = await companyWithUser(t.app, { profile: 'admin' })
      const b = await companyWithUser(t.app, { profile: 'admin' })
      const call = (method: 'GET' | 'POST', url: string, headers: { authorization: string }, payload?: object) =>
        t.app.inject({ method, url, headers, payload })

      expect((await call('GET', `/api/${NAME}`, a.headers)).json()).toEqual({ records: [], hasMore: false, count: 0 })
      const created = await call('POST', `/api/${NAME}`, a.headers, { name: 'First note' })
      expect(created.statusCode, created.body).toBe(200)
      expect(created.json()).toMatchObject({ name: 'First note', description: '', companyId: a.companyId })
      expect((await call('GET', `/api/${NAME}`, a.headers)).json()).toMatchObject({
        records: [{ name: 'First note' }],
        count: 1,
      })

      const invalid = await call('POST', `/api/${NAME}`, a.headers, { description: 'no name' })
      expect(invalid.statusCode).toBe(400)
      expect(invalid.json()).toMatchObject({ error: 'ERR_VALIDATION', field: 'name' })

      expect((await call('GET', `/api/${NAME}`, b.headers)).json()).toEqual({ records: [], hasMore: false, count: 0 })
      const foreign = await call('GET', `/api/${NAME}/${created.json().id}`, b.headers)
      expect(foreign.statusCode).toBe(404)
      expect(foreign.json().error).toBe('ERR_NO_FIELD_NOTE_FOUND')
    })

    it('boots the standalone plugin beside it, its module served from its own package (moduleDir)', async () => {
      const a = await companyWithUser(t.app, { profile: 'admin' })
      const created = await t.app.inject({
        method: 'POST',
        url: `/api/${VENDOR}`,
        headers: a.headers,
        payload: { name: 'Vendor note' },
      })
      expect(created.statusCode, created.body).toBe(200)
      const modules = (await t.app.inject({ url: '/api/modules', headers: a.headers })).json()
      expect(modules).toContainEqual(
        expect.objectContaining({ name: VENDOR, remoteEntry: `/modules/${VENDOR}/remoteEntry.js` }),
      )
    })

    it('owns its table: companyId with an index, made by its migration', async () => {
      const indexes: { indexdef: string }[] = await t
        .db('pg_indexes')
        .where({ tablename: 'field_notes' })
        .select('indexdef')
      expect(indexes.map((i) => i.indexdef).join('\n')).toMatch(/\("companyId", name\)/)
    })
  })

  // The test the scaffold ships with runs here as it will in plugins/<name>/test.
  describe('its own test', async () => {
    await import(pathToFileURL(join(pluginDir, 'test', `${NAME}.test.ts`)).href)
  })

  it("type-checks with the repository's compiler settings (plugins as `pnpm typecheck` does, modules as tsconfig.modules.json)", async () => {
    const [backend, frontend] = await typechecked
    expect(backend.output).toBe('')
    expect(frontend.output).toBe('')
    expect(backend.ok && frontend.ok).toBe(true)
  }, 90_000) // two compilers on a shared 2-core machine: usually 5 to 10 s, never worth a flaky failure
})
