import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { describe, it, expect } from 'vitest'
import Fastify from 'fastify'
import { embeddedLogger } from '../start.ts'
import { buildWebWithProgress } from '../web-build.ts'

/** A Fastify app logging through `pnpm start`'s embedded logger into an array of parsed lines. */
async function appLogging(level: string) {
  const lines: Array<Record<string, unknown>> = []
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l))
      done()
    },
  })
  const app = Fastify({ logger: { ...embeddedLogger(level), stream } })
  app.get('/api/ping', async () => ({ ok: true }))
  app.post('/api/resetpasswords/:email/:cnpj/:token/:password', async () => ({ ok: true }))
  app.get('/api/warn', async (request) => {
    request.log.warn('something odd')
    return { ok: true }
  })
  await app.ready()
  return { app, lines }
}

describe('pnpm start: embedded logging', () => {
  it('logs nothing per request at the default level, so the banner stays in view', async () => {
    const { app, lines } = await appLogging('info')
    for (let i = 0; i < 3; i++) expect((await app.inject({ method: 'GET', url: '/api/ping' })).statusCode).toBe(200)
    await app.close()
    expect(lines.filter((l) => String(l.msg).includes('request') || String(l.msg).includes('/api/ping'))).toEqual([])
  })

  it('at debug, one short line per request; warnings still come through', async () => {
    const { app, lines } = await appLogging('debug')
    await app.inject({ method: 'GET', url: '/api/ping?x=1' })
    await app.inject({ method: 'GET', url: '/api/missing' })
    await app.inject({ method: 'GET', url: '/api/warn' })
    await app.close()
    const requests = lines.filter((l) => /^GET /.test(String(l.msg)))
    expect(requests.map((l) => String(l.msg).replace(/ [\d.]+ ms$/, ''))).toEqual([
      'GET /api/ping?x=1 200',
      'GET /api/missing 404',
      'GET /api/warn 200',
    ])
    expect(requests.every((l) => l.level === 20 && !('req' in l) && !('res' in l))).toBe(true)
    expect(lines.some((l) => l.msg === 'incoming request' || l.msg === 'request completed')).toBe(false)
    expect(lines).toContainEqual(expect.objectContaining({ level: 40, msg: 'something odd' }))
  })

  it("the debug line hides a password reset's email, code and new password", async () => {
    const { app, lines } = await appLogging('debug')
    await app.inject({ method: 'POST', url: '/api/resetpasswords/ana%40x.com/12345678000199/918273/Oculta%40S1' })
    await app.close()
    const line = lines.find((l) => /^POST /.test(String(l.msg)))
    expect(String(line?.msg).replace(/ [\d.]+ ms$/, '')).toBe(
      'POST /api/resetpasswords/[redacted]/12345678000199/[redacted]/[redacted] 200',
    )
    for (const secret of ['ana', '918273', 'Oculta']) expect(JSON.stringify(lines)).not.toContain(secret)
  })
})

describe('pnpm start: web build progress', () => {
  it("says which package builds, counts them, and shows a failing package's output", async () => {
    const root = mkdtempSync(join(tmpdir(), 'atende-webbuild-'))
    try {
      const app = (name: string, script: string) => {
        const dir = join(root, name)
        mkdirSync(dir)
        writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, private: true, scripts: { build: script } }))
        return dir
      }
      const ok = [app('shell', 'node -e "console.log(1)"'), app('tags', 'node -e "console.log(2)"')]
      const lines: string[] = []
      await buildWebWithProgress({ apps: ok, log: (l) => lines.push(l), concurrency: 1 })
      expect(lines[0]).toMatch(/^Building the web app: 2 packages, 1 at a time/)
      expect(lines.filter((l) => l.startsWith('building web app'))).toEqual([
        expect.stringMatching(/^building web app \(1\/2\) .*shell…$/),
        expect.stringMatching(/^building web app \(2\/2\) .*tags…$/),
      ])
      expect(lines.filter((l) => /built .* in \d+ s \(\d\/2 done\)/.test(l))).toHaveLength(2)
      expect(lines.at(-1)).toMatch(/^Web app built in \d+ s\.$/)

      const failing = app('broken', 'node -e "console.error(\'vite: cannot resolve ./Nope\'); process.exit(2)"')
      const more: string[] = []
      await expect(buildWebWithProgress({ apps: [ok[0]!, failing], log: (l) => more.push(l) })).rejects.toThrow(
        /web build failed: .*broken/,
      )
      expect(more.join('\n')).toContain('cannot resolve ./Nope')
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  }, 60_000)
})
