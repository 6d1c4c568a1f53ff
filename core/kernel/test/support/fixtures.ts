import type { AtendeApp } from '../../src/app.ts'
import { EMBEDDED_SUPERUSER } from '../../src/config.ts'
import { definePlugin, type SettingDefinition } from '@atende/sdk'

let seq = 0
export type Headers = { authorization: string }
export const PASSWORD = 'Secret@123'

/** A bearer header for a user, through the kernel's real session service. */
export async function headersFor(app: AtendeApp, userId: number): Promise<Headers> {
  const u = await app.kernel.db('users').where({ id: userId }).first('id', 'companyId', 'profile', 'super')
  const s = await app.kernel.auth.issue(u)
  return { authorization: `Bearer ${s.accessToken}` }
}

export async function superHeaders(app: AtendeApp) {
  const u = await app.kernel.db('users').whereRaw('lower(email) = ?', [EMBEDDED_SUPERUSER.email]).first('id')
  return headersFor(app, u.id)
}

/** One more user (password PASSWORD) in an existing company. */
export async function userIn(app: AtendeApp, companyId: number, profile: 'admin' | 'user' = 'user') {
  seq += 1
  const passwordHash = await app.kernel.auth.hashPassword(PASSWORD)
  const [user] = await app.kernel
    .db('users')
    .insert({ companyId, name: `User ${seq}`, email: `user${seq}@c${companyId}.test`, passwordHash, profile })
    .returning('id')
  await announceUser(app, user.id, 'user.created')
  return { companyId, userId: user.id as number, headers: await headersFor(app, user.id) }
}

/**
 * What the users plugin announces after it writes a user or the user's queues; a test that writes
 * them directly says so too (the kernel's cached members and the tickets audience follow events).
 */
export async function announceUser(
  app: AtendeApp,
  userId: number,
  event: 'user.created' | 'user.updated' = 'user.updated',
) {
  const user = await app.kernel.accounts.userView(userId)
  if (user) await app.kernel.bus.emit(event, { companyId: user.companyId, user })
}

/** A company (on the given plan, else the first) with one user of the given profile, written to the kernel tables. */
export async function companyWithUser(app: AtendeApp, opts: { planId?: number; profile?: 'admin' | 'user' } = {}) {
  const db = app.kernel.db
  seq += 1
  const planId = opts.planId ?? (await db('plans').orderBy('id').first('id')).id
  const cnpj = String(Date.now() % 1e9).padStart(9, '0') + String(seq).padStart(5, '0')
  const [company] = await db('companies')
    .insert({ name: `Company ${seq}`, cnpj, planId, dueDate: new Date(Date.now() + 30 * 864e5) })
    .returning('id')
  return userIn(app, company.id, opts.profile ?? 'admin')
}

/**
 * A plugin that only defines company settings: for tests of the settings machinery without the
 * feature plugins that own the real keys.
 */
export const settingsProbe = (settings: SettingDefinition[]) =>
  definePlugin({ name: 'settings-probe', version: '1.0.0', essential: true, settings, register() {} })

const ON_OFF = ['enabled', 'disabled']
/** A few of the spec's settings with their real defaults, for such tests. */
export const SPEC_SETTINGS: SettingDefinition[] = [
  { key: 'userRating', values: ON_OFF, default: 'disabled' },
  { key: 'scheduleType', values: ['disabled', 'queue', 'company'], default: 'disabled' },
  { key: 'userCreation', values: ON_OFF, default: 'enabled' },
  { key: 'sendGreetingAccepted', values: ON_OFF, default: 'disabled' },
  { key: 'chatBotType', values: ['text'], default: 'text' },
]
