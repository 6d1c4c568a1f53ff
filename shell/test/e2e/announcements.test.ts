/**
 * modules/announcements in a real browser against the real kernel: the super user publishes an
 * announcement
 * with a text block and an image block (a PNG made here) on /announcements; an attendant of another
 * company, already on screen, sees it arrive live in the top-bar popover (unread count 1), opens it
 * and sees its text and its image. A non-super user on /announcements gets the notice and goes home.
 */
import { deflateSync } from 'node:zlib'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { SUPER } from '@atende/kernel/testing'
import { aCompany, canRun, openBrowserApp, type Account, type BrowserApp } from './support.ts'

let app: BrowserApp
let attendant: Account

/** A solid 24×24 RGB PNG, built byte by byte (signature, IHDR, IDAT, IEND with their CRCs). */
function png(size = 24, rgb: [number, number, number] = [0, 102, 153]) {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    return c >>> 0
  })
  const crc = (buf: Buffer) => {
    let c = 0xffffffff
    for (const b of buf) c = table[(c ^ b) & 0xff]! ^ (c >>> 8)
    return (c ^ 0xffffffff) >>> 0
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
    const out = Buffer.alloc(12 + data.length)
    out.writeUInt32BE(data.length, 0)
    body.copy(out, 4)
    out.writeUInt32BE(crc(body), 8 + data.length)
    return out
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(size, 0)
  header.writeUInt32BE(size, 4)
  header[8] = 8 // bit depth
  header[9] = 2 // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3, Buffer.from(rgb))])
  const pixels = Buffer.concat(Array.from({ length: size }, () => row))
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

beforeAll(async () => {
  if (!canRun) return
  app = await openBrowserApp()
  const company = await aCompany(app, 'Leitores de Avisos Ltda')
  const h = (await app.api(company.cnpj, company.email, company.password)).headers
  attendant = { cnpj: company.cnpj, email: 'rita@leitores.test', password: company.password }
  await app.call('POST', '/api/users', h, { name: 'Rita Atendente', ...attendant, profile: 'user' })
}, 240_000)

afterAll(async () => {
  await app?.close()
})

describe.skipIf(!canRun)('announcements', () => {
  afterEach(async (ctx) => {
    await app.settle('announcements', ctx.task)
  })

  it('the super user publishes text and image blocks; an attendant of another company sees it live and opens it', async () => {
    const rita = (await app.signedIn(attendant, '/tickets')).page
    await rita.locator('[data-testid="announcements-popover-button"][data-count="0"]').waitFor()

    const su = (await app.signedIn(SUPER, '/announcements')).page
    await su.getByText('Nenhum informativo ainda.').waitFor()
    await su.getByTestId('announcements-add').click()
    await su.getByLabel('Título', { exact: true }).fill('Manutenção programada')
    await su.getByRole('tab', { name: 'Editor avançado' }).click()
    await su.getByTestId('add-text-block').click()
    await su.getByTestId('block-text').fill('O sistema fica fora do ar no domingo às 2h.')
    await su.getByTestId('add-image-block').click()
    await su.getByTestId('block-image-input').setInputFiles({ name: 'aviso.png', mimeType: 'image/png', buffer: png() })
    await su.getByLabel('Legenda', { exact: true }).fill('Equipe de plantão')
    await app.shot(su, 'announcements-dialog')
    await su.getByTestId('announcement-save').click()
    await su.getByText('Informativo salvo com sucesso!').waitFor()
    await su.getByRole('row').filter({ hasText: 'Manutenção programada' }).waitFor()
    await app.shot(su, 'announcements-table')

    // Rita, in another company, sees it arrive: one unread, by priority, opening to its content.
    await rita.locator('[data-testid="announcements-popover-button"][data-count="1"]').waitFor()
    await rita.getByTestId('announcements-popover-button').click()
    await rita.getByTestId('announcements-popover-item').filter({ hasText: 'Manutenção programada' }).click()
    const view = rita.getByTestId('announcement-view')
    await view.getByText('O sistema fica fora do ar no domingo às 2h.').waitFor()
    await view.getByText('Equipe de plantão').waitFor()
    const img = view.locator('figure img')
    await img.waitFor()
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth), { timeout: 10_000 })
      .toBe(24)
    expect(await img.getAttribute('src')).toMatch(/^\/api\/media\/\d+\/announcements\/.+\?exp=\d+&sig=/)
    await app.shot(rita, 'announcements-popover-view')
    await rita.getByRole('button', { name: 'Fechar' }).click()
    await rita.locator('[data-testid="announcements-popover-button"][data-count="0"]').waitFor()
  })

  it('sends a non-super user home with the notice', async () => {
    const rita = (await app.signedIn(attendant, '/announcements')).page
    await rita
      .getByText(/Apenas o administrador da plataforma pode gerenciar informativos/)
      .first()
      .waitFor()
    await rita.waitForURL((url) => url.pathname !== '/announcements', { timeout: 5_000 })
  })
})
