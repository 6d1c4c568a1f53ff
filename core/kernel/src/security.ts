import { createHash } from 'node:crypto'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { FastifyInstance } from 'fastify'
import helmet from '@fastify/helmet'
import type { KernelConfig } from '@atende/sdk'

const SHELL_INDEX = join(fileURLToPath(new URL('../../../', import.meta.url)), 'shell', 'dist', 'index.html')

/**
 * sha256 sources for the inline scripts of the built shell's index.html (the theme script that
 * runs before first paint), read again whenever the file changes (a rebuild while running).
 */
export function inlineScriptHashes(file = SHELL_INDEX): string[] {
  let mtime = 0
  try {
    mtime = statSync(file).mtimeMs
  } catch {
    /* not built */
  }
  if (cache.file === file && cache.mtime === mtime) return cache.hashes
  const html = mtime && existsSync(file) ? readFileSync(file, 'utf8') : ''
  const hashes = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map(
    (m) => `'sha256-${createHash('sha256').update(m[1]!).digest('base64')}'`,
  )
  cache = { file, mtime, hashes }
  return hashes
}
let cache: { file: string; mtime: number; hashes: string[] } = { file: '', mtime: -1, hashes: [] }

/**
 * The web app's policy. Module-federation remotes are same-origin ES modules
 * (/modules/<name>/remoteEntry.js, loaded with import()), their CSS comes as <link>s, so 'self'
 * covers them; the only inline script is the shell's theme script, allowed by its hash. Images may
 * come from https (WhatsApp profile pictures, help video thumbnails) and blob:/data: (previews,
 * QR codes, recorded voice notes); help videos are YouTube embeds.
 */
const WEB_CSP = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
  scriptSrc: [
    "'self'",
    (req: { url?: string }) => (req.url?.startsWith('/api/') ? '' : inlineScriptHashes().join(' ')),
  ],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  mediaSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  workerSrc: ["'self'", 'blob:'],
  frameSrc: ["'self'", 'blob:', 'https://www.youtube.com', 'https://www.youtube-nocookie.com'],
  manifestSrc: ["'self'"],
  upgradeInsecureRequests: null, // embedded mode is plain http, also from other machines on the LAN
}

/** Swagger UI (/api/docs) injects styles and shows data: images; its scripts are its own files. */
const DOCS_CSP =
  "default-src 'self'; base-uri 'self'; object-src 'none'; frame-ancestors 'none'; form-action 'self'; " +
  "script-src 'self'; script-src-attr 'none'; style-src 'self' 'unsafe-inline'; img-src 'self' data: https:; font-src 'self' data:; connect-src 'self'"

/**
 * Security headers on every answer (helmet): a content security policy, no framing, nosniff, a
 * referrer policy that still lets embedded help videos play, and HSTS when the public address is
 * https. API answers default to `Cache-Control: no-store` (they carry tokens and tenant data);
 * routes that set their own (signed media URLs) keep it.
 */
export async function registerSecurity(app: FastifyInstance, config: Pick<KernelConfig, 'publicUrl'>) {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: WEB_CSP },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: config.publicUrl.startsWith('https:')
      ? { maxAge: 180 * 86_400, includeSubDomains: false }
      : false,
  })
  app.addHook('onSend', async (request, reply, payload) => {
    const url = request.url
    if (url.startsWith('/api/docs')) reply.header('content-security-policy', DOCS_CSP)
    else if ((url === '/api' || url.startsWith('/api/')) && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store')
    return payload
  })
}
