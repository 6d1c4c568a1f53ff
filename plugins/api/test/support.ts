import { companyWithUser, createTestApp, type Headers, type TestApp, type TestAppOptions } from '@atende/kernel/testing'
import { expect } from 'vitest'
import usersPlugin from '@atende/plugin-users'
import contactsPlugin from '@atende/plugin-contacts'
import ticketsPlugin from '@atende/plugin-tickets'
import connectionsPlugin from '@atende/plugin-connections'
import queuesPlugin from '@atende/plugin-queues'
import plugin from '../src/index.ts'

/** The real kernel with the api plugin and what it sends through; usage written only when flushed. */
export async function apiApp(opts: Pick<TestAppOptions, 'db' | 'config'> = {}): Promise<TestApp> {
  process.env.SIMULATOR_ACK_MS = '0'
  process.env.API_TOKEN_USAGE_FLUSH_MS = '0'
  process.env.API_IDEMPOTENCY_PURGE_MS = '0'
  return createTestApp({
    plugins: [usersPlugin, contactsPlugin, ticketsPlugin, connectionsPlugin, queuesPlugin, plugin],
    ...opts,
  })
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

/** A company with an admin, calls as that admin, and tokens issued through the real route. */
export async function company(t: TestApp, opts: { planId?: number } = {}) {
  const { headers, companyId, userId } = await companyWithUser(t.app, { profile: 'admin', ...opts })
  const call = (method: Method, url: string, payload?: object, h: Record<string, string> = headers as Headers) =>
    t.app.inject({ method, url, headers: h, payload })
  const ok = async (p: ReturnType<typeof call>, status = 200) => {
    const res = await p
    expect(res.statusCode, res.body).toBe(status)
    return res.json()
  }
  const token = async (name = 'ERP', expiresIn?: string): Promise<{ id: number; token: string }> =>
    (await ok(call('POST', '/api/api-tokens/generate', { name, ...(expiresIn ? { expiresIn } : {}) }))).data
  /** A call with an integrator's bearer. */
  const as = (bearer: string, method: Method, url: string, payload?: object, more: Record<string, string> = {}) =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${bearer}`, ...more }, payload })
  return { companyId, userId, headers: headers as Headers, call, ok, token, as }
}

export type Company = Awaited<ReturnType<typeof company>>

/** A valid 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
)

/** A multipart body: text fields, then files under `medias`. */
export function multipart(fields: Record<string, string>, files: { name: string; type: string; data: Buffer }[]) {
  const boundary = '----atende-api-boundary'
  const parts: Buffer[] = []
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`))
  for (const f of files)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="medias"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    )
  parts.push(Buffer.from(`--${boundary}--\r\n`))
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}
