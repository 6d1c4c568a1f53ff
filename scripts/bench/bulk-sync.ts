/**
 * `pnpm bench:bulk-sync`: POST /api/v1/companies/{id}/contacts/bulk-sync with BENCH_CONTACTS (10,000)
 * contacts in one call, over HTTP on a real port with a real API token: once creating them all, once
 * updating them all. Prints the time of each. Postgres when DATABASE_URL is set (a fresh database,
 * dropped after), else embedded PGlite.
 */
import { request } from 'undici'
import { companyWithUser, createTestApp } from '@atende/kernel/testing'

const N = Number(process.env.BENCH_CONTACTS || 10_000)
process.env.API_TOKEN_RATE_LIMIT = '1000'

const t = await createTestApp()
try {
  const { headers, companyId } = await companyWithUser(t.app, { profile: 'admin' })
  const gen = await t.app.inject({
    method: 'POST',
    url: '/api/api-tokens/generate',
    headers,
    payload: { name: 'bench' },
  })
  if (gen.statusCode !== 200) throw new Error(`token: ${gen.statusCode} ${gen.body}`)
  const token = gen.json().data.token as string
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' })
  const url = `${address}/api/v1/companies/${companyId}/contacts/bulk-sync`
  const contacts = Array.from({ length: N }, (_, i) => ({
    name: `Cliente ${i}`,
    number: `55119${String(i).padStart(8, '0')}`,
    email: `cliente${i}@example.com`,
    companyName: i % 3 ? '' : `Empresa ${i}`,
  }))
  const body = JSON.stringify({ contacts })
  const run = async (label: string) => {
    const started = performance.now()
    const res = await request(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body,
    })
    const out = (await res.body.json()) as { created: number; updated: number; errors: number }
    const ms = performance.now() - started
    if (res.statusCode !== 200) throw new Error(`${label}: ${res.statusCode} ${JSON.stringify(out)}`)
    console.log(
      `${label}: ${N} contacts in ${(ms / 1000).toFixed(2)} s (created ${out.created}, updated ${out.updated}, errors ${out.errors})`,
    )
  }
  console.log(`bulk-sync bench on ${process.env.DATABASE_URL ? 'Postgres' : 'embedded PGlite'}`)
  await run('create')
  await run('update')
} finally {
  await t.close()
}
