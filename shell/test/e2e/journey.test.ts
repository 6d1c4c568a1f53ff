/**
 * The shell issue's whole story in one browser run, as a new customer and the platform's super
 * user live it: sign up on a phone → log in on a desktop → the drawer shows the company's modules →
 * create a user → a third-party plugin's drawer item and page (examples/nps, built outside the
 * workspace) → the super user switches a module off for the company's plan → the admin no longer
 * sees it and its page says so → English → dark mode survives a reload → a module whose remote is
 * broken shows its error card while the rest keeps working.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { definePlugin } from '@atende/sdk'
import { canRun, openBrowserApp, PHONE, type BrowserApp } from './support.ts'
import { builtNpsSample } from './third-party.ts'

// Installed with a module flag but no built remote: its remoteEntry answers 404.
const broken = definePlugin({ name: 'broken', version: '1.0.0', module: true, register() {} })

const COMPANY = {
  name: 'Jornada Ltda',
  email: 'dona@jornada.test',
  phone: '5547988887777',
  password: 'Jornada@2026',
  cnpj: '45723174000110',
}
const NO_PERMISSION = 'Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.'

describe.skipIf(!canRun)('a new company, end to end in the browser', () => {
  let app: BrowserApp
  let admin: Page
  let planId: number
  let nps: Awaited<ReturnType<typeof builtNpsSample>> | undefined
  const nav = (p: Page) => p.getByRole('navigation', { name: 'menu' })

  beforeAll(async () => {
    nps = await builtNpsSample()
    app = await openBrowserApp({ extraPlugins: [broken, nps.plugin] })
    const su = await app.api()
    const res = await app.t.app.inject({
      method: 'POST',
      url: '/api/plans',
      headers: su.headers,
      payload: { name: 'Plano Jornada', users: 5, connections: 2, queues: 3, value: 79.9, isPublic: true },
    })
    expect(res.statusCode).toBe(201)
    planId = res.json().id
  }, 300_000)
  afterAll(async () => {
    await app?.close()
    nps?.remove()
  })

  it('signs the company up from a phone and lands on /login', async () => {
    const { page, context } = await app.newPage(PHONE)
    await page.goto(`${app.base}/signup`)
    await page.getByLabel('Nome da empresa').fill(COMPANY.name)
    await page.getByLabel('CNPJ').fill(COMPANY.cnpj)
    await page.getByLabel('E-mail').fill(COMPANY.email)
    await page.getByLabel('Telefone').fill(COMPANY.phone)
    await page.getByLabel('Senha').fill(COMPANY.password)
    await page.getByLabel('Plano').selectOption(String(planId))
    await app.shot(page, 'journey-01-signup-phone')
    await page.getByRole('button', { name: 'Cadastrar' }).click()
    await page.waitForURL(/\/login/, { timeout: 10_000 })
    const company = await app.t.db('companies').where({ cnpj: COMPANY.cnpj }).first()
    expect(company).toMatchObject({ name: COMPANY.name, planId, phone: COMPANY.phone })
    // The trial is the server's: 15 days, whatever the page sent.
    const days = (new Date(company.dueDate).getTime() - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(14.9)
    expect(days).toBeLessThan(15.1)
    await context.close()
  })

  it('logs in on a desktop and the drawer shows what the plan offers, the broken module flagged', async () => {
    admin = (await app.newPage()).page
    await app.loginUI(admin, COMPANY.cnpj, COMPANY.email, COMPANY.password)
    for (const item of ['Atendimentos', 'Ajuda', 'Usuários', 'Configurações']) {
      await nav(admin).getByRole('link', { name: item }).waitFor({ timeout: 15_000 })
    }
    await admin.getByText('Módulos indisponíveis: broken').waitFor()
    expect(await admin.getByTestId('greeting').textContent()).toContain(COMPANY.name)
    await app.shot(admin, 'journey-02-drawer')
  })

  it('creates a user', async () => {
    await nav(admin).getByRole('link', { name: 'Usuários' }).click()
    await admin.getByRole('button', { name: 'Adicionar usuário' }).click()
    const dialog = admin.getByRole('dialog')
    await dialog.getByLabel('Nome').fill('Atendente Jornada')
    await dialog.getByLabel('E-mail').fill('atendente@jornada.test')
    await dialog.getByLabel('Senha', { exact: true }).fill('Atende@2026')
    await dialog.getByRole('button', { name: 'Salvar' }).click()
    await admin.getByText('Usuário salvo com sucesso!').waitFor()
    await admin.getByRole('row').filter({ hasText: 'Atendente Jornada' }).waitFor()
    const company = await app.t.db('companies').where({ cnpj: COMPANY.cnpj }).first('id')
    expect(
      await app.t.db('users').where({ companyId: company.id, email: 'atendente@jornada.test' }).first('profile'),
    ).toEqual({ profile: 'user' })
  })

  it('opens the third-party NPS page from its drawer item and records an answer', async () => {
    await nav(admin).getByRole('link', { name: 'Pesquisa NPS' }).click()
    await admin.getByRole('heading', { name: 'Pesquisa NPS' }).waitFor({ timeout: 10_000 })
    await admin.getByLabel('Nota (0 a 10)').selectOption('10')
    await admin.getByRole('button', { name: 'Salvar' }).click()
    await admin.getByTestId('nps-score').filter({ hasText: '100' }).waitFor()
    await app.shot(admin, 'journey-02b-third-party-nps')
  })

  it("the super user switches Help off for the company's plan; the admin loses it and /helps says so", async () => {
    const { page: su, context } = await app.newPage()
    await app.loginUI(su, '00000000000191', 'admin@atende.local', 'Atende@123')
    await nav(su).getByRole('link', { name: 'Configurações' }).click()
    await su.getByRole('tab', { name: 'Planos', exact: true }).click()
    await su.getByRole('row').filter({ hasText: 'Plano Jornada' }).click()
    const helps = su
      .getByRole('group', { name: 'Módulos do plano Plano Jornada' })
      .getByRole('switch', { name: 'Ajuda', exact: true })
    await helps.click()
    await su.getByText('Ajuda: Desabilitado').first().waitFor()
    await app.shot(su, 'journey-03-super-plans')
    await context.close()

    await admin.reload()
    await nav(admin).getByRole('link', { name: 'Usuários' }).waitFor({ timeout: 15_000 })
    expect(await nav(admin).getByRole('link', { name: 'Ajuda' }).count()).toBe(0)
    await admin.goto(`${app.base}/helps`)
    await admin.getByText(NO_PERMISSION).waitFor({ timeout: 8_000 })
    await app.shot(admin, 'journey-04-helps-denied')
    await admin.waitForURL(/\/tickets/, { timeout: 5_000 })
  }, 90_000)

  it('switches to English and keeps dark mode after a reload', async () => {
    await admin.getByRole('button', { name: 'Idioma' }).click()
    await admin.getByRole('menuitem', { name: 'English' }).click()
    await nav(admin).getByRole('link', { name: 'Users' }).waitFor()
    await admin.getByRole('button', { name: 'Dark mode' }).click()
    await admin.reload()
    await admin.getByTestId('greeting').waitFor()
    expect(await admin.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true)
    expect(await admin.getByTestId('greeting').textContent()).toContain('Hello')
    await app.shot(admin, 'journey-05-dark-en')
  })

  it('shows the broken module as an error card while the rest keeps working', async () => {
    await admin.goto(`${app.base}/broken`)
    await admin.getByText('Module broken could not be loaded.').waitFor({ timeout: 10_000 })
    await app.shot(admin, 'journey-06-broken-module')
    await nav(admin).getByRole('link', { name: 'Users' }).click()
    await admin.getByRole('row').filter({ hasText: 'Atendente Jornada' }).waitFor()
  })

  // Last: a new login ends the desktop page's session (one session per user).
  it('works in Spanish on a phone: drawer behind the menu button, users listed', async () => {
    const { page, context } = await app.newPage(PHONE)
    await app.loginUI(page, COMPANY.cnpj, COMPANY.email, COMPANY.password)
    await page.getByRole('button', { name: /^(Idioma|Language)$/ }).click()
    await page.getByRole('menuitem', { name: 'Español' }).click()
    expect(await page.getByTestId('greeting').textContent()).toContain('Hola')
    // Under 600 px the drawer is temporary: closed until the menu button opens it.
    expect(await nav(page).getByRole('link', { name: 'Usuarios' }).isVisible()).toBe(false)
    await page.getByRole('button', { name: /menú/i }).first().click()
    await nav(page).getByRole('link', { name: 'Usuarios' }).click()
    await page.getByRole('row').filter({ hasText: 'Atendente Jornada' }).waitFor()
    await app.shot(page, 'journey-07-phone-es')
    await context.close()
  })
})
