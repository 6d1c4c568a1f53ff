import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { definePlugin, type PluginManifest } from '@atende/sdk'
import { orderPlugins, discoverPlugins, PluginLoadError } from '../src/plugins/loader.ts'
import { KERNEL_VERSION } from '../src/version.ts'

const plugin = (name: string, extra: Partial<PluginManifest> = {}) =>
  definePlugin({ name, version: '1.0.0', register() {}, ...extra })

/** Runs orderPlugins and returns the PluginLoadError it throws. */
function loadError(list: ReturnType<typeof plugin>[], host?: string): PluginLoadError {
  try {
    orderPlugins(list, host)
  } catch (err) {
    expect(err).toBeInstanceOf(PluginLoadError)
    return err as PluginLoadError
  }
  throw new Error('orderPlugins accepted an invalid set')
}

describe('orderPlugins', () => {
  it('orders by dependsOn, dependencies first', () => {
    const names = orderPlugins([
      plugin('campaigns', { dependsOn: ['contacts', 'connections'] }),
      plugin('connections', { dependsOn: ['contacts'] }),
      plugin('contacts'),
      plugin('alpha'),
    ]).map((p) => p.name)
    expect(names.indexOf('contacts')).toBeLessThan(names.indexOf('connections'))
    expect(names.indexOf('connections')).toBeLessThan(names.indexOf('campaigns'))
    expect(names).toHaveLength(4)
  })

  it('names the cycle', () => {
    const err = loadError([
      plugin('aa', { dependsOn: ['bb'] }),
      plugin('bb', { dependsOn: ['cc'] }),
      plugin('cc', { dependsOn: ['aa'] }),
    ])
    expect(err.message).toBe('Plugin dependency cycle: aa -> bb -> cc -> aa')
  })

  it('names a missing dependency', () => {
    expect(loadError([plugin('tickets', { dependsOn: ['contacts'] })]).message).toBe(
      'Plugin tickets depends on "contacts", which is not installed',
    )
  })

  it('refuses an incompatible host range with both versions', () => {
    const err = loadError([plugin('future', { host: '^99.0.0' })])
    expect(err.message).toBe(`Plugin future@1.0.0 needs host ^99.0.0, but this kernel is ${KERNEL_VERSION}`)
    expect(orderPlugins([plugin('present', { host: `^${KERNEL_VERSION.split('.')[0]}.0.0` })])).toHaveLength(1)
    expect(loadError([plugin('old', { host: '>=2.0.0' })], '1.5.0').message).toContain(
      'needs host >=2.0.0, but this kernel is 1.5.0',
    )
  })

  it('names a required service no installed plugin provides, and a service provided twice', () => {
    expect(loadError([plugin('tickets', { services: { requires: ['contacts'] } })]).message).toMatch(
      /tickets requires service "contacts", which no installed plugin provides/,
    )
    expect(
      orderPlugins([
        plugin('tickets', { services: { requires: ['contacts'], optional: ['tags'] } }),
        plugin('contacts', { services: { provides: ['contacts'] } }),
      ]).map((p) => p.name),
    ).toEqual(['contacts', 'tickets'])
    expect(
      loadError([plugin('alpha', { services: { provides: ['x'] } }), plugin('beta', { services: { provides: ['x'] } })])
        .message,
    ).toMatch(/"x" is provided by both alpha and beta/)
  })

  it('refuses duplicate names', () => {
    expect(loadError([plugin('tags'), plugin('tags')]).message).toBe('Plugin tags is installed twice')
  })

  it('refuses invalid names, versions and manifests without register', () => {
    expect(loadError([plugin('Bad Name')]).message).toBe(
      'Plugin name "Bad Name" is invalid (a letter, then lowercase letters, digits or dashes, 2 to 41 characters)',
    )
    expect(loadError([plugin('acme_notes')]).message).toContain('is invalid')
    expect(loadError([plugin('kernel')]).message).toBe('Plugin name "kernel" is reserved for the kernel')
    expect(loadError([plugin('')]).message).toContain('is invalid')
    expect(loadError([plugin('okname', { version: 'one' })]).message).toBe('Plugin okname has an invalid version "one"')
    const noRegister = { ...plugin('noreg'), register: undefined } as unknown as ReturnType<typeof plugin>
    expect(loadError([noRegister]).message).toBe('Plugin noreg has no register function')
  })
})

describe('plan keys and defaults', () => {
  it("refuses a planDefault other than 'on'/'off', and plugins sharing a key with different defaults", () => {
    expect(loadError([plugin('nps', { planDefault: 'maybe' as never })]).message).toBe(
      `Plugin nps has an invalid planDefault "maybe" ('on' or 'off')`,
    )
    expect(loadError([plugin('nps', { planFlag: 'use nps' })]).message).toContain('invalid planFlag "use nps"')
    expect(
      loadError([plugin('alpha', { planFlag: 'useX', planDefault: 'off' }), plugin('beta', { planFlag: 'useX' })])
        .message,
    ).toBe('Plugins alpha and beta share the plan key "useX" but not its planDefault')
    expect(
      orderPlugins([
        plugin('alpha', { planFlag: 'useX', planDefault: 'off' }),
        plugin('beta', { planFlag: 'useX', planDefault: 'off' }),
      ]),
    ).toHaveLength(2)
  })
})

describe('discoverPlugins', () => {
  let dir: string
  const writePackage = (name: string, files: Record<string, string>, exportsField: unknown = './src/index.js') => {
    mkdirSync(join(dir, name, 'src'), { recursive: true })
    writeFileSync(
      join(dir, name, 'package.json'),
      JSON.stringify({ name: `@x/plugin-${name}`, type: 'module', exports: exportsField }),
    )
    for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, name, file), text)
  }
  // A third-party package cannot import @atende/sdk from a temp folder; the marker is what definePlugin adds.
  const manifest = (name: string) =>
    `export default { __atendePlugin: true, name: '${name}', version: '1.2.3', register() {} }\n`

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'atende-loader-'))
  })
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true })
  })

  it('loads every package folder (exports string or "." entry), sorted, skipping folders without package.json', async () => {
    writePackage('zeta', { 'src/index.js': manifest('zeta') })
    writePackage('alpha', { 'src/main.js': manifest('alpha') }, { '.': './src/main.js' })
    mkdirSync(join(dir, 'not-a-package'))
    const found = await discoverPlugins([], dir)
    expect(found.map((p) => [p.name, p.version])).toEqual([
      ['alpha', '1.2.3'],
      ['zeta', '1.2.3'],
    ])
  })

  it('loads extra packages named in ATENDE_PLUGINS', async () => {
    const extra = join(dir, 'third-party.js')
    writeFileSync(extra, manifest('third-party'))
    const found = await discoverPlugins([pathToFileURL(extra).href], join(dir, 'no-such-folder'))
    expect(found.map((p) => p.name)).toEqual(['third-party'])
  })

  it('says which package lacks a default-exported manifest', async () => {
    writePackage('broken', { 'src/index.js': 'export const notDefault = 1\n' })
    await expect(discoverPlugins([], dir)).rejects.toThrow(
      new PluginLoadError('Plugin plugins/broken does not default-export definePlugin({...})'),
    )
    rmSync(join(dir, 'broken'), { recursive: true })
  })

  it('says which package could not be imported', async () => {
    await expect(discoverPlugins(['@nobody/atende-plugin-missing'], join(dir, 'no-such-folder'))).rejects.toThrow(
      /Plugin @nobody\/atende-plugin-missing could not be loaded: /,
    )
  })
})
