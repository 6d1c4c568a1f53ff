/**
 * modules/campaigns' contact-list screens in a real browser against the real kernel,
 * live: an admin opens
 * /contact-lists from the drawer, creates a list, opens its contacts, adds one, imports a
 * spreadsheet made here (the summary counts created, updated and row errors), sees the rows with
 * their WhatsApp-valid icon, edits one and deletes one after the confirmation, then renames and
 * deletes the list; the pages follow campaignsEnabled, and a plan without useCampaigns is sent home.
 * Each test makes its own company and signs in its own page.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { superHeaders } from '@atende/kernel/testing'
import { aCompany, canRun, openBrowserApp, type BrowserApp } from './support.ts'
import { emailError, nameError, numberError } from '../../../modules/campaigns/src/contact-lists/types.ts'

/** The few calls of the xlsx package used here (the shell does not depend on it: plugins/campaigns does). */
interface Xlsx {
  utils: {
    book_new(): unknown
    aoa_to_sheet(rows: unknown[][]): unknown
    book_append_sheet(book: unknown, sheet: unknown, name: string): void
  }
  write(book: unknown, opts: { type: 'buffer'; bookType: 'xlsx' }): Buffer
}
const XLSX = createRequire(new URL('../../../plugins/campaigns/package.json', import.meta.url))('xlsx') as Xlsx

let app: BrowserApp

beforeAll(async () => {
  if (!canRun) return
  app = await openBrowserApp()
}, 240_000)
afterAll(async () => {
  await app?.close()
})

const drawer = (p: Page) => p.getByRole('navigation', { name: 'menu' })
const row = (p: Page, text: string) => p.getByRole('row').filter({ hasText: text })
const NO_ACCESS = 'Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.'

function sheet(rows: unknown[][]): Buffer {
  const book = XLSX.utils.book_new()
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Contatos')
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' })
}

/** A company of the test's own; with `campaigns`, its campaignsEnabled setting is on (the cshow pages). */
async function company(name: string, opts: { campaigns?: boolean; planId?: number } = {}) {
  const co = await aCompany(app, name, { planId: opts.planId })
  if (opts.campaigns ?? true)
    await app.call('PUT', `/api/companies/${co.id}`, await superHeaders(app.t.app), { campaignsEnabled: 'enabled' })
  return co
}

describe('contact lists module rules (no browser)', () => {
  it('checks the dialogs', () => {
    expect(nameError('')).toBe('contactLists.validation.required')
    expect(nameError(' a ')).toEqual({ key: 'validation.tooShort', values: { min: 2 } })
    expect(nameError('x'.repeat(51))).toEqual({ key: 'validation.tooLong', values: { max: 50 } })
    expect(nameError('Ab')).toBeNull()
    expect(numberError('(11) 9999')).toBe('contactLists.validation.numberShort')
    expect(numberError('+55 11 99999-8888')).toBeNull()
    expect(emailError('')).toBeNull()
    expect(emailError('a@b')).toBe('contactLists.validation.email')
  })

  it('has the same keys in pt, en and es', () => {
    const keys = (o: Record<string, unknown>, p = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) =>
        v && typeof v === 'object' ? keys(v as Record<string, unknown>, `${p}${k}.`) : [`${p}${k}`],
      )
    const load = (lng: string) =>
      JSON.parse(readFileSync(new URL(`../../../modules/campaigns/src/i18n/${lng}.json`, import.meta.url), 'utf8'))
    const [pt, en, es] = ['pt', 'en', 'es'].map(load)
    expect(keys(en).sort()).toEqual(keys(pt).sort())
    expect(keys(es).sort()).toEqual(keys(pt).sort())
  })
})

