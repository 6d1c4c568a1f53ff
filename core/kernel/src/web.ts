import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { extname, join, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { Type, type Static } from '@sinclair/typebox'
import fastifyStatic from '@fastify/static'
import { apiNotFound } from './errors.ts'

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url))

export interface WebOptions {
  /** The built shell (default shell/dist). */
  shellDist?: string
  /** Where module folders live (default modules/); each built one has dist/remoteEntry.js. */
  modulesDir?: string
  /** Modules whose plugin package ships the built remote (manifest moduleDir): name → folder. */
  moduleDirs?: ReadonlyMap<string, string>
}

const NOT_BUILT = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Atende</title></head>
<body style="font-family:sans-serif;max-width:40rem;margin:4rem auto">
<h1>Atende</h1><p>The API is running at <a href="/api/docs">/api/docs</a>, but the web app has not been built.</p>
<p>Run <code>pnpm build:web</code> (or <code>pnpm start</code>, which builds first) and reload.</p></body></html>`

/** Hashed files never change; everything else (index.html, remoteEntry.js) must be revalidated. */
function setCacheHeaders(res: { setHeader(name: string, value: string): unknown }, path: string) {
  res.setHeader(
    'cache-control',
    path.includes(`${sep}assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
  )
}

/** Where a module's build lives: the plugin's own folder when it names one, else modules/<name>/dist. */
const distOf = (modulesDir: string, own: ReadonlyMap<string, string> | undefined, name: string) =>
  own?.get(name) ?? join(modulesDir, name, 'dist')

/** Built modules (a remoteEntry.js in their dist): the workspace's and those plugins ship themselves. */
function builtModules(modulesDir: string, own?: ReadonlyMap<string, string>): Array<{ name: string; dist: string }> {
  const names = new Set([...(existsSync(modulesDir) ? readdirSync(modulesDir) : []), ...(own?.keys() ?? [])])
  return [...names]
    .sort()
    .map((name) => ({ name, dist: distOf(modulesDir, own, name) }))
    .filter((m) => existsSync(join(m.dist, 'remoteEntry.js')))
}

/** A drawer item as a module's build wrote it (dist/menu.json; @atende/ui's MenuEntry), as GET /api/modules returns it. */
export const ModuleMenuEntry = Type.Object({
  label: Type.String({ description: 'i18n key' }),
  labels: Type.Record(Type.String(), Type.String(), { description: 'The label by language (pt, en, es)' }),
  to: Type.String(),
  icon: Type.Optional(Type.String({ description: 'SVG elements of a 24×24 stroked icon' })),
  iconStroke: Type.Optional(Type.Number()),
  section: Type.Optional(Type.Union([Type.Literal('main'), Type.Literal('admin')])),
  order: Type.Optional(Type.Number()),
  superOnly: Type.Optional(Type.Boolean()),
  permission: Type.Optional(Type.String()),
  requiresSetting: Type.Optional(Type.Object({ key: Type.String(), value: Type.String() })),
})
export type ModuleMenuEntry = Static<typeof ModuleMenuEntry>

/**
 * Each built module's drawer items (dist/menu.json), read once per module: GET /api/modules hands
 * them to the shell, which draws the drawer before the remotes load. A module without the file (or
 * with a broken one) has none: the shell shows a placeholder row until its code arrives.
 */
export function moduleMenus(
  modulesDir = join(REPO_ROOT, 'modules'),
  own?: ReadonlyMap<string, string>,
): (name: string) => ModuleMenuEntry[] | undefined {
  const cache = new Map<string, ModuleMenuEntry[] | undefined>()
  return (name) => {
    if (!cache.has(name)) {
      let menu: ModuleMenuEntry[] | undefined
      try {
        const file = join(distOf(resolve(modulesDir), own, name), 'menu.json')
        const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'))
        if (Array.isArray(parsed)) menu = parsed as ModuleMenuEntry[]
      } catch {
        /* not built, or no menu */
      }
      cache.set(name, menu)
    }
    return cache.get(name)
  }
}

/**
 * Serves the web app on the API's port (ARCHITECTURE.md §3 "API paths"): the shell at `/`, each
 * built module at `/modules/<name>/`, and index.html for any other GET that is not an API or
 * asset path (the SPA's own routes). Unknown /api paths keep the JSON 404.
 */
export async function registerWeb(app: FastifyInstance, opts: WebOptions = {}) {
  const shellDist = resolve(opts.shellDist ?? join(REPO_ROOT, 'shell', 'dist'))
  const modulesDir = resolve(opts.modulesDir ?? join(REPO_ROOT, 'modules'))
  const shellBuilt = existsSync(join(shellDist, 'index.html'))

  for (const m of builtModules(modulesDir, opts.moduleDirs)) {
    await app.register(fastifyStatic, {
      root: m.dist,
      prefix: `/modules/${m.name}/`,
      decorateReply: false,
      cacheControl: false,
      setHeaders: setCacheHeaders,
      index: false,
    })
  }
  if (shellBuilt) {
    await app.register(fastifyStatic, {
      root: shellDist,
      serve: false,
      cacheControl: false,
      setHeaders: setCacheHeaders,
    })
  }

  app.get(
    '/*',
    { config: { public: true }, schema: { hide: true } },
    async (request: FastifyRequest, reply: FastifyReply) => {
      const path = request.url.split('?')[0]!
      if (path === '/api' || path.startsWith('/api/') || path.startsWith('/modules/'))
        return apiNotFound(request, reply)
      // Revalidated like the real page: once the app is built, a reload shows it.
      if (!shellBuilt) return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(NOT_BUILT)
      let rel: string
      try {
        rel = decodeURIComponent(path).replace(/^\/+/, '')
      } catch {
        return apiNotFound(request, reply)
      }
      const file = resolve(shellDist, rel)
      if (rel && file.startsWith(shellDist + sep) && existsSync(file) && statSync(file).isFile())
        return reply.sendFile(rel)
      // A missing file is a 404; anything else is a page of the app.
      if (extname(rel)) return apiNotFound(request, reply)
      return reply.sendFile('index.html')
    },
  )
}
