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
  it('validates the contact form', () => {
    expect(nameError('A')).toEqual({ key: 'validation.tooShort', values: { min: 2 } })
    expect(nameError('x'.repeat(51))).toEqual({ key: 'validation.tooLong', values: { max: 50 } })
    // As the server counts it: trimmed, runs of blanks as one.
    expect(nameError(` ${'x'.repeat(25)}   ${'y'.repeat(24)} `)).toBeNull()
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
    expect(en.contacts.validation).toMatchObject({ email: 'Invalid email' })
  })
})

describe.skipIf(!canRun)('/contacts in a browser', () => {
  /** The page a failing test leaves a screenshot of. */
  let current: Page | undefined
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail' && current && !current.isClosed())
      await app.shot(current, `contacts-failed-${ctx.task.name.slice(0, 30).replace(/\W+/g, '-')}`)
    current = undefined
  })

  /** A page of its own signed in at /contacts, once the list's first page shows. */
  async function atContacts(email: string) {
    const signed = await app.signedIn({ cnpj: CNPJ, email, password: PASSWORD }, '/contacts')
    await row(signed.page, 'Ana Souza').waitFor({ timeout: 15_000 })
    return signed
  }
  /** The company's contacts right now, as the API counts them. */
  const total = async () => (await call('GET', '/api/contacts', admin)).count as number
  /** A contact made for one test through the API. */
  const aContact = (name: string, number: string, email = '') =>
    call('POST', '/api/contacts', admin, { name, number, email }) as Promise<{ id: number; name: string }>
  const search = (page: Page, text: string) => page.getByRole('searchbox', { name: 'Pesquisar' }).fill(text)

  it('lists the contacts from the drawer with their count and loads the next page near the bottom', async () => {
    const { page, context } = await app.signedIn({ cnpj: CNPJ, email: ADMIN_EMAIL, password: PASSWORD })
    current = page
    await page
      .getByRole('navigation', { name: 'menu' })
      .getByRole('link', { name: 'Contatos' })
      .click({ timeout: 15_000 })
    await page.waitForURL(`${app.base}/contacts`)
    await row(page, 'Ana Souza').waitFor()
    expect(await count(page).textContent()).toBe(`${await total()} contatos`)
    expect(await row(page, 'Zé Pereira').count()).toBe(0) // past the first page of 20
    await scrollUntil(page, 'Zé Pereira')
    await app.shot(page, 'contacts-01-list')
    await context.close()
  })

  it('creates a contact through the dialog: rules first, a formatted phone, and a duplicate named inline; another admin sees it live', async () => {
    const { page, context } = await atContacts(ADMIN_EMAIL)
    current = page
    const { page: other, context: otherContext } = await atContacts('bia@contatos.test')
    // The other admin holds every page, so the new name sorts into its rows; this one holds the first
    // page only, so the new contact lands beyond it and is counted once (the save's answer and its event).
    await scrollUntil(other, 'Zé Pereira')
    const before = await total()
    expect(await count(page).textContent()).toBe(`${before} contatos`)

    await page.getByRole('button', { name: 'Adicionar contato' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel('Nome', { exact: true }).fill('M')
    await dialog.getByLabel('Número do WhatsApp').fill('4799')
    await dialog.getByLabel('Endereço de e-mail').fill('errado@')
    await dialog.getByRole('button', { name: 'Salvar' }).click()
    await dialog.getByText('Muito curto! (mínimo 2 caracteres)').waitFor()
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
    await row(other, 'Marta Ribeiro').getByRole('cell', { name: '+55 (47) 99333-4444' }).waitFor()
    await expect.poll(() => count(other).textContent()).toBe(`${before + 1} contatos`)
    expect(await count(page).textContent()).toBe(`${before + 1} contatos`)
    await scrollUntil(page, 'Marta Ribeiro')
    await Promise.all([context.close(), otherContext.close()])
  })

  it('searches from 3 characters, without accents', async () => {
    await aContact('Márcia Buscada', '5547993335555')
    const { page, context } = await atContacts(ADMIN_EMAIL)
    current = page
    const all = `${await total()} contatos`
    await search(page, 'ma')
    await page.getByText('Digite pelo menos 3 caracteres para pesquisar.').waitFor()
    await page.waitForTimeout(700)
    expect(await count(page).textContent()).toBe(all)
    await search(page, 'MARCIA')
    await page.waitForFunction(() => document.querySelectorAll('[data-testid^="contact-row-"]').length === 1)
    await row(page, 'Márcia Buscada').waitFor()
    expect(await count(page).textContent()).toBe('1 contato')
    await search(page, 'pereira')
    await row(page, 'Zé Pereira').waitFor()
    await search(page, 'ze pe')
    await row(page, 'Zé Pereira').waitFor()
    await search(page, '(47) 99333-5')
    await row(page, 'Márcia Buscada').waitFor()
    await app.shot(page, 'contacts-03-search')
    await context.close()
  })

  it('edits a contact with extra information, live for the other admin', async () => {
    await aContact('Edite Alvo', '5547993336666')
    const { page, context } = await atContacts(ADMIN_EMAIL)
    current = page
    const { page: other, context: otherContext } = await atContacts('bia@contatos.test')
    for (const p of [page, other]) {
      await search(p, 'edite')
      await row(p, 'Edite Alvo').waitFor()
    }
    await page.getByRole('button', { name: 'Editar Edite Alvo' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel('Nome', { exact: true }).waitFor()
    expect(await dialog.getByLabel('Número do WhatsApp').inputValue()).toBe('+55 (47) 99333-6666')
    await dialog.getByLabel('Nome', { exact: true }).fill('Edite Alvo Lima')
    await dialog.getByLabel('Empresa').fill('Padaria Central')
    await dialog.getByRole('button', { name: 'Adicionar informação' }).click()
    await dialog.getByLabel('Nome do campo').fill('Aniversário')
    await dialog.getByLabel('Valor').fill('10/05')
    await dialog.getByRole('button', { name: 'Salvar' }).click()
    await page.getByText('Contato salvo com sucesso!').first().waitFor()
    await row(page, 'Edite Alvo Lima').waitFor()
    await row(other, 'Edite Alvo Lima').waitFor()
    const c = await app.t.db('contacts').where({ companyId, name: 'Edite Alvo Lima' }).first('id', 'companyName')
    expect(c.companyName).toBe('Padaria Central')
    expect(await app.t.db('contact_extra_info').where({ contactId: c.id }).select('name', 'value')).toEqual([
      { name: 'Aniversário', value: '10/05' },
    ])
    // Opening it again shows the saved row.
    await page.getByRole('button', { name: 'Editar Edite Alvo Lima' }).click()
    expect(await page.getByRole('dialog').getByLabel('Valor').inputValue()).toBe('10/05')
    await page.getByRole('dialog').getByRole('button', { name: 'Cancelar' }).click()
    await Promise.all([context.close(), otherContext.close()])
  })

  it('deletes after confirmation for both admins; an attendant has no delete button', async () => {
    await aContact('Dora Apagar', '5547993337777')
    const { page, context } = await atContacts(ADMIN_EMAIL)
    current = page
    const { page: other, context: otherContext } = await atContacts('bia@contatos.test')
    for (const p of [page, other]) {
      await search(p, 'dora')
      await row(p, 'Dora Apagar').waitFor()
    }
    await page.getByRole('button', { name: 'Excluir Dora Apagar' }).click()
    const confirm = page.getByRole('dialog')
    await confirm.getByText('Excluir Dora Apagar?').waitFor()
    await confirm.getByText('Todos os atendimentos relacionados serão perdidos.', { exact: false }).waitFor()
    await confirm.getByRole('button', { name: 'Excluir', exact: true }).click()
    await page.getByText('Contato excluído com sucesso!').waitFor()
    await page.getByText('Nenhum contato encontrado para "dora".').waitFor()
    await row(other, 'Dora Apagar').waitFor({ state: 'detached' })
    await Promise.all([context.close(), otherContext.close()])

    const { page: plain, context: plainContext } = await atContacts('caio@contatos.test')
    current = plain
    await plain.getByRole('button', { name: 'Editar Ana Souza' }).waitFor()
    expect(await plain.getByRole('button', { name: 'Excluir Ana Souza' }).count()).toBe(0)
    await plainContext.close()
    // Three signed-in browsers in one test: 15 s on a quiet machine, so twice the default budget.
  }, 60_000)

  it('imports a spreadsheet with good and bad rows and lists each bad row with its reason', async () => {
    const { page, context } = await atContacts(ADMIN_EMAIL)
    current = page
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
    await search(page, 'paula')
    await row(page, 'Paula Mendes').waitFor()
    expect(await row(page, 'Paula Outra').count()).toBe(0)
    expect(await app.t.db('contacts').where({ companyId, name: 'Rui Costa' }).first('number')).toEqual({
      number: '5547987652222',
    })
    await context.close()
  })

  it('exports contatos.csv and imports it back: only what is missing comes in', async () => {
    const olga = await aContact('Olga Exportada', '5547987659999', 'olga@cliente.com')
    const { page, context } = await atContacts(ADMIN_EMAIL)
    current = page
    // The export follows the list's filters: all of them here.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exportar' }).click(),
    ])
    expect(download.suggestedFilename()).toBe('contatos.csv')
    const csv = readFileSync((await download.path())!)
    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const lines = csv.toString('utf8').slice(1).split('\r\n').filter(Boolean)
    expect(lines[0]).toBe('name;number;email;cnpj;custumerCode;companyName')
    expect(lines).toContain('Olga Exportada;55 (47) 98765-9999;olga@cliente.com;;;')
    const rows = lines.length - 1
    expect(rows).toBe(await total())

    await call('DELETE', `/api/contacts/${olga.id}`, admin)

    await page.getByRole('button', { name: 'Importar', exact: true }).click()
    const dialog = page.getByRole('dialog')
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'contatos.csv', mimeType: 'text/csv', buffer: csv })
    await dialog.getByRole('button', { name: 'Importar', exact: true }).click()
    const report = page.getByTestId('import-report')
    await report.waitFor({ timeout: 20_000 })
    expect(await report.getByRole('status').textContent()).toBe(
      `1 contato importado de ${rows} linhas; ${rows - 1} linhas com erro.`,
    )
    await report.getByTestId('import-error-2').waitFor()
    await report.getByRole('button', { name: 'Fechar' }).click()
    await search(page, 'olga')
    await row(page, 'Olga Exportada').waitFor()
    expect(await app.t.db('contacts').where({ companyId, number: '5547987659999' }).count({ n: '*' }).first()).toEqual({
      n: 1,
    })
    await context.close()
  })
})
