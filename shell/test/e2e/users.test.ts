/**
 * modules/users in a real browser against the real kernel: the /users screen of a company admin
 * (infinite scroll, the add dialog's password policy, search, edit, delete with confirmation,
 * live updates between two admins), the super-admin protection, the phone layout, and a plain
 * user who has no Users item but edits their own profile at /profile; and modules/ddd-routing's DDDs
 * column and dialog, which reach the screen only through its extension slots.
 */
import { readFileSync } from 'node:fs'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { SUPER } from '@atende/kernel/testing'
import { canRun, openBrowserApp, PHONE, type BrowserApp } from './support.ts'
import { emailError, nameError, passwordError } from '../../../modules/users/src/validation.ts'

const PASSWORD = 'Senha@123'
const CNPJ = '11222333000181'
const ADMIN_EMAIL = 'admin@usuarios.test'
const BULK = 30
const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='

type Headers = Record<string, string>
let app: BrowserApp
/** An admin that only the tests' setup calls use: a UI login of another account never ends its session. */
let fixtures: Headers
let superName: string
let seq = 0

/** Someone of the company, to sign in with. */
const account = (email: string) => ({ cnpj: CNPJ, email, password: PASSWORD })
const ADMIN = account(ADMIN_EMAIL)
const ANA = account('ana@usuarios.test')

/** A user of the company made for one test (a name that sorts before the list's last, Pedro Atendente). */
async function aUser(prefix: string, profile: 'admin' | 'user' = 'user') {
  seq += 1
  const email = `${prefix.toLowerCase().replace(/\W+/g, '')}${seq}@usuarios.test`
  const name = `${prefix} ${seq}`
  await call('POST', '/api/users', fixtures, { name, email, password: PASSWORD, profile })
  return { ...account(email), name }
}

