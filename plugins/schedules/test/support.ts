import { createTestApp, type TestApp } from '@atende/kernel/testing'
import usersPlugin from '@atende/plugin-users'
import contactsPlugin from '@atende/plugin-contacts'
import ticketsPlugin from '@atende/plugin-tickets'
import connectionsPlugin from '@atende/plugin-connections'
import queuesPlugin from '@atende/plugin-queues'
import plugin from '../src/index.ts'

/** The real kernel with schedules and what it sends through, the repeating tick off (tests drive tick(at)). */
export async function schedulesApp(): Promise<TestApp> {
  process.env.SCHEDULE_TICK_MS = '0'
  process.env.SIMULATOR_ACK_MS = '0'
  return createTestApp({
    plugins: [usersPlugin, contactsPlugin, ticketsPlugin, connectionsPlugin, queuesPlugin, plugin],
  })
}

/** A valid 1×1 PNG, and the first bytes of a JPEG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
)
export const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 1)])

/** A multipart body with one file part (`file`). */
export function multipartBody(fileName: string, mimetype: string, data: Buffer, field = 'file') {
  const boundary = '----atende-schedules-boundary'
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${mimetype}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}

/** An ISO instant `minutes` from now (whole minutes, as the form sends). */
export const inMinutes = (minutes: number, from = Date.now()) =>
  new Date(Math.floor(from / 60_000) * 60_000 + minutes * 60_000).toISOString()
