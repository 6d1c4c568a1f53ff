/**
 * modules/files in a real browser against the real kernel:
 * an admin opens /files from the drawer, meets the form's rules, adds a file list with two files
 * (a PNG and a PDF made here), sees it in the list, edits it (renamed, one file removed) and
 * deletes it after the confirmation.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { aCompany, canRun, openBrowserApp, type BrowserApp } from './support.ts'

let app: BrowserApp

beforeAll(async () => {
  if (!canRun) return
  app = await openBrowserApp()
}, 240_000)
afterAll(async () => {
  await app?.close()
})

/** A valid 1×1 PNG and a minimal PDF. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
)
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
)

const drawer = (p: Page) => p.getByRole('navigation', { name: 'menu' })
const row = (p: Page, name: string) => p.getByRole('row').filter({ hasText: name })

describe.skipIf(!canRun)('file lists in a browser', () => {
  afterEach((ctx) => app.settle('files', ctx.task))

  it('adds a list with two files, edits it and deletes it', async () => {
    const co = await aCompany(app, 'Empresa Arquivos')
    const { page: p, context } = await app.signedIn(co)

    await drawer(p).getByRole('link', { name: 'Listas de arquivos' }).click({ timeout: 15_000 })
    await p.waitForURL(/\/files$/)
    await p.getByText('Nenhuma lista de arquivos ainda.').waitFor({ timeout: 15_000 })

    await p.getByRole('button', { name: 'Adicionar', exact: true }).click()
    const dialog = p.getByRole('dialog')
    await dialog.getByRole('heading', { name: 'Adicionar lista de arquivos' }).waitFor()
    // Name required (min 3), message required; an option needs a file.
    await dialog.getByRole('button', { name: 'Adicionar arquivo' }).click()
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click()
    expect(await dialog.getByText('Obrigatório').count()).toBe(3)
    await dialog.getByText('Escolha um arquivo').waitFor()
    await dialog.getByLabel('Nome', { exact: true }).fill('ab')
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click()
    await dialog.getByText('Muito curto! Mínimo de 3 caracteres').waitFor()

    await dialog.getByLabel('Nome', { exact: true }).fill('Catálogo de verão')
    await dialog.getByLabel('Mensagem').fill('Confira os nossos arquivos')
    await dialog.getByLabel('Nome do arquivo 1').fill('Foto da vitrine')
    await dialog
      .getByLabel('Arquivo 1', { exact: true })
      .setInputFiles({ name: 'vitrine.png', mimeType: 'image/png', buffer: PNG })
    await dialog.getByRole('button', { name: 'Adicionar arquivo' }).click()
    // A new option without a name takes its file's.
    await dialog
      .getByLabel('Arquivo 2', { exact: true })
      .setInputFiles({ name: 'tabela.pdf', mimeType: 'application/pdf', buffer: PDF })
    expect(await dialog.getByLabel('Nome do arquivo 2').inputValue()).toBe('tabela.pdf')
    await dialog.getByLabel('Nome do arquivo 2').fill('Tabela de preços')
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click()
    await p.getByText('Lista de arquivos salva com sucesso!').first().waitFor({ timeout: 15_000 })
    await dialog.waitFor({ state: 'detached' })
    await row(p, 'Catálogo de verão').getByText('2 arquivos').waitFor()
    await p.getByTestId('file-lists-count').getByText('1 lista').waitFor()

    const { files } = await app.callAs(p, 'GET', '/api/files')
    expect(files).toHaveLength(1)
    expect(files[0]).toMatchObject({
      name: 'Catálogo de verão',
      message: 'Confira os nossos arquivos',
      options: [
        { name: 'Foto da vitrine', mediaType: 'image', mimetype: 'image/png', mediaName: 'vitrine.png' },
        { name: 'Tabela de preços', mediaType: 'document', mimetype: 'application/pdf', mediaName: 'tabela.pdf' },
      ],
    })
    const served = await p.request.get(`${app.base}${files[0].options[0].path}`)
    expect(served.status()).toBe(200)
    expect(Buffer.from(await served.body())).toEqual(PNG)
    await app.shot(p, 'files-01-list')

    // Edit: renamed, the PDF removed.
    await row(p, 'Catálogo de verão').getByRole('button', { name: 'Editar Catálogo de verão' }).click()
    await dialog.getByRole('heading', { name: 'Editar lista de arquivos' }).waitFor()
    expect(await dialog.getByLabel('Nome', { exact: true }).inputValue()).toBe('Catálogo de verão')
    await dialog.getByTestId('file-option-1-file').getByText('tabela.pdf').waitFor()
    await dialog.getByLabel('Nome', { exact: true }).fill('Catálogo de inverno')
    await dialog.getByRole('button', { name: 'Remover arquivo 2' }).click()
    await dialog.getByRole('button', { name: 'Salvar' }).click()
    await dialog.waitFor({ state: 'detached' })
    await row(p, 'Catálogo de inverno').getByText('1 arquivo', { exact: true }).waitFor()
    expect(await row(p, 'Catálogo de verão').count()).toBe(0)

    // Delete after the confirmation.
    await row(p, 'Catálogo de inverno').getByRole('button', { name: 'Excluir Catálogo de inverno' }).click()
    await p.getByRole('dialog').getByRole('button', { name: 'Excluir', exact: true }).click()
    await p.getByText('Lista de arquivos excluída com sucesso!').first().waitFor()
    await p.getByText('Nenhuma lista de arquivos ainda.').waitFor()
    expect((await app.callAs(p, 'GET', '/api/files')).files).toEqual([])
    await context.close()
  })
})
