/**
 * The dashboard in the browser: an admin reads today's counters and
 * sees them move live as a simulator customer writes and the ticket is accepted and closed; a
 * period of none asks for a filter; an attendant has no dashboard.
 */
import { describe, it, expect, beforeAll, afterAll, afterEach } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { aCompany, canRun, openBrowserApp, until, type BrowserApp } from './support.ts'
import { hoursMinutes, queriesOf } from '../../../modules/dashboard/src/format.ts'

let app: BrowserApp

beforeAll(async () => {
  if (!canRun) return
  app = await openBrowserApp()
}, 240_000)
afterAll(async () => {
  await app?.close()
})
afterEach(async (ctx) => {
  await app?.settle('dashboard', ctx.task)
})

describe('dashboard rules (no browser)', () => {
  it('shows averages as HH h mm m and asks for a filter when none is chosen', () => {
    expect(hoursMinutes(null)).toBe('—')
    expect(hoursMinutes(15)).toBe('00h 15m')
    expect(hoursMinutes(125.4)).toBe('02h 05m')
    expect(queriesOf({ type: 'period', days: 0 })).toBeNull()
    expect(queriesOf({ type: 'date', from: '', to: '2026-03-01' })).toBeNull()
    expect(queriesOf({ type: 'period', days: 7 })?.summary).toBe('days=7')
  })
})

describe.skipIf(!canRun)('dashboard', () => {
  const counter = (p: Page, name: string) => p.getByTestId(`counter-${name}`)
  /** Waits until the element's text is (or matches) `want`. */
  const reads = (l: Locator, want: string | RegExp) =>
    until(
      () => l.textContent({ timeout: 15_000 }),
      (v) => (typeof want === 'string' ? v?.trim() === want : want.test(v?.trim() ?? '')),
    )

  it('moves live as a customer writes and an attendant accepts and closes', async () => {
    const co = await aCompany(app, 'Painel Ltda')
    const { page } = await app.signedIn(co, '/dashboard')
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor()
    await reads(counter(page, 'pending'), '0')
    await reads(page.getByTestId('dashboard-attendants'), /Online/)

    const w = await app.callAs(page, 'POST', '/api/whatsapp', { name: 'Simulador', provider: 'simulator' })
    await app.callAs(page, 'POST', `/api/simulator/${w.id}/scan`, {})
    await app.callAs(page, 'POST', `/api/simulator/${w.id}/inbound`, {
      from: '5547999990001',
      name: 'Cliente',
      body: 'oi',
    })
    await reads(counter(page, 'pending'), '1')
    await reads(counter(page, 'leads'), '1')

    const { id: ticketId } = (await app.callAs(page, 'GET', '/api/tickets?status=pending')).tickets[0]
    const { id: userId } = await app.t.db('users').where({ companyId: co.id }).first('id')
    await app.callAs(page, 'PUT', `/api/tickets/${ticketId}`, { status: 'open', userId })
    await reads(counter(page, 'happening'), '1')
    await reads(counter(page, 'pending'), '0')
    await reads(counter(page, 'wait'), /^\d\dh \d\dm$/)
    await app.callAs(page, 'PUT', `/api/tickets/${ticketId}`, { status: 'closed' })
    await reads(counter(page, 'finished'), '1')
    await reads(counter(page, 'happening'), '0')
    await reads(page.getByTestId(`attendant-${userId}`), /1/)
    await page.getByTestId('dashboard-chart-users').locator('.recharts-bar-rectangle').first().waitFor()

    // A period of none: the spec's toast, and the figures stay.
    await page.getByTestId('dashboard-filter-type').selectOption('period')
    await page.getByTestId('dashboard-filter').click()
    await page.getByText('Parametrize o filtro').first().waitFor()
    await page.getByTestId('dashboard-period').selectOption('7')
    await page.getByTestId('dashboard-filter').click()
    await reads(counter(page, 'finished'), '1')
    await app.shot(page, 'dashboard')
  })

  it("is not for attendants: no menu item, and the page says it is the admins'", async () => {
    const co = await aCompany(app, 'Painel Dois')
    const { headers } = await app.api(co.cnpj, co.email, co.password)
    await app.call('POST', '/api/users', headers, {
      name: 'Caio Atendente',
      email: 'caio@painel.test',
      password: 'Senha@123',
      profile: 'user',
    })
    const { page } = await app.signedIn({ cnpj: co.cnpj, email: 'caio@painel.test', password: 'Senha@123' })
    const drawer = page.getByRole('navigation', { name: 'menu' })
    await drawer.getByRole('link', { name: 'Atendimentos' }).waitFor()
    expect(await drawer.getByRole('link', { name: 'Dashboard' }).count()).toBe(0)
    await page.goto(`${app.base}/dashboard`)
    await page.getByTestId('dashboard-denied').waitFor()
  })
})