async function call(method: string, url: string, headers: Headers, payload?: object) {
  const res = await app.t.app.inject({ method: method as 'GET', url, headers, payload })
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`)
  return res.json()
}

const scroller = (page: Page) => page.getByTestId('users-scroll')
const row = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name })

/** Scrolls the list to its end until `name` (one of the last users) is rendered: pages load on the way. */
async function scrollUntil(page: Page, name: string) {
  for (let i = 0; i < 20 && !(await row(page, name).count()); i++) {
    await scroller(page).evaluate((el) => {
      el.scrollTop = el.scrollHeight
    })
    await page.waitForTimeout(150)
  }
  await row(page, name).waitFor()
}

beforeAll(async () => {
  if (!canRun) return
  app = await openBrowserApp()
  const su = (await app.api()).headers
  superName = (await call('GET', '/api/users/me', su)).name
  // A plan without a users limit (0), so the list can grow past one page.
  const plan = await call('POST', '/api/plans', su, {
    name: 'Sem limite',
    users: 0,
    connections: 0,
    queues: 0,
    value: 0,
  })
  await call('POST', '/api/companies', su, {
    name: 'Empresa Usuários',
    email: ADMIN_EMAIL,
    planId: plan.id,
    cnpj: CNPJ,
    password: PASSWORD,
    dueDate: '2099-12-31',
  })
  const admin = (await app.api(CNPJ, ADMIN_EMAIL, PASSWORD)).headers
  await call('POST', '/api/users', admin, {
    name: 'Fixtures Admin',
    email: 'fixtures@usuarios.test',
    password: PASSWORD,
    profile: 'admin',
  })
  fixtures = (await app.api(CNPJ, 'fixtures@usuarios.test', PASSWORD)).headers
  await call('POST', '/api/users', admin, {
    name: 'Ana Admin',
    email: 'ana@usuarios.test',
    password: PASSWORD,
    profile: 'admin',
  })
  await call('POST', '/api/users', admin, {
    name: 'Pedro Atendente',
    email: 'pedro@usuarios.test',
    password: PASSWORD,
    profile: 'user',
  })
  for (let i = 1; i <= BULK; i++) {
    const n = String(i).padStart(2, '0')
    await call('POST', '/api/users', admin, { name: `Bulk ${n}`, email: `bulk${n}@usuarios.test`, password: PASSWORD })
  }
}, 240_000)

afterAll(async () => {
  await app?.close()
})

describe('users module rules (no browser)', () => {
  it('validates the user form', () => {
    expect(nameError('A')).toEqual({ key: 'validation.tooShort', values: { min: 2 } })
    expect(nameError('x'.repeat(51))).toEqual({ key: 'validation.tooLong', values: { max: 50 } })
    expect(nameError('  ')).toBe('users.validation.required')
    expect(nameError(' Ana ')).toBeNull()
    expect(emailError('nope')).toBe('users.validation.email')
    expect(passwordError('', true)).toBe('users.validation.required')
    expect(passwordError('', false)).toBeNull()
    expect(passwordError('Ab@1', true)).toBe('users.validation.passwordShort')
    expect(passwordError('abcdefgh1', true)).toBe('users.validation.passwordPolicy')
    expect(passwordError('Forte@123', true)).toBeNull()
  })

  it('has the same keys in pt, en and es, with the spec messages in English', () => {
    const keys = (o: Record<string, unknown>, p = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) =>
        v && typeof v === 'object' ? keys(v as Record<string, unknown>, `${p}${k}.`) : [`${p}${k}`],
      )
    const load = (lng: string) =>
      JSON.parse(readFileSync(new URL(`../../../modules/users/src/i18n/${lng}.json`, import.meta.url), 'utf8'))
    const [pt, en, es] = ['pt', 'en', 'es'].map(load)
    expect(keys(en).sort()).toEqual(keys(pt).sort())
    expect(keys(es).sort()).toEqual(keys(pt).sort())
    expect(en.users.validation.passwordShort).toBe('Password too short - minimum 8 characters!')
    expect(en.users.validation.passwordPolicy).toBe(
      'Password must contain at least 8 characters, including uppercase, lowercase, number and special character.',
    )
  })
})

describe.skipIf(!canRun)('/users in a browser', () => {
  /** The page a failing test leaves a screenshot of. */
  let current: Page | undefined
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail' && current && !current.isClosed())
      await app.shot(current, `users-failed-${ctx.task.name.slice(0, 30).replace(/\W+/g, '-')}`)
    current = undefined
  })

  it('lists the company users from the drawer and loads the next page near the bottom', async () => {
    const { page, context } = await app.signedIn(ADMIN)
    current = page
    const nav = page.getByRole('navigation', { name: 'menu' })
    await nav.getByRole('link', { name: 'Usuários' }).click({ timeout: 15_000 })
    await page.waitForURL(`${app.base}/users`)
    await row(page, 'Ana Admin').waitFor()
    const total = (await call('GET', '/api/users', fixtures)).count
    expect(total).toBeGreaterThan(BULK)
    expect(await page.getByTestId('users-count').textContent()).toContain(String(total))
    // One page so far: the last names alphabetically are not there yet.
    expect(await row(page, 'Pedro Atendente').count()).toBe(0)
    await app.shot(page, 'users-01-list')
    await scrollUntil(page, 'Pedro Atendente')
    await scroller(page).evaluate((el) => {
      el.scrollTop = 0
    })
    await row(page, 'Ana Admin').waitFor()
    // Windowed: far fewer rows in the DOM than users loaded.
    expect(await page.locator('[data-testid^="user-row-"]').count()).toBeLessThan(total)
    await context.close()
  })

  it('creates a user through the dialog: the password policy first, then success, seen live by another admin', async () => {
    const { page, context } = await app.signedIn(ADMIN, '/users')
    current = page
    const { page: other, context: otherContext } = await app.signedIn(ANA, '/users')
    await row(other, 'Ana Admin').waitFor({ timeout: 15_000 })
    // Every page loaded, so a new name sorts into the rows this admin holds.
    await scrollUntil(other, 'Pedro Atendente')
    await row(page, 'Ana Admin').waitFor({ timeout: 15_000 })

    await page.getByRole('button', { name: 'Adicionar usuário' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel('Nome').fill('A')
    await dialog.getByLabel('E-mail').fill('maria@usuarios.test')
    await dialog.getByLabel('Senha', { exact: true }).fill('Ab@1')
    await dialog.getByRole('button', { name: 'Salvar' }).click()
    await dialog.getByText('Muito curto! (mínimo 2 caracteres)').waitFor()
    await dialog.getByText('Senha muito curta - mínimo de 8 caracteres!').waitFor()
    await dialog.getByLabel('Nome').fill('Maria Teste')
    await dialog.getByLabel('Senha', { exact: true }).fill('semsimbolo1')
    await dialog.getByRole('button', { name: 'Salvar' }).click()
    await dialog
      .getByText(
        'A senha deve ter pelo menos 8 caracteres, incluindo maiúscula, minúscula, número e caractere especial.',
      )
      .waitFor()
    // Admins see profile, allTicket, queues (empty until queues exist) and the disabled connection select.
    expect(await dialog.getByLabel('Perfil', { exact: true }).isVisible()).toBe(true)
    expect(await dialog.getByText('Nenhuma fila cadastrada ainda.').isVisible()).toBe(true)
    expect(await dialog.getByLabel('Conexão padrão').isDisabled()).toBe(true)
    await app.shot(page, 'users-02-dialog-policy')

    await dialog.getByLabel('Senha', { exact: true }).fill('Forte@123')
    await dialog.getByLabel('Perfil', { exact: true }).selectOption('admin')
    await dialog.getByRole('button', { name: 'Salvar' }).click()
    await page.getByText('Usuário salvo com sucesso!').waitFor()
    await dialog.waitFor({ state: 'detached' })
    const created = await app.t.app.kernel.db('users').where({ email: 'maria@usuarios.test' }).first('name', 'profile')
    expect(created).toMatchObject({ name: 'Maria Teste', profile: 'admin' })
    await row(other, 'Maria Teste').waitFor()
    await Promise.all([context.close(), otherContext.close()])
  })

  it('shows the server field error inline for a taken email', async () => {
    const taken = await aUser('Marta Ocupada')
    const { page, context } = await app.signedIn(ADMIN, '/users')
    current = page
    await page.getByRole('button', { name: 'Adicionar usuário' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel('Nome').fill('Outra Marta')
    await dialog.getByLabel('E-mail').fill(taken.email)
    await dialog.getByLabel('Senha', { exact: true }).fill('Forte@123')
    await dialog.getByRole('button', { name: 'Salvar' }).click()
    await dialog.getByText('Já existe um usuário com este e-mail.').waitFor()
    await dialog.getByRole('button', { name: 'Cancelar' }).click()
    await dialog.waitFor({ state: 'detached' })
    await context.close()
  })

  it('finds a user by search and edits it, live for another admin', async () => {
    const target = await aUser('Mirela Busca')
    const { page, context } = await app.signedIn(ADMIN, '/users')
    current = page
    const { page: other, context: otherContext } = await app.signedIn(ANA, '/users')
    await other.getByRole('searchbox', { name: 'Pesquisar' }).fill('mirela')
    await row(other, target.name).waitFor({ timeout: 15_000 })

    await page.getByRole('searchbox', { name: 'Pesquisar' }).fill('mirela')
    await page.waitForFunction(() => document.querySelectorAll('[data-testid^="user-row-"]').length === 1)
    await row(page, target.name).waitFor()
    await page.getByRole('button', { name: `Editar ${target.name}` }).click()
    const dialog = page.getByRole('dialog')
    expect(await dialog.getByLabel('E-mail').inputValue()).toBe(target.email)
    await dialog.getByLabel('Nome').fill('Mirela Souza')
    // Profile picture: over 1 MB is refused in the browser; a small image is previewed and saved.
    const picture = dialog.locator('input[type="file"]')
    await picture.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(1024 * 1024 + 1) })
    await dialog.getByText('A imagem é muito grande! 1 MB no máximo.').waitFor()
    await picture.setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: Buffer.from(PNG_1PX, 'base64') })
    await dialog.locator('img[src^="data:image/png;base64,"]').waitFor()
    await dialog.getByRole('button', { name: 'Salvar' }).click()
    await page.getByText('Usuário salvo com sucesso!').first().waitFor()
    await row(page, 'Mirela Souza').locator('img[src^="data:image/png"]').waitFor()
    await row(other, 'Mirela Souza').waitFor()
    await app.shot(page, 'users-03-search-edited')
    await Promise.all([context.close(), otherContext.close()])
  })

  it('deletes a user after confirmation, for both admins', async () => {
    const target = await aUser('Mara Remover')
    const { page, context } = await app.signedIn(ADMIN, '/users')
    current = page
    const { page: other, context: otherContext } = await app.signedIn(ANA, '/users')
    for (const p of [page, other]) {
      await p.getByRole('searchbox', { name: 'Pesquisar' }).fill('mara')
      await row(p, target.name).waitFor({ timeout: 15_000 })
    }
    await page.getByRole('button', { name: `Excluir ${target.name}` }).click()
    const confirm = page.getByRole('dialog')
    await confirm.getByText(`Excluir ${target.name}?`).waitFor()
    await app.shot(page, 'users-04-confirm-delete')
    await confirm.getByRole('button', { name: 'Excluir', exact: true }).click()
    await page.getByText('Usuário excluído com sucesso!').waitFor()
    await page.getByText('Nenhum usuário encontrado para "mara".').waitFor()
    await row(other, target.name).waitFor({ state: 'detached' })
    await Promise.all([context.close(), otherContext.close()])
  })
  it('refuses to delete a super admin with the translated message (super user, phone)', async () => {
    const { page: phone, context } = await app.signedIn(SUPER, '/users', PHONE)
    current = phone
    await row(phone, superName).waitFor({ timeout: 15_000 })
    await app.shot(phone, 'users-05-phone-list')
    await phone.getByRole('button', { name: `Excluir ${superName}` }).click()
    await phone.getByRole('dialog').getByRole('button', { name: 'Excluir', exact: true }).click()
    await phone.getByText('Não é possível excluir um super administrador.').waitFor()
    await phone.getByRole('button', { name: 'Adicionar usuário' }).click()
    await phone.getByRole('dialog').getByLabel('Nome').waitFor()
    await app.shot(phone, 'users-06-phone-dialog')
    await context.close()
  })

  it('a plain user has no Users item, is told so at /users, and edits their own profile', async () => {
    const me = await aUser('Paulo Perfil')
    const { page: plain, context } = await app.signedIn(me)
    current = plain
    const nav = plain.getByRole('navigation', { name: 'menu' })
    await nav.getByRole('link', { name: 'Ajuda' }).waitFor({ timeout: 15_000 })
    expect(await nav.getByRole('link', { name: 'Usuários' }).count()).toBe(0)
    await plain.goto(`${app.base}/users`)
    await plain.getByText('Apenas administradores podem gerenciar usuários.').waitFor()

    await plain.goto(`${app.base}/profile`)
    const name = plain.getByLabel('Nome')
    await name.waitFor()
    expect(await name.inputValue()).toBe(me.name)
    await name.fill('Paulo Silva')
    await plain.getByLabel('Senha', { exact: true }).fill('curta')
    await plain.getByRole('button', { name: 'Salvar' }).click()
    await plain.getByText('Senha muito curta - mínimo de 8 caracteres!').waitFor()
    await plain.getByLabel('Senha', { exact: true }).fill('')
    await plain.getByRole('button', { name: 'Salvar' }).click()
    await plain.getByText('Perfil atualizado com sucesso!').waitFor()
    await plain
      .getByTestId('greeting')
      .getByText(/Paulo Silva/)
      .waitFor()
    await app.shot(plain, 'users-07-profile')

    // The top bar's 'edit profile' opens this module's dialog (slots.profileDialog), picture included.
    await plain.getByRole('button', { name: 'Perfil', exact: true }).click()
    await plain.getByRole('menuitem', { name: 'Editar perfil' }).click()
    const dialog = plain.getByRole('dialog', { name: 'Meu perfil' })
    await dialog.getByText('Foto de perfil').waitFor()
    expect(await dialog.getByLabel('Nome').inputValue()).toBe('Paulo Silva')
    await dialog.getByLabel('Nome').fill('Paulo Santos')
    await dialog.getByRole('button', { name: 'Salvar' }).click()
    await dialog.waitFor({ state: 'detached' })
    await plain
      .getByTestId('greeting')
      .getByText(/Paulo Santos/)
      .waitFor()
    await context.close()
  })
})

describe.skipIf(!canRun)('DDD routing on the users screen (modules/ddd-routing through the users slots)', () => {
  it('shows the DDDs column and the dialog only with dddRoutingEnabled, adds 47, refuses 1a and 05, removes it', async () => {
    const agent = await aUser('Dora Ddd')
    const { id } = (await call('GET', `/api/users?searchParam=${encodeURIComponent(agent.name)}`, fixtures)).users[0]
    const setting = (value: string) =>
      call('PUT', '/api/settings/dddRoutingEnabled', fixtures, { key: 'dddRoutingEnabled', value })
    await setting('enabled')
    const { page, context } = await app.signedIn(ADMIN, '/users')
    try {
      await page.getByRole('searchbox', { name: 'Pesquisar' }).fill('dora')
      await row(page, agent.name).waitFor({ timeout: 15_000 })
      await page.getByRole('columnheader', { name: 'DDDs' }).waitFor()
      await page.getByRole('button', { name: `Configurar DDDs de ${agent.name}` }).click()
      const dialog = page.getByRole('dialog', { name: `DDDs de ${agent.name}` })
      await dialog.getByText('Nenhum DDD atribuído.').waitFor()
      const input = dialog.getByLabel('DDD', { exact: true })
      expect(await input.getAttribute('maxlength')).toBe('2')
      for (const bad of ['1a', '05']) {
        await input.fill(bad)
        await dialog.getByRole('button', { name: 'Adicionar' }).click()
        await dialog.getByText('DDD deve ter 2 dígitos e ser válido (ex: 11, 21, 47)').waitFor()
      }
      await input.fill('47')
      await dialog.getByRole('button', { name: 'Adicionar' }).click()
      await page.getByText('DDD adicionado com sucesso!').waitFor()
      await dialog.getByTestId('ddd-item-47').waitFor()
      await input.fill('47')
      await dialog.getByRole('button', { name: 'Adicionar' }).click()
      await dialog.getByText('Este DDD já está atribuído a este usuário').waitFor()
      await page.getByTestId(`user-ddds-${id}`).getByText('47').waitFor()
      expect(await call('GET', `/api/ddd-routing/user/${id}`, fixtures)).toEqual([{ userId: id, ddd: '47' }])
      await app.shot(page, 'users-08-ddd-dialog')
      await dialog.getByRole('button', { name: 'Remover DDD 47' }).click()
      await page.getByText('DDD removido com sucesso!').waitFor()
      await dialog.getByText('Nenhum DDD atribuído.').waitFor()
      expect(await call('GET', `/api/ddd-routing/user/${id}`, fixtures)).toEqual([])
      await dialog.getByRole('button', { name: 'Fechar' }).click()
      // Switched off in the meantime: the column and the buttons go, live.
      await setting('disabled')
      await page.getByRole('columnheader', { name: 'DDDs' }).waitFor({ state: 'detached' })
      expect(await page.getByRole('button', { name: /^Configurar DDDs de/ }).count()).toBe(0)
    } finally {
      await setting('disabled')
      await context.close()
    }
  })
})
