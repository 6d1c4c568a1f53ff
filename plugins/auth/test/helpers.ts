import type { Knex } from 'knex'
import type { AtendeApp } from '@atende/kernel'

let seq = 0
/** A company with one user, written straight to the kernel tables (the companies plugin is not loaded here). */
export async function seedCompany(
  app: AtendeApp,
  db: Knex,
  opts: { status?: boolean; dueDate?: Date | null; password?: string; email?: string; profile?: 'admin' | 'user' } = {},
) {
  seq += 1
  const cnpj = String(10_000_000_000_000 + (Date.now() % 1_000_000) * 100 + seq)
    .padStart(14, '0')
    .slice(-14)
  const plan = await db('plans').orderBy('id').first('id')
  const [company] = await db('companies')
    .insert({
      name: `Empresa ${seq}`,
      email: `empresa${seq}@example.com`,
      cnpj,
      planId: plan.id,
      status: opts.status ?? true,
      dueDate: opts.dueDate === undefined ? new Date(Date.now() + 10 * 86_400_000) : opts.dueDate,
    })
    .returning(['id', 'cnpj'])
  const password = opts.password ?? 'Senha@123'
  const email = opts.email ?? `user${seq}@example.com`
  const [user] = await db('users')
    .insert({
      companyId: company.id,
      name: `User ${seq}`,
      email,
      profile: opts.profile ?? 'admin',
      passwordHash: await app.kernel.auth.hashPassword(password),
    })
    .returning(['id'])
  return { companyId: company.id as number, userId: user.id as number, cnpj: company.cnpj as string, email, password }
}

/** `00.000.000/0000-00` as the sign-in form shows it. */
export const maskCnpj = (d: string) =>
  `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}`

export const refreshCookie = (res: { cookies: Array<{ name: string; value: string }> }) =>
  res.cookies.find((c) => c.name === 'jrt')
