/**
 * modules/parts' /import-parts in a real browser against the real kernel: an admin of a company
 * without the grant sees only 'Acesso restrito.';
 * once the super user grants it (through the API) the same page imports a good spreadsheet (the
 * status line counts it) and refuses a bad one (the error shows). One company, one page.
 */
import { createRequire } from 'node:module'
import { readFileSync } from 'node:fs'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { superHeaders } from '@atende/kernel/testing'
import { aCompany, canRun, openBrowserApp, type BrowserApp } from './support.ts'

/** The few calls of the xlsx package used here (the shell does not depend on it: plugins/parts does). */
interface Xlsx {
  utils: {
    book_new(): unknown
    aoa_to_sheet(rows: unknown[][]): unknown
    book_append_sheet(book: unknown, sheet: unknown, name: string): void
  }
  write(book: unknown, opts: { type: 'buffer'; bookType: 'xlsx' }): Buffer
}
const XLSX = createRequire(new URL('../../../plugins/parts/package.json', import.meta.url))('xlsx') as Xlsx

function sheet(rows: unknown[][]): Buffer {
  const book = XLSX.utils.book_new()
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Peças')
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' })
}
const HEADER = [
  'ID',
  'Peça',
  'Posição',
  'Lado',
  'Ano',
  'Marca',
  'Modelo',
  'Tipo',
  'Peça Específica',
  'Em Estoque?',
  'Filial',
]
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

let app: BrowserApp
beforeAll(async () => {
  if (!canRun) return
  app = await openBrowserApp()
}, 240_000)
afterAll(async () => {
  await app?.close()
})

describe('parts module texts (no browser)', () => {
  it('has the same keys in pt, en and es', () => {
    const keys = (o: Record<string, unknown>, p = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) =>
        v && typeof v === 'object' ? keys(v as Record<string, unknown>, `${p}${k}.`) : [`${p}${k}`],
      )
    const load = (lng: string) =>
      JSON.parse(readFileSync(new URL(`../../../modules/parts/src/i18n/${lng}.json`, import.meta.url), 'utf8'))
    const [pt, en, es] = ['pt', 'en', 'es'].map(load)
    expect(keys(en).sort()).toEqual(keys(pt).sort())
    expect(keys(es).sort()).toEqual(keys(pt).sort())
  })
})

describe.skipIf(!canRun)('parts import in a browser', () => {
  afterEach((ctx) => app.settle('import-parts', ctx.task))

  it('says Acesso restrito. without the grant; with it imports a good sheet and shows a bad one’s error', async () => {
    const co = await aCompany(app, 'Auto Peças')
    const { page: p } = await app.signedIn(co, '/import-parts')
    await p.getByRole('heading', { name: 'Importar Peças (Excel)' }).waitFor()
    await p.getByTestId('parts-restricted').getByText('Acesso restrito.').waitFor()

    // The drawer offers it only to a granted company (its mirror setting), and follows the grant live.
    const nav = p.getByRole('navigation', { name: 'menu' })
    // (Configurações comes from the same module list: once it is drawn, so would the parts item be.)
    await nav.getByRole('link', { name: 'Configurações' }).waitFor()
    expect(await nav.getByRole('link', { name: 'Importar Peças (Excel)' }).count()).toBe(0)
    await app.call('PUT', `/api/part-inventory/grants/${co.id}`, await superHeaders(app.t.app))
    await nav.getByRole('link', { name: 'Importar Peças (Excel)' }).waitFor()
    // The page asks for access when it opens. (Not through the drawer: its items still move while
    // permissions and settings load, and a click can land on a neighbour.)
    await p.goto(`${app.base}/import-parts`)
    await p.getByTestId('parts-columns').getByText('Peça Específica').waitFor()
    await p.getByTestId('parts-status').getByText('Selecione uma planilha .xlsx ou .xls.').waitFor()

    await p.getByTestId('parts-file').setInputFiles({
      name: 'pecas.xlsx',
      mimeType: XLSX_TYPE,
      buffer: sheet([
        HEADER,
        ['P-1', 'Pastilha de freio', 'Dianteira', '', '2010-2015', 'Volkswagen', 'Gol', 'Freio', '', 'Sim', 'Centro'],
        ['P-2', 'Farol', 'Dianteiro', 'Esquerdo', 2014, 'Chevrolet', 'Onix', '', '', 'Não', 'Norte'],
        ['', 'Sem ID', '', '', '', '', '', '', '', 'Sim', ''],
      ]),
    })
    await p.getByTestId('parts-file-name').getByText('Arquivo selecionado: pecas.xlsx').waitFor()
    await p.getByTestId('parts-import').click()
    await p.getByTestId('parts-status').getByText('Importação concluída: 2 novas, 0 atualizadas, 1 com erro.').waitFor()
    await p
      .getByTestId('parts-row-errors')
      .getByRole('row')
      .filter({ hasText: '4' })
      .filter({ hasText: 'Preenchimento obrigatório.' })
      .waitFor()
    await app.shot(p, 'import-parts-01-imported')

    await p.getByTestId('parts-file').setInputFiles({
      name: 'errada.xlsx',
      mimeType: XLSX_TYPE,
      buffer: sheet([
        ['Peça', 'ID'],
        ['Farol', 'P-9'],
      ]),
    })
    await p.getByTestId('parts-import').click()
    await p
      .getByTestId('parts-status')
      .getByText('Erro ao importar: A planilha deve ter as 11 colunas na ordem indicada.')
      .waitFor()
    await app.shot(p, 'import-parts-02-bad-sheet')
  })
})
