import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, it, expect } from 'vitest'
import { DEMO } from '../seed-demo.ts'
import { SERVER_DIST, buildServer } from '../build-server.ts'

function jsFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (name === 'node_modules' || name === 'shell' || name === 'modules') continue
    if (statSync(path).isDirectory()) jsFiles(path, out)
    else if (name.endsWith('.js')) out.push(path)
  }
  return out
}

describe('pnpm build:server, then pnpm serve', () => {
  it('builds plain JavaScript that imports no TypeScript, and the server runs on node alone', async () => {
    const files = await buildServer()
    expect(files).toBeGreaterThan(100)
    const built = jsFiles(SERVER_DIST)
    expect(built.length).toBe(files)
    const tsImports = built.filter((f) => /(from|import)\s*\(?\s*"[^"]*\.ts"/.test(readFileSync(f, 'utf8')))
    expect(tsImports).toEqual([])

    // Embedded mode on a fresh data folder: migrations (compiled .js) run, the demo is seeded.
    const dataDir = mkdtempSync(join(tmpdir(), 'atende-serve-'))
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      WEB_BUILD: 'never',
    }
    delete env.DATABASE_URL
    delete env.REDIS_URL
    delete env.NODE_OPTIONS
    const child = spawn(process.execPath, [join(SERVER_DIST, 'scripts', 'start.js')], {
      env: { ...env, LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (d) => (output += d))
    child.stderr.on('data', (d) => (output += d))
    try {
      const base = await new Promise<string>((resolve, reject) => {
        const seen = () => {
          const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)
          if (m) resolve(m[1]!)
        }
        child.stdout.on('data', seen)
        child.on('exit', (code) => reject(new Error(`server exited ${code}:\n${output}`)))
      })
      const health = await fetch(`${base}/api/health`)
      expect(await health.json()).toMatchObject({ status: 'ok', db: 'ok' })
      const login = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ cnpj: DEMO.company.cnpj, email: 'admin@demo.com', password: DEMO.password }),
      })
      expect(login.status).toBe(200)
      const { token } = (await login.json()) as { token: string }
      const tickets = await fetch(`${base}/api/tickets?status=open&showAll=true`, {
        headers: { authorization: `Bearer ${token}` },
      })
      expect(tickets.status).toBe(200)
    } finally {
      child.kill('SIGTERM')
      await new Promise((r) => (child.exitCode === null ? child.once('exit', r) : r(null)))
      rmSync(dataDir, { recursive: true, force: true })
    }
  }, 120_000)
})
