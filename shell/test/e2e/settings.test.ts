/**
 * modules/settings in a real browser against the real kernel: an option
 * saved on change survives a reload, the Schedules tab follows scheduleType, and the super user's
 * Plans / Companies / Helps tabs — create a plan, create a company on it, expire its due date,
 * reset its admin's password, switch the helps module off for the plan (the company's admin then
 * loses the Help item and /helps says so), add a help video. Screenshots on desktop and phone.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { SUPER, superHeaders } from '@atende/kernel/testing'
import { aCompany, canRun, openBrowserApp, PHONE, type BrowserApp } from './support.ts'
import { dueTone, formatDate, daysLeft, maskDate, parseTypedDate } from '../../../modules/settings/src/lib/dates.ts'
import { formatMoney, isTime, maskTime } from '../../../modules/settings/src/lib/format.ts'
import { companyBody, validateCompany, EMPTY_COMPANY } from '../../../modules/settings/src/tabs/CompanyForm.tsx'

const CNPJ = '45723174000110'
const ADMIN_EMAIL = 'dono@empresa-e2e.test'
const PASSWORD = 'Senha@123'
const NEW_PASSWORD = 'Atende@456'
const NO_PERMISSION = 'Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.'

let app: BrowserApp

/**
 * An API call as the super user, on a session issued for it (a login of the super user, as the
 * tests' own, ends the sessions before it).
 */
