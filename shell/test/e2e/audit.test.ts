/**
 * modules/audit in a real browser against the real kernel (issue 22, "Audit log"): an admin's
 * changes made through the API show on /audit newest first with the fields that changed; the
 * filters narrow it, the details dialog shows before and after, scrolling loads older entries;
 * an attendant has no such screen; the super user sees every company and filters by one.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { SUPER } from '@atende/kernel/testing'
import { aCompany, canRun, openBrowserApp, until, type Account, type BrowserApp } from './support.ts'
import { changeSummary, showValue } from '../../../modules/audit/src/format.ts'
import pt from '../../../modules/audit/src/i18n/pt.json'
import en from '../../../modules/audit/src/i18n/en.json'
import es from '../../../modules/audit/src/i18n/es.json'

let app: BrowserApp
let admin: Account & { id: number }
let other: Account & { id: number }
let attendant: Account
let queueId = 0
/** The setting toggled this many times: with the rest, more entries than one answer holds (50). */
const TOGGLES = 56

const table = (p: Page) => p.getByTestId('audit-table')
const rows = (p: Page) => table(p).locator('tbody tr[data-testid^="audit-row-"]')

beforeAll(async () => {
  if (!canRun) return
  app = await openBrowserApp()
  admin = await aCompany(app, 'Auditada Ltda')
  other = await aCompany(app, 'Outra Ltda')
  // Setup through API sessions of their own, before the pages' logins end them.
  const h = (await app.api(admin.cnpj, admin.email, admin.password)).headers
  attendant = { cnpj: admin.cnpj, email: 'atendente@auditada.test', password: 'Senha@123' }
  await app.call('POST', '/api/users', h, { name: 'Atendente', profile: 'user', ...attendant })
  for (let i = 0; i < TOGGLES; i++)
    await app.call('PUT', '/api/settings/userRating', h, { value: i % 2 ? 'disabled' : 'enabled' })
  queueId = (await app.call('POST', '/api/queue', h, { name: 'Vendas', color: '#aa0000' })).id
  await app.call('PUT', `/api/queue/${queueId}`, h, { name: 'Vendas B2B' })
  const o = (await app.api(other.cnpj, other.email, other.password)).headers
  await app.call('POST', '/api/queue', o, { name: 'Fila da outra', color: '#00aa00' })
}, 240_000)

afterAll(async () => {
  await app?.close()
})

afterEach(async (ctx) => {
  await app?.settle('audit', ctx.task)
})

describe('audit module rules (no browser)', () => {
  it('sums a change up in one line and has the same keys in pt, en and es', () => {
    const entry = {
      id: 1,
      companyId: 1,
      userId: 1,
      userName: 'Ana',
      bySuper: false,
      entity: 'queue',
      entityId: '3',
      action: 'update',
      changes: { name: { before: 'A', after: 'B' }, color: { after: '#fff' }, greetingMessage: { before: '' } },
      createdAt: '2030-01-01T00:00:00.000Z',
    }
    expect(changeSummary(entry, 'none')).toBe('name: A → B; color: #fff; greetingMessage: —')
    expect(changeSummary({ ...entry, changes: {} }, 'none')).toBe('none')
    expect(showValue({ a: 1 })).toBe('{"a":1}')
    const keys = (o: object, prefix = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]))
    expect(keys(en).sort()).toEqual(keys(pt).sort())
    expect(keys(es).sort()).toEqual(keys(pt).sort())
  })
})

describe.runIf(canRun)('audit screen', () => {
  it("shows the admin's changes newest first, filters them, details them and scrolls to older ones", async () => {
    const { page } = await app.signedIn(admin, '/audit')
    await rows(page).first().waitFor()
    expect(await rows(page).count()).toBeGreaterThan(10)
    // Newest first: the queue's rename, with only the name changed.
    const first = rows(page).first()
    expect(await first.textContent()).toContain('Alterou fila')
    expect(await first.textContent()).toContain(`#${queueId}`)
    expect(await first.textContent()).toContain('name: Vendas → Vendas B2B')

    await first.getByRole('button', { name: 'Detalhes' }).click()
    const details = page.getByTestId('audit-details')
    await details.waitFor()
    const cells = await details.locator('tbody tr').first().locator('td').allTextContents()
    expect(cells).toEqual(['name', 'Vendas', 'Vendas B2B'])
    await page.keyboard.press('Escape')
    await details.waitFor({ state: 'detached' })

    // Scrolling to the end loads the older entries (one answer holds 50).
    await until(
      async () => {
        await table(page).evaluate((el) => {
          el.scrollTop = el.scrollHeight
        })
        return table(page).locator('table').getAttribute('aria-rowcount')
      },
      (n) => Number(n) > TOGGLES,
    )

    // By kind of record: only the queue's two entries.
    await page.getByLabel('Registro').selectOption('queue')
    await until(
      () => rows(page).count(),
      (n) => n === 2,
    )
    expect(await rows(page).nth(1).textContent()).toContain('Criou fila')
    // A day range after today: nothing, and the screen says so.
    const tomorrow = new Date(Date.now() + 86_400_000)
    const day = `${tomorrow.getFullYear()}-${String(tomorrow.getMonth() + 1).padStart(2, '0')}-${String(tomorrow.getDate()).padStart(2, '0')}`
    await page.getByLabel('De').fill(day)
    await page.getByText('Nenhuma alteração encontrada com esses filtros.').waitFor()
    await app.shot(page, 'audit-admin-filtered')
  })

  it('is no screen for attendants: no drawer item, and the API refuses them', async () => {
    const { page } = await app.signedIn(attendant, '/audit')
    await page.getByText('Não foi possível carregar o registro de auditoria.').waitFor()
    expect(await page.getByRole('navigation', { name: 'menu' }).getByText('Auditoria').count()).toBe(0)
  })

  it('shows the super user every company, with a company column and filter', async () => {
    const { page } = await app.signedIn(SUPER, '/audit')
    await rows(page).first().waitFor()
    await page.getByLabel('Empresa (ID)').fill(String(other.id))
    await until(
      () => rows(page).allTextContents(),
      (texts) => texts.length > 0 && texts.every((t) => t.includes(`#${other.id}`)),
    )
    expect((await rows(page).allTextContents()).join(' ')).toContain('Fila da outra')
    expect((await rows(page).allTextContents()).join(' ')).not.toContain('Vendas B2B')
    await app.shot(page, 'audit-super')
  })
})
