/**
 * Build-time federation settings shared by the shell and every module, so the singleton list
 * (ARCHITECTURE.md §3) is written once: one React, router, state, i18n, ui kit and API client.
 * Plain JavaScript because Vite loads configs with Node, which cannot import TypeScript from a package.
 */
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import { federation } from '@module-federation/vite'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

/** @param {string} requiredVersion */
const singleton = (requiredVersion) => ({ singleton: true, requiredVersion })
export const shared = {
  react: singleton('19.3.1'),
  'react-dom': singleton('19.3.1'),
  'react-router-dom': singleton('7.18.5'),
  jotai: singleton('2.20.3'),
  i18next: singleton('26.7.2'),
  'react-i18next': singleton('17.1.13'),
  '@atende/ui': singleton('1.0.1'),
  '@atende/client': singleton('1.0.1'),
}

/**
 * What a module asks of the shell: the same singletons, with no copy of its own (`import: false`).
 * The shell is the only host and always provides them, so a remote bundling fallback copies of
 * React, the router, i18next and the kit only made each of 26 builds transform ~400 modules it
 * never ships to a browser that has the shell (a module's build: 9 s → 3 s; all 26: 164 s → 61 s).
 * A module therefore loads only inside the shell, which is the only place it ever ran.
 */
const consumeOnly = Object.fromEntries(Object.entries(shared).map(([k, v]) => [k, { ...v, import: false }]))

/**
 * With `import: false` the federation plugin waits for its export analysis of React's CommonJS
 * files, which never reports done (1.23.0); it then falls back, as it says, to the whole export
 * surface (what a singleton needs anyway). Its default wait is 10 s a build; one is enough.
 */
const PARSE_IDLE_SECONDS = 1

const LANGUAGES = ['pt', 'en', 'es']

/**
 * Emits dist/menu.json: the module's src/menu.json (its drawer items as data, core/ui/src/menu.tsx)
 * with each label translated from src/i18n/<lang>.json. GET /api/modules returns it, so the shell
 * draws the drawer before the remote's code arrives.
 * @returns {import('vite').Plugin}
 */
function menuManifest() {
  let root = process.cwd()
  const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'))
  return {
    name: 'atende-menu-manifest',
    configResolved(config) {
      root = config.root
    },
    generateBundle() {
      const file = join(root, 'src', 'menu.json')
      if (!existsSync(file)) return
      const dictionaries = LANGUAGES.map((lng) => [lng, join(root, 'src', 'i18n', `${lng}.json`)])
        .filter(([, path]) => existsSync(path))
        .map(([lng, path]) => [lng, readJson(path)])
      const lookup = (dict, key) =>
        key.split('.').reduce((node, part) => (node && typeof node === 'object' ? node[part] : undefined), dict)
      const entries = readJson(file).map((entry) => {
        const labels = Object.fromEntries(
          dictionaries.map(([lng, dict]) => [lng, lookup(dict, entry.label)]).filter(([, v]) => typeof v === 'string'),
        )
        if (!labels.pt) this.error(`src/menu.json: no Portuguese text for ${entry.label} in src/i18n/pt.json`)
        return { ...entry, labels }
      })
      this.emitFile({ type: 'asset', fileName: 'menu.json', source: JSON.stringify(entries) })
    },
  }
}

/** A feature module: a remote served by the kernel at /modules/<name>/, exposing `./module`. */
/** @param {string} name @param {string} [entry] @returns {import('vite').UserConfig} */
export function moduleViteConfig(name, entry = './src/index.ts') {
  return {
    base: `/modules/${name}/`,
    plugins: [
      react(),
      tailwindcss(),
      federation({
        name,
        filename: 'remoteEntry.js',
        exposes: { './module': entry },
        shared: consumeOnly,
        dts: false,
        moduleParseIdleTimeout: PARSE_IDLE_SECONDS,
      }),
      menuManifest(),
    ],
    // The shell loads a module through remoteEntry.js: the build needs no page of its own.
    build: { target: 'esnext', outDir: 'dist', emptyOutDir: true, rollupOptions: { input: entry } },
  }
}

/** The host: remotes are registered at runtime from GET /api/modules. */
/** @param {string} [api] @returns {import('vite').UserConfig} */
export function shellViteConfig(api = 'http://127.0.0.1:8080') {
  return {
    plugins: [react(), tailwindcss(), federation({ name: 'shell', remotes: {}, shared, dts: false })],
    build: { target: 'esnext', outDir: 'dist', emptyOutDir: true },
    server: { port: 5173, proxy: { '/api': api, '/modules': api, '/socket': { target: api, ws: true } } },
  }
}