async function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  const headers = await superHeaders(app.t.app)
  const res = await app.t.app.inject({ method, url, headers, payload })
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`)
  return res.json()
}

/** YYYY-MM-DD of today plus `days`, in local time (what the date input and the table use). */
function dayFromToday(days: number) {
  const d = new Date()
  d.setDate(d.getDate() + days)
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
}

/** A plan made for one test (every module on, as a new plan has them). */
const aPlan = (name: string): Promise<{ id: number; name: string }> =>
  call('POST', '/api/plans', { name, users: 0, connections: 0, queues: 0, value: 0 })

const tab = (p: Page, name: string) => p.getByRole('tab', { name, exact: true })
const row = (p: Page, text: string) => p.getByRole('row').filter({ hasText: text })
const toastText = (p: Page, text: string) => p.getByText(text).first().waitFor()

beforeAll(async () => {
  if (!canRun) return
  app = await openBrowserApp()
}, 240_000)

afterAll(async () => {
  await app?.close()
})

describe('settings module rules (no browser)', () => {
  it('colours a company by its due date: 5 days yellow, 4 to -3 orange, -4 and older red', () => {
    const now = new Date(2025, 0, 10, 15, 30)
    const at = (d: number) => dueTone(`2025-01-${String(10 + d).padStart(2, '0')}T00:00:00.000Z`, now)
    expect(at(6)).toBeNull()
    expect(at(5)).toBe('warning')
    expect([4, 0, -3].map(at)).toEqual(['alert', 'alert', 'alert'])
    expect([-4, -9].map(at)).toEqual(['overdue', 'overdue'])
    expect(dueTone(null, now)).toBeNull()
    expect(daysLeft('2025-01-10', now)).toBe(0)
  })

  it('formats dates DD/MM/yyyy, money in BRL and masks times ##:##', () => {
    expect(formatDate('2099-02-15T00:00:00.000Z')).toBe('15/02/2099')
    expect(formatMoney(49.9).replace(/\s/g, ' ')).toBe('R$ 49,90')
    expect(maskTime('0930')).toBe('09:30')
    expect(maskTime('9a3')).toBe('93')
    expect(isTime('23:59')).toBe(true)
    expect(isTime('24:00')).toBe(false)
    expect(isTime('')).toBe(true)
  })

  it('requires e-mail, plan and CNPJ and sends the phone as digits', () => {
    expect(validateCompany(EMPTY_COMPANY)).toMatchObject({ email: 'required', planId: 'required', cnpj: 'required' })
    const v = {
      ...EMPTY_COMPANY,
      name: 'ACME',
      email: 'a@b.co',
      planId: '1',
      cnpj: '45.723.174/0001-10',
      phone: '+55 (47) 99999-8888',
    }
    expect(validateCompany(v)).toEqual({})
    expect(companyBody(v)).toMatchObject({
      phone: '5547999998888',
      cnpj: '45723174000110',
      planId: 1,
      dueDate: null,
      status: true,
    })
    expect(companyBody({ ...v, dueDate: '29/02/2028' }).dueDate).toBe('2028-02-29')
    expect(validateCompany({ ...v, dueDate: '31/02/2028' })).toEqual({ dueDate: 'date' })
    expect(maskDate('15012099')).toBe('15/01/2099')
    expect(parseTypedDate('31/04/2099')).toBeNull()
  })
})

describe.skipIf(!canRun)('settings screen in a real browser', () => {
  // A failed test leaves screenshots of its pages, and its contexts closed.
  afterEach((ctx) => app.settle('settings', ctx.task))

  /** The super user on a page of its own at /settings, once the options show. */
  async function superAtSettings(viewport?: { width: number; height: number }) {
    const signed = await app.signedIn(SUPER, '/settings', viewport)
    await signed.page.getByRole('switch', { name: 'Avaliações' }).waitFor({ timeout: 15_000 })
    return signed
  }

  it('saves an option on change and keeps it after a reload', async () => {
    await call('PUT', '/api/settings/userRating', { value: 'disabled' })
    const { page, context } = await app.signedIn(SUPER)
    await page
      .getByRole('navigation', { name: 'menu' })
      .getByRole('link', { name: 'Configurações' })
      .click({ timeout: 15_000 })
    await page.waitForURL(/\/settings$/)
    const rating = page.getByRole('switch', { name: 'Avaliações' })
    await rating.waitFor()
    expect(await rating.getAttribute('aria-checked')).toBe('false')
    await rating.click()
    await toastText(page, 'Operação atualizada com sucesso.')
    expect(await rating.getAttribute('aria-checked')).toBe('true')
    await page.reload()
    await page.getByRole('switch', { name: 'Avaliações' }).waitFor()
    expect(await page.getByRole('switch', { name: 'Avaliações' }).getAttribute('aria-checked')).toBe('true')
    const settings: Array<{ key: string; value: string }> = await call('GET', '/api/settings')
    expect(settings.find((s) => s.key === 'userRating')?.value).toBe('enabled')
    await app.shot(page, 'settings-01-options')
    await context.close()
  })

  it('shows the Schedules tab only while scheduleType is company, and saves HH:MM rows', async () => {
    await call('PUT', '/api/settings/scheduleType', { value: 'disabled' })
    const { page, context } = await superAtSettings()
    expect(await page.getByLabel('Gerenciamento de Expediente').inputValue()).toBe('disabled')
    expect(await tab(page, 'Horários').count()).toBe(0)
    await page.getByLabel('Gerenciamento de Expediente').selectOption('company')
    await tab(page, 'Horários').click()
    const monday = page.getByLabel('Segunda-feira Hora inicial')
    await monday.fill('0930')
    expect(await monday.inputValue()).toBe('09:30')
    await page.getByLabel('Domingo Hora final').fill('2')
    await page.getByRole('button', { name: 'Salvar' }).click()
    await page.getByText('Use o formato HH:MM (00:00 a 23:59)').waitFor()
    await page.getByLabel('Domingo Hora final').fill('0000')
    await page.getByRole('button', { name: 'Salvar' }).click()
    await toastText(page, 'Horários atualizados com sucesso.')
    const company = await call('GET', '/api/companies/1')
    expect(company.schedules[0]).toMatchObject({ weekdayEn: 'monday', startTime: '09:30', weekday: 'Segunda-feira' })
    await app.shot(page, 'settings-02-schedules')
    await context.close()
  })

  it('creates a plan in the Plans tab', async () => {
    const { page, context } = await superAtSettings()
    await tab(page, 'Planos').click()
    await page.getByLabel('Nome', { exact: true }).fill('Plano E2E')
    await page.getByLabel('Usuários', { exact: true }).fill('5')
    await page.getByLabel('Conexões', { exact: true }).fill('2')
    await page.getByLabel('Filas', { exact: true }).fill('3')
    await page.getByLabel('Valor (R$)').fill('49,90')
    await page.getByRole('button', { name: 'Salvar' }).click()
    await toastText(page, 'Operação realizada com sucesso!')
    await row(page, 'Plano E2E').filter({ hasText: 'R$' }).filter({ hasText: '49,90' }).waitFor()
    // The saved plan stays open with every installed module listed.
    await page
      .getByRole('group', { name: 'Módulos do plano Plano E2E' })
      .getByRole('switch', { name: 'Ajuda', exact: true })
      .waitFor()
    const plan = (await call('GET', '/api/plans/all')).find((p: { name: string }) => p.name === 'Plano E2E')
    expect(plan).toMatchObject({ users: 5, connections: 2, queues: 3, value: 49.9 })
    await context.close()
  })

  it('creates a company from the Companies tab, colours rows by due date and expires it by its recurrence', async () => {
    // Companies whose rows show the three due-date colours, and a plan to pick.
    for (const [name, days] of [
      ['Vence em cinco', 5],
      ['Vence amanhã', 1],
      ['Atrasada', -10],
    ] as const)
      await aCompany(app, name, { dueDate: dayFromToday(days) })
    await aPlan('Plano Empresas')
    const { page, context } = await superAtSettings()
    await tab(page, 'Empresas').click()
    await row(page, 'Atrasada').waitFor()
    expect(await row(page, 'Vence em cinco').getAttribute('data-tone')).toBe('warning')
    expect(await row(page, 'Vence amanhã').getAttribute('data-tone')).toBe('alert')
    expect(await row(page, 'Atrasada').getAttribute('data-tone')).toBe('overdue')

    await page.getByRole('button', { name: 'Salvar' }).click()
    expect(await page.getByRole('alert').filter({ hasText: 'Obrigatório' }).count()).toBeGreaterThanOrEqual(3)
    await page.getByLabel('Nome', { exact: true }).fill('Empresa E2E')
    await page.getByLabel('E-mail', { exact: true }).fill(ADMIN_EMAIL)
    await page.getByLabel('Telefone').fill('5547999998888')
    expect(await page.getByLabel('Telefone').inputValue()).toBe('+55 (47) 99999-8888')
    await page.getByLabel('Plano', { exact: true }).selectOption({ label: 'Plano Empresas' })
    await page.getByLabel('Data de vencimento').fill('15012099')
    expect(await page.getByLabel('Data de vencimento').inputValue()).toBe('15/01/2099')
    await page.getByLabel('CNPJ', { exact: true }).fill(CNPJ)
    expect(await page.getByLabel('CNPJ', { exact: true }).inputValue()).toBe('45.723.174/0001-10')
    await page.getByRole('button', { name: 'Salvar' }).click()
    await toastText(page, 'Operação atualizada com sucesso.')
    const created = row(page, 'Empresa E2E')
    await created.filter({ hasText: '15/01/2099' }).waitFor()
    const list = await call('GET', '/api/companies?searchParam=dono')
    expect(list.companies[0]).toMatchObject({
      name: 'Empresa E2E',
      phone: '5547999998888',
      cnpj: CNPJ,
      recurrence: 'MENSAL',
      plan: { name: 'Plano Empresas' },
    })
    await app.shot(page, 'settings-03-companies')

    await created.click()
    await page.getByRole('heading', { name: 'Editando Empresa E2E' }).waitFor()
    await page.getByRole('button', { name: 'Vencimento +' }).click()
    await toastText(page, 'Vencimento movido para 15/02/2099.')
    await row(page, 'Empresa E2E').filter({ hasText: '15/02/2099' }).waitFor()
    expect(await page.getByLabel('Data de vencimento').inputValue()).toBe('15/02/2099')
    await context.close()
  })

  it("resets the company admin's password from the user dialog", async () => {
    const company = await aCompany(app, 'Empresa Senha')
    const { page, context } = await superAtSettings()
    await tab(page, 'Empresas').click()
    await row(page, 'Empresa Senha').click()
    await page.getByRole('heading', { name: 'Editando Empresa Senha' }).waitFor()
    await page.getByRole('button', { name: 'Usuário', exact: true }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel('E-mail').waitFor()
    expect(await dialog.getByLabel('E-mail').inputValue()).toBe(company.email)
    await dialog.getByLabel('Nova senha').fill('fraca')
    await dialog.getByRole('button', { name: 'Salvar' }).click()
    await dialog.getByText(/A senha deve ter pelo menos 8 caracteres/).waitFor()
    await dialog.getByLabel('Nova senha').fill(NEW_PASSWORD)
    await dialog.getByRole('button', { name: 'Salvar' }).click()
    await toastText(page, 'Usuário atualizado com sucesso.')
    await dialog.waitFor({ state: 'detached' })
    // The admin signs in with the new password only.
    await app.api(company.cnpj, company.email, NEW_PASSWORD)
    await expect(app.api(company.cnpj, company.email, PASSWORD)).rejects.toThrow(/login failed/)
    await context.close()
  })

  it("switches the helps module off for the company's plan: its admin loses Help and /helps says so", async () => {
    const plan = await aPlan('Plano Ajuda')
    const company = await aCompany(app, 'Empresa Ajuda', { planId: plan.id })
    // Before: the company's admin sees Help.
    const { page: admin, context: adminContext } = await app.signedIn(company)
    const nav = admin.getByRole('navigation', { name: 'menu' })
    await nav.getByRole('link', { name: 'Ajuda' }).waitFor({ timeout: 15_000 })

    const { page, context } = await superAtSettings()
    await tab(page, 'Planos').click()
    await row(page, 'Plano Ajuda').click()
    const helps = page
      .getByRole('group', { name: 'Módulos do plano Plano Ajuda' })
      .getByRole('switch', { name: 'Ajuda', exact: true })
    expect(await helps.getAttribute('aria-checked')).toBe('true')
    await helps.click()
    await page.getByText('Ajuda: Desabilitado').first().waitFor()
    expect(await helps.getAttribute('aria-checked')).toBe('false')
    const saved = (await call('GET', '/api/plans/all')).find((p: { id: number }) => p.id === plan.id)
    expect(saved.modules.helps).toBe(false)
    await app.shot(page, 'settings-04-plans')
    // No reload: the open session is told and its drawer loses Help at once.
    await nav.getByRole('link', { name: 'Ajuda' }).waitFor({ state: 'detached' })
    await nav.getByRole('link', { name: 'Configurações' }).waitFor()
    await admin.goto(`${app.base}/helps`)
    await admin.getByText(NO_PERMISSION).waitFor({ timeout: 8_000 })
    await app.shot(admin, 'settings-05-helps-denied')
    await admin.waitForURL(/\/tickets/, { timeout: 5_000 })
    // A company admin sees Options only.
    await admin.goto(`${app.base}/settings`)
    await admin.getByRole('switch', { name: 'Avaliações' }).waitFor()
    expect(await admin.getByRole('tab').allTextContents()).toEqual(['Opções'])
    // …and is told why campaigns and flows are not in the menu, and who turns them on.
    const note = admin.getByTestId('settings-campaigns-note')
    expect(await note.textContent()).toBe(
      'Campanhas, listas de contatos, campanhas de frases e o construtor de fluxos estão desligados para esta empresa. Quem os liga ou desliga é o administrador da plataforma (super usuário), no cadastro da empresa.',
    )
    await Promise.all([context.close(), adminContext.close()])
  }, 90_000)

  it('adds a help video from the Helps tab', async () => {
    const { page, context } = await superAtSettings()
    await tab(page, 'Ajuda').click()
    await page.getByLabel('Título').fill('Como usar o sistema')
    await page.getByLabel('Código do vídeo').fill('abc123XYZ')
    await page.getByLabel('Descrição').fill('Um passeio pelas telas')
    await page.getByRole('button', { name: 'Salvar' }).click()
    await toastText(page, 'Operação realizada com sucesso!')
    await row(page, 'Como usar o sistema').filter({ hasText: 'abc123XYZ' }).waitFor()
    const helps = await call('GET', '/api/helps/list')
    expect(helps.map((h: { title: string }) => h.title)).toContain('Como usar o sistema')
    await app.shot(page, 'settings-06-helps')
    await context.close()
  })

  it('fits a phone screen', async () => {
    const plan = await aPlan('Plano Celular')
    await aCompany(app, 'Empresa Celular', { planId: plan.id })
    const { page: phone, context } = await superAtSettings(PHONE)
    await app.shot(phone, 'settings-07-phone-options')
    await tab(phone, 'Empresas').click()
    await row(phone, 'Empresa Celular').waitFor()
    // Nothing but the table scrolls sideways.
    expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
    await app.shot(phone, 'settings-08-phone-companies')
    await tab(phone, 'Planos').click()
    await row(phone, 'Plano Celular').click()
    await phone.getByRole('group', { name: 'Módulos do plano Plano Celular' }).waitFor()
    await app.shot(phone, 'settings-09-phone-plans')
    await context.close()
  })
})
