import type { AtendeApp } from '@atende/kernel'

let seq = 0
let ip = 0
/** A fresh, valid 14-digit CNPJ for this test run. */
export function nextCnpj() {
  seq += 1
  return `${String(Date.now() % 1e8).padStart(8, '0')}${String(seq).padStart(6, '0')}`
}
/** Each sign-up from its own client address, so the 5-a-minute limit does not trip unrelated tests. */
export const nextIp = () => {
  ip += 1
  return `10.50.${Math.floor(ip / 250)}.${(ip % 250) + 1}`
}

export const PASSWORD = 'Senha@123'

export function signupPayload(over: Record<string, unknown> = {}) {
  const cnpj = nextCnpj()
  return {
    name: `Empresa ${cnpj}`,
    email: `admin${cnpj}@example.com`,
    phone: '(47) 99999-8888',
    password: PASSWORD,
    planId: 1,
    cnpj,
    ...over,
  }
}

export const signup = (app: AtendeApp, payload: object, remoteAddress = nextIp()) =>
  app.inject({ method: 'POST', url: '/api/companies/cadastro', payload, remoteAddress })

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

/** Signs in through the auth plugin's real route, each from its own address. */
export async function signIn(app: AtendeApp, cnpj: string, email: string, password = PASSWORD) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { cnpj, email, password },
    remoteAddress: nextIp(),
  })
  if (res.statusCode !== 200) throw new Error(`login failed ${res.statusCode}: ${res.body}`)
  return { headers: bearer(res.json().token), user: res.json().user }
}

/** A company created by the super user, with an admin and a plain user signed in. */
export async function companyWithUsers(
  app: AtendeApp,
  superHeaders: Record<string, string>,
  over: Record<string, unknown> = {},
) {
  const payload = signupPayload(over)
  const res = await app.inject({ method: 'POST', url: '/api/companies', headers: superHeaders, payload })
  if (res.statusCode !== 201) throw new Error(`create failed ${res.statusCode}: ${res.body}`)
  const company = res.json()
  const admin = await signIn(app, payload.cnpj, payload.email)
  const userEmail = `user${payload.cnpj}@example.com`
  await app.kernel.db('users').insert({
    companyId: company.id,
    name: 'Atendente',
    email: userEmail,
    profile: 'user',
    passwordHash: await app.kernel.auth.hashPassword(PASSWORD),
  })
  const user = await signIn(app, payload.cnpj, userEmail)
  return { company, payload, admin: admin.headers, user: user.headers }
}
