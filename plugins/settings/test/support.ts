import type { AtendeApp } from '@atende/kernel'
import { SUPER } from '@atende/kernel/testing'

let seq = 0
export type Headers = { authorization: string }

/** A bearer header for a user, through the kernel's real session service. */
export async function headersFor(app: AtendeApp, userId: number): Promise<Headers> {
  const u = await app.kernel.db('users').where({ id: userId }).first('id', 'companyId', 'profile', 'super')
  const s = await app.kernel.auth.issue(u)
  return { authorization: `Bearer ${s.accessToken}` }
}

export async function superHeaders(app: AtendeApp) {
  const u = await app.kernel.db('users').whereRaw('lower(email) = ?', [SUPER.email]).first('id')
  return headersFor(app, u.id)
}

/** A company (on the given plan) with one user of the given profile. */
export async function companyWithUser(app: AtendeApp, opts: { planId?: number; profile?: 'admin' | 'user' } = {}) {
  const db = app.kernel.db
  seq += 1
  const planId = opts.planId ?? (await db('plans').orderBy('id').first('id')).id
  const cnpj = String(Date.now() % 1e9).padStart(9, '0') + String(seq).padStart(5, '0')
  const [company] = await db('companies').insert({ name: `Company ${seq}`, cnpj, planId, dueDate: new Date(Date.now() + 30 * 864e5) }).returning('id')
  return userIn(app, company.id, opts.profile ?? 'admin')
}

export const PASSWORD = 'Secret@123'

/** One more user (password PASSWORD) in an existing company. */
export async function userIn(app: AtendeApp, companyId: number, profile: 'admin' | 'user' = 'user') {
  seq += 1
  const passwordHash = await app.kernel.auth.hashPassword(PASSWORD)
  const [user] = await app.kernel.db('users').insert({ companyId, name: `User ${seq}`, email: `user${seq}@c${companyId}.test`, passwordHash, profile }).returning('id')
  return { companyId, userId: user.id as number, headers: await headersFor(app, user.id) }
}