describe.skipIf(!canRun)('contact lists in a browser', () => {
  afterEach((ctx) => app.settle('contact-lists', ctx.task))

  it('creates a list, adds, imports, edits and deletes contacts, then renames and deletes the list', async () => {
    const co = await company('Empresa Listas')
    const { page: p, context } = await app.signedIn(co)

    await drawer(p).getByRole('link', { name: 'Listas de Contatos' }).click({ timeout: 15_000 })
    await p.waitForURL(/\/contact-lists$/)
    await p.getByText('Nenhuma lista de contatos cadastrada.').waitFor({ timeout: 15_000 })

    // A list: the name's rule, then saved.
    await p.getByRole('button', { name: 'Nova Lista' }).click()
    let dialog = p.getByRole('dialog')
    await dialog.getByLabel('Nome', { exact: true }).fill('a')
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click()
    await dialog.getByText('Muito curto! (mínimo 2 caracteres)').waitFor()
    await dialog.getByLabel('Nome', { exact: true }).fill('Clientes VIP')
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click()
    await dialog.waitFor({ state: 'detached' })
    await row(p, 'Clientes VIP').getByTestId('contacts-count').getByText('0', { exact: true }).waitFor()
    await app.shot(p, 'contact-lists-01-lists')

    // Its contacts.
    await row(p, 'Clientes VIP').getByRole('button', { name: 'Contatos de Clientes VIP' }).click()
    await p.waitForURL(/\/contact-lists\/\d+\/contacts$/)
    await p.getByTestId('contact-list-name').getByText('Clientes VIP').waitFor()
    await p.getByText('Nenhum contato nesta lista.').waitFor()
    const listId = Number(/contact-lists\/(\d+)\//.exec(p.url())![1])

    await p.getByRole('button', { name: 'Novo Contato' }).click()
    dialog = p.getByRole('dialog')
    await dialog.getByLabel('Nome', { exact: true }).fill('Ana Souza')
    await dialog.getByLabel('Número').fill('(11) 98888-0001')
    await dialog.getByLabel('E-mail').fill('ana@')
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click()
    await dialog.getByText('E-mail inválido').waitFor()
    await dialog.getByLabel('E-mail').fill('ana@example.com')
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click()
    await dialog.waitFor({ state: 'detached' })
    await row(p, 'Ana Souza').waitFor()

    // Import: the confirmation with the example link, the file, then the summary.
    await p.getByRole('button', { name: 'Importar' }).click()
    dialog = p.getByRole('dialog')
    await dialog.getByRole('button', { name: 'Baixar planilha exemplo' }).waitFor()
    await dialog.getByTestId('import-file').setInputFiles({
      name: 'contatos.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: sheet([
        ['Nome', 'Número', 'Email'],
        ['Ana Atualizada', '5511988880001', 'ana@example.com'],
        ['Bruno Lima', '5511988880002', ''],
        ['Carla Dias', '5511988880003', 'carla@example.com'],
        ['X', '5511988880004', ''],
      ]),
    })
    await dialog.getByTestId('import-file-name').getByText('contatos.xlsx').waitFor()
    await app.shot(p, 'contact-lists-02-import')
    await dialog.getByRole('button', { name: 'Importar', exact: true }).click()
    await dialog.getByTestId('import-created').getByText('2 criados').waitFor()
    await dialog.getByTestId('import-updated').getByText('1 atualizado').waitFor()
    await dialog.getByTestId('import-errors').getByText('1 linha com erro').waitFor()
    await dialog.getByRole('row').filter({ hasText: 'Nome' }).filter({ hasText: '5' }).waitFor()
    await dialog.getByRole('button', { name: 'Fechar' }).click()
    await dialog.waitFor({ state: 'detached' })

    // The rows, each with its WhatsApp icon (not checked: no provider answers for lists yet).
    for (const name of ['Ana Atualizada', 'Bruno Lima', 'Carla Dias']) await row(p, name).waitFor()
    expect(await row(p, 'Ana Souza').count()).toBe(0)
    expect(await row(p, 'Bruno Lima').getByTestId('whatsapp-valid').getAttribute('data-state')).toBe('unchecked')
    await row(p, 'Bruno Lima').getByRole('img', { name: 'Não verificado' }).waitFor()
    await p.getByTestId('contact-list-name').getByText('3 contatos').waitFor()
    await app.shot(p, 'contact-lists-03-contacts')

    // Edit.
    await row(p, 'Bruno Lima').getByRole('button', { name: 'Editar Bruno Lima' }).click()
    dialog = p.getByRole('dialog')
    expect(await dialog.getByLabel('Número').inputValue()).toBe('5511988880002')
    await dialog.getByLabel('Nome', { exact: true }).fill('Bruno Lima Jr')
    await dialog.getByRole('button', { name: 'Salvar' }).click()
    await dialog.waitFor({ state: 'detached' })
    await row(p, 'Bruno Lima Jr').waitFor()

    // Delete, after the confirmation.
    await row(p, 'Carla Dias').getByRole('button', { name: 'Excluir Carla Dias' }).click()
    dialog = p.getByRole('dialog')
    await dialog.getByText('Excluir Carla Dias?').waitFor()
    await dialog.getByRole('button', { name: 'Excluir', exact: true }).click()
    await row(p, 'Carla Dias').waitFor({ state: 'detached' })
    const left = await app.callAs(p, 'GET', `/api/contact-list-items?contactListId=${listId}`)
    expect(left.contacts.map((c: { name: string }) => c.name)).toEqual(['Ana Atualizada', 'Bruno Lima Jr'])

    // A contact added elsewhere shows up live.
    await app.callAs(p, 'POST', '/api/contact-list-items', {
      name: 'Davi Externo',
      number: '5511988880009',
      contactListId: listId,
    })
    await row(p, 'Davi Externo').waitFor()

    // Back to the lists: count, rename, delete.
    await p.getByRole('button', { name: 'Voltar' }).click()
    await p.waitForURL(/\/contact-lists$/)
    await row(p, 'Clientes VIP').getByTestId('contacts-count').getByText('3', { exact: true }).waitFor()
    await row(p, 'Clientes VIP').getByRole('button', { name: 'Editar Clientes VIP' }).click()
    dialog = p.getByRole('dialog')
    await dialog.getByLabel('Nome', { exact: true }).fill('Clientes Ouro')
    await dialog.getByRole('button', { name: 'Salvar' }).click()
    await dialog.waitFor({ state: 'detached' })
    await row(p, 'Clientes Ouro').getByRole('button', { name: 'Excluir Clientes Ouro' }).click()
    dialog = p.getByRole('dialog')
    await dialog.getByText('Excluir Clientes Ouro?').waitFor()
    await dialog.getByRole('button', { name: 'Excluir', exact: true }).click()
    await p.getByText('Nenhuma lista de contatos cadastrada.').waitFor()
    await context.close()
  })

  it('follows campaignsEnabled, and sends a plan without useCampaigns home', async () => {
    // Campaigns off for the company: no menu item, the page says so and goes home.
    const off = await company('Empresa sem campanhas', { campaigns: false })
    const first = await app.signedIn(off)
    await drawer(first.page).getByRole('link', { name: 'Filas & Chatbot' }).waitFor({ timeout: 15_000 })
    expect(await drawer(first.page).getByRole('link', { name: 'Listas de Contatos' }).count()).toBe(0)
    await first.page.goto(`${app.base}/contact-lists`)
    await first.page.getByText(NO_ACCESS).first().waitFor()
    await first.page.waitForURL((u) => u.pathname === '/' || u.pathname === '/tickets', { timeout: 10_000 })
    await first.context.close()

    // A plan without useCampaigns: refused however the setting is.
    const su = await superHeaders(app.t.app)
    const plan = await app.call('POST', '/api/plans', su, {
      name: 'Sem campanhas',
      users: 0,
      connections: 0,
      queues: 0,
      value: 0,
    })
    await app.call('PUT', `/api/plans/${plan.id}`, su, { useCampaigns: false })
    const co = await company('Empresa plano sem campanhas', { planId: plan.id })
    const again = await app.signedIn(co)
    await drawer(again.page).getByRole('link', { name: 'Filas & Chatbot' }).waitFor({ timeout: 15_000 })
    expect(await drawer(again.page).getByRole('link', { name: 'Listas de Contatos' }).count()).toBe(0)
    await again.page.goto(`${app.base}/contact-lists`)
    await again.page.getByText(NO_ACCESS).first().waitFor()
    await again.page.waitForURL((u) => u.pathname === '/' || u.pathname === '/tickets', { timeout: 10_000 })
    await again.context.close()
  })
})
