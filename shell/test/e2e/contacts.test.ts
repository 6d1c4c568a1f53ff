/**
 * modules/contacts in a real browser against the real kernel: the /contacts list (count, infinite
 * scroll), the add dialog's rules and the formatted phone, a duplicate named inline, search from 3
 * characters, edit with extra information, delete behind contacts-page:deleteContact, live updates
 * between two admins, importing a spreadsheet with good and bad rows (the report lists each bad
 * row's reason), exporting contatos.csv and importing it back.
 */
import { readFileSync } from 'node:fs'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { canRun, openBrowserApp, type BrowserApp } from './support.ts'
import { emailError, matchesFilters, nameError, numberError } from '../../../modules/contacts/src/validation.ts'
import { toSheetRows } from '../../../modules/contacts/src/import/rows.ts'
import { rowsToXlsx } from '../../../modules/contacts/src/import/template.ts'

const PASSWORD = 'Senha@123'
const CNPJ = '11444777000161'
const ADMIN_EMAIL = 'admin@contatos.test'
const BULK = 30

type Headers = Record<string, string>
let app: BrowserApp
let admin: Headers
let companyId: number

async function call(method: string, url: string, headers: Headers, payload?: unknown) {
  const res = await app.t.app.inject({ method: method as 'GET', url, headers, payload: payload as object })
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`)
  return res.json()
}

const row = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name })
const scroller = (page: Page) => page.getByTestId('contacts-scroll')
const count = (page: Page) => page.getByTestId('contacts-count')

/** Scrolls the list to its end until `name` is rendered: pages load on the way. */
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
  const plan = await call('POST', '/api/plans', su, { name: 'Contatos', users: 0, connections: 0, queues: 0, value: 0 })
  const company = await call('POST', '/api/companies', su, {
    name: 'Empresa Contatos',
    email: ADMIN_EMAIL,
    planId: plan.id,
    cnpj: CNPJ,
    password: PASSWORD,
    dueDate: '2099-12-31',
  })
  companyId = company.id
  admin = (await app.api(CNPJ, ADMIN_EMAIL, PASSWORD)).headers
  await call('POST', '/api/users', admin, {
    name: 'Bia Admin',
    email: 'bia@contatos.test',
    password: PASSWORD,
    profile: 'admin',
  })
  await call('POST', '/api/users', admin, {
    name: 'Caio Atendente',
    email: 'caio@contatos.test',
    password: PASSWORD,
    profile: 'user',
  })
  // The company admin logs in through the UI below, which ends this API session: setup calls use another admin.
  await call('POST', '/api/users', admin, {
    name: 'Api Admin',
    email: 'api@contatos.test',
    password: PASSWORD,
    profile: 'admin',
  })
  const bulk = Array.from({ length: BULK }, (_, i) => ({
    name: `Lote ${String(i + 1).padStart(2, '0')}`,
    number: `55479100000${String(i + 1).padStart(2, '0')}`,
  }))
  admin = (await app.api(CNPJ, 'api@contatos.test', PASSWORD)).headers
  await call('POST', '/api/contacts/upload', admin, [
    ...bulk,
    { name: 'Ana Souza', number: '5547991112222', email: 'ana@cliente.com' },
    { name: 'Zé Pereira', number: '5511988887777' },
  ])
}, 240_000)

afterAll(async () => {
  await app?.close()
})

describe('contacts module rules (no browser)', () => {
  it('validates the contact form as core.md §5 says', () => {
    expect(nameError('A')).toBe('contacts.validation.tooShort')
    expect(nameError('x'.repeat(51))).toBe('contacts.validation.tooLong')
    expect(nameError('  ')).toBe('contacts.validation.required')
    expect(numberError('+55 (47) 99')).toBe('contacts.validation.number')
    expect(numberError('5547 9999')).toBeNull() // 8 digits: the minimum
    expect(numberError('+55 (47) 99999-9999')).toBeNull()
    expect(emailError('')).toBeNull()
    expect(emailError('nope')).toBe('contacts.validation.email')
    expect(
      matchesFilters({ name: 'Márcia', email: '', number: '5547', createdAt: new Date().toISOString() }, 'marc', {}),
    ).toBe(true)
    expect(
      matchesFilters({ name: 'Márcia', email: '', number: '5547', createdAt: new Date().toISOString() }, 'ma', {}),
    ).toBe(true) // under 3: no search
    expect(
      matchesFilters({ name: 'Bruno', email: '', number: '5547', createdAt: new Date().toISOString() }, 'marc', {}),
    ).toBe(false)
  })

  it('reads spreadsheet rows with or without a header', () => {
    expect(
      toSheetRows([
        ['Telefone', 'Nome'],
        [5547999991111, 'Ana'],
        ['', ''],
        ['(47) 98888-7777', 'Bia'],
      ]),
    ).toEqual([
      { row: 2, name: 'Ana', number: '5547999991111', email: '' },
      { row: 4, name: 'Bia', number: '(47) 98888-7777', email: '' },
    ])
    expect(toSheetRows([['Ana', '5547999991111', 'a@x.com']])).toEqual([
      { row: 1, name: 'Ana', number: '5547999991111', email: 'a@x.com' },
    ])
  })

  it('has the same keys in pt, en and es, with the spec messages in English', () => {
    const keys = (o: Record<string, unknown>, p = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) =>
        v && typeof v === 'object' ? keys(v as Record<string, unknown>, `${p}${k}.`) : [`${p}${k}`],
      )
    const load = (lng: string) =>
      JSON.parse(readFileSync(new URL(`../../../modules/contacts/src/i18n/${lng}.json`, import.meta.url), 'utf8'))
    const [pt, en, es] = ['pt', 'en', 'es'].map(load)
    expect(keys(en).sort()).toEqual(keys(pt).sort())
    expect(keys(es).sort()).toEqual(keys(pt).sort())
    expect(en.contacts.validation).toMatchObject({
      tooShort: 'Too Short!',
      tooLong: 'Too Long!',
      email: 'Invalid email',
    })
  })
})

describe.skipIf(!canRun)('/contacts in a browser', () => {
  let page: Page
  let other: Page
  let current: Page | undefined
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail' && current && !current.isClosed())
      await app.shot(current, `contacts-failed-${ctx.task.name.slice(0, 30).replace(/\W+/g, '-')}`)
  })

  it('lists the contacts from the drawer with their count and loads the next page near the bottom', async () => {
    ;({ page } = await app.newPage())
    current = page
    await app.loginUI(page, CNPJ, ADMIN_EMAIL, PASSWORD)
    await page
      .getByRole('navigation', { name: 'menu' })
      .getByRole('link', { name: 'Contatos' })
      .click({ timeout: 15_000 })
    await page.waitForURL(`${app.base}/contacts`)
    await row(page, 'Ana Souza').waitFor()
    expect(await count(page).textContent()).toBe(`${BULK + 2} contatos`)
    expect(await row(page, 'Zé Pereira').count()).toBe(0) // past the first page of 20
    await scrollUntil(page, 'Zé Pereira')
    await app.shot(page, 'contacts-01-list')
  })

  it('creates a contact through the dialog: rules first, a formatted phone, and a duplicate named inline; another admin sees it live', async () => {
    ;({ page: other } = await app.newPage())
    await app.loginUI(other, CNPJ, 'bia@contatos.test', PASSWORD)
    await other.goto(`${app.base}/contacts`)
    await row(other, 'Ana Souza').waitFor({ timeout: 15_000 })
    // Every page loaded, so a new name sorts into the rows this admin holds.
    await scrollUntil(other, 'Zé Pereira')

    await page.getByRole('button', { name: 'Adicionar contato' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel('Nome', { exact: true }).fill('M')
    await dialog.getByLabel('Número do WhatsApp').fill('4799')
    await dialog.getByLabel('Endereço de e-mail').fill('errado@')
    await dialog.getByRole('button', { name: 'Salvar' }).click()
    await dialog.getByText('Muito curto!').waitFor()
    await dialog.getByText('Número inválido: de 8 a 50 dígitos').waitFor()
    await dialog.getByText('E-mail inválido').waitFor()

    await dialog.getByLabel('Nome', { exact: true }).fill('Marta Ribeiro')
    await dialog.getByLabel('Número do WhatsApp').fill('5547991112222')
    expect(await dialog.getByLabel('Número do WhatsApp').inputValue()).toBe('+55 (47) 99111-2222')
    await dialog.getByLabel('Endereço de e-mail').fill('marta@cliente.com')
    await dialog.getByRole('button', { name: 'Salvar' }).click()
    // Ana Souza already has that number: the server names her under the field.
    await dialog.getByText('Já existe um contato com este número: Ana Souza').waitFor()
    await app.shot(page, 'contacts-02-duplicate')

    await dialog.getByLabel('Número do WhatsApp').fill('47 99333-4444')
    await dialog.getByRole('button', { name: 'Salvar' }).click()
    await page.getByText('Contato salvo com sucesso!').waitFor()
    await dialog.waitFor({ state: 'detached' })
    const saved = await app.t.db('contacts').where({ companyId, name: 'Marta Ribeiro' }).first('number', 'email')
    expect(saved).toEqual({ number: '5547993334444', email: 'marta@cliente.com' })
    await row(page, 'Marta Ribeiro').getByRole('cell', { name: '+55 (47) 99333-4444' }).waitFor()
    await row(other, 'Marta Ribeiro').waitFor()
    expect(await count(page).textContent()).toBe(`${BULK + 3} contatos`)
  })

  it('searches from 3 characters, without accents', async () => {
    const search = page.getByRole('searchbox', { name: 'Pesquisar' })
    await search.fill('ma')
    await page.getByText('Digite pelo menos 3 caracteres para pesquisar.').waitFor()
    await page.waitForTimeout(700)
    expect(await count(page).textContent()).toBe(`${BULK + 3} contatos`)
    await search.fill('MARTA')
    await page.waitForFunction(() => document.querySelectorAll('[data-testid^="contact-row-"]').length === 1)
    await row(page, 'Marta Ribeiro').waitFor()
    expect(await count(page).textContent()).toBe('1 contato')
    await search.fill('pereira')
    await row(page, 'Zé Pereira').waitFor()
    await search.fill('ze pe')
    await row(page, 'Zé Pereira').waitFor()
    await search.fill('(47) 99333')
    await row(page, 'Marta Ribeiro').waitFor()
    await app.shot(page, 'contacts-03-search')
  })

  it('edits the contact with extra information, live for the other admin', async () => {
    await page.getByRole('button', { name: 'Editar Marta Ribeiro' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel('Nome', { exact: true }).waitFor()
    expect(await dialog.getByLabel('Número do WhatsApp').inputValue()).toBe('+55 (47) 99333-4444')
    await dialog.getByLabel('Nome', { exact: true }).fill('Marta Ribeiro Lima')
    await dialog.getByLabel('Empresa').fill('Padaria Central')
    await dialog.getByRole('button', { name: 'Adicionar informação' }).click()
    await dialog.getByLabel('Nome do campo').fill('Aniversário')
    await dialog.getByLabel('Valor').fill('10/05')
    await dialog.getByRole('button', { name: 'Salvar' }).click()
    await page.getByText('Contato salvo com sucesso!').first().waitFor()
    await row(page, 'Marta Ribeiro Lima').waitFor()
    await row(other, 'Marta Ribeiro Lima').waitFor()
    const c = await app.t.db('contacts').where({ companyId, name: 'Marta Ribeiro Lima' }).first('id', 'companyName')
    expect(c.companyName).toBe('Padaria Central')
    expect(await app.t.db('contact_extra_info').where({ contactId: c.id }).select('name', 'value')).toEqual([
      { name: 'Aniversário', value: '10/05' },
    ])
    // Opening it again shows the saved row.
    await page.getByRole('button', { name: 'Editar Marta Ribeiro Lima' }).click()
    expect(await page.getByRole('dialog').getByLabel('Valor').inputValue()).toBe('10/05')
    await page.getByRole('dialog').getByRole('button', { name: 'Cancelar' }).click()
  })

  it('deletes after confirmation for both admins; an attendant has no delete button', async () => {
    await page.getByRole('button', { name: 'Excluir Marta Ribeiro Lima' }).click()
    const confirm = page.getByRole('dialog')
    await confirm.getByText('Excluir Marta Ribeiro Lima?').waitFor()
    await confirm.getByText('Todos os atendimentos relacionados serão perdidos.', { exact: false }).waitFor()
    await confirm.getByRole('button', { name: 'Excluir', exact: true }).click()
    await page.getByText('Contato excluído com sucesso!').waitFor()
    await page.getByText('Nenhum contato encontrado para "(47) 99333".').waitFor()
    await row(other, 'Marta Ribeiro Lima').waitFor({ state: 'detached' })
    await other.context().close()

    const { page: plain, context } = await app.newPage()
    current = plain
    await app.loginUI(plain, CNPJ, 'caio@contatos.test', PASSWORD)
    await plain.goto(`${app.base}/contacts`)
    await row(plain, 'Ana Souza').waitFor({ timeout: 15_000 })
    await plain.getByRole('button', { name: 'Editar Ana Souza' }).waitFor()
    expect(await plain.getByRole('button', { name: 'Excluir Ana Souza' }).count()).toBe(0)
    await context.close()
    current = page
  })

  it('imports a spreadsheet with good and bad rows and lists each bad row with its reason', async () => {
    await page.getByRole('searchbox', { name: 'Pesquisar' }).fill('')
    await row(page, 'Ana Souza').waitFor()
    const xlsx = rowsToXlsx([
      ['Nome', 'Número', 'E-mail'],
      ['Paula Mendes', '(47) 98765-1111', 'paula@cliente.com'],
      ['Rui Costa', 5547987652222, ''],
      ['X', '5547987653333', ''],
      ['Sem Número', '123', ''],
      ['Email Ruim', '5547987654444', 'ruim@'],
      ['Paula Outra', '+55 47 98765-1111', ''],
      ['Ana Repetida', '5547991112222', ''],
    ])
    await page.getByRole('button', { name: 'Importar', exact: true }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('button', { name: 'Importar', exact: true }).click()
    await dialog.getByText('Selecione um arquivo Excel.').waitFor()
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'contatos.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: Buffer.from(xlsx),
    })
    await dialog.getByRole('button', { name: 'Importar', exact: true }).click()
    const report = page.getByTestId('import-report')
    await report.waitFor({ timeout: 20_000 })
    expect(await report.getByRole('status').textContent()).toBe('2 contatos importados de 7 linhas; 5 linhas com erro.')
    const reason = (line: number) => report.getByTestId(`import-error-${line}`).locator('td').last().textContent()
    expect(await reason(4)).toBe('Nome muito curto (mínimo de 2 caracteres)')
    expect(await reason(5)).toBe('Número inválido')
    expect(await reason(6)).toBe('E-mail inválido')
    expect(await reason(7)).toBe('Número repetido da linha 2')
    expect(await reason(8)).toBe('Já existe o contato Ana Souza com este número')
    await app.shot(page, 'contacts-04-import-report')
    await report.getByRole('button', { name: 'Fechar' }).click()
    await page.getByRole('searchbox', { name: 'Pesquisar' }).fill('paula')
    await row(page, 'Paula Mendes').waitFor()
    expect(await row(page, 'Paula Outra').count()).toBe(0)
    expect(await app.t.db('contacts').where({ companyId, name: 'Rui Costa' }).first('number')).toEqual({
      number: '5547987652222',
    })
  })

  it('exports contatos.csv and imports it back: only what is missing comes in', async () => {
    // The export follows the list's filters: all of them here.
    await page.getByRole('searchbox', { name: 'Pesquisar' }).fill('')
    await row(page, 'Ana Souza').waitFor()
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exportar' }).click(),
    ])
    expect(download.suggestedFilename()).toBe('contatos.csv')
    const csv = readFileSync((await download.path())!)
    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const lines = csv.toString('utf8').slice(1).split('\r\n').filter(Boolean)
    expect(lines[0]).toBe('name;number;email;cnpj;custumerCode;companyName')
    expect(lines).toContain('Paula Mendes;55 (47) 98765-1111;paula@cliente.com;;;')
    const total = lines.length - 1

    const paula = await app.t.db('contacts').where({ companyId, name: 'Paula Mendes' }).first('id')
    await call('DELETE', `/api/contacts/${paula.id}`, admin)

    await page.getByRole('button', { name: 'Importar', exact: true }).click()
    const dialog = page.getByRole('dialog')
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'contatos.csv', mimeType: 'text/csv', buffer: csv })
    await dialog.getByRole('button', { name: 'Importar', exact: true }).click()
    const report = page.getByTestId('import-report')
    await report.waitFor({ timeout: 20_000 })
    expect(await report.getByRole('status').textContent()).toBe(
      `1 contato importado de ${total} linhas; ${total - 1} linhas com erro.`,
    )
    await report.getByTestId('import-error-2').waitFor()
    await report.getByRole('button', { name: 'Fechar' }).click()
    await page.getByRole('searchbox', { name: 'Pesquisar' }).fill('paula')
    await row(page, 'Paula Mendes').waitFor()
    expect(await app.t.db('contacts').where({ companyId, number: '5547987651111' }).count({ n: '*' }).first()).toEqual({
      n: 1,
    })
  })
})
