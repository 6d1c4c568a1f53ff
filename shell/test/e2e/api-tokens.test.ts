/**
 * modules/api in a real browser against the real kernel (API tokens, the
 * Messages API): an admin whose company
 * turned apiTokensEnabled on finds both drawer items, generates a token (shown once in a dialog,
 * copied to the clipboard; the table shows only its preview), revokes it after the confirmation
 * (inactive), generates one that never expires, and sends a message with it from the
 * /messages-api test form: the simulator's phone receives it; the revoked token is refused with the
 * server's error; a plan that loses useExternalApi meanwhile sends the page home with the spec's
 * notice. One company and one page for the file.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { superHeaders } from '@atende/kernel/testing'
import { aCompany, canRun, openBrowserApp, until, type Account, type BrowserApp } from './support.ts'
import { contrastIssues } from './contrast.ts'
import { ENDPOINTS, apiBase, curlExamples, endpointPath } from '../../../modules/api/src/endpoints.ts'
import { emptyTest, testErrors, testRequest } from '../../../modules/api/src/messageTest.ts'
import {
  DEFAULT_EXPIRY,
  EXPIRY_CHOICES,
  neverExpires,
  preview,
  tokenStats,
  tokenStatus,
} from '../../../modules/api/src/tokens.ts'
import type { ApiToken } from '../../../modules/api/src/types.ts'
import pt from '../../../modules/api/src/i18n/pt.json'
import en from '../../../modules/api/src/i18n/en.json'
import es from '../../../modules/api/src/i18n/es.json'

let app: BrowserApp
let admin: Account
let whatsappId = 0
let planId = 0
const CUSTOMER = '5511987654321'

const drawer = (p: Page) => p.getByRole('navigation', { name: 'menu' })
const row = (p: Page, name: string) => p.getByRole('row').filter({ hasText: name })

beforeAll(async () => {
  if (!canRun) return
  app = await openBrowserApp()
  const su = await superHeaders(app.t.app)
  const plan = { name: 'Integra', users: 0, connections: 0, queues: 0, value: 0, useExternalApi: true }
  planId = (await app.call('POST', '/api/plans', su, plan)).id
  admin = await aCompany(app, 'Integra Ltda', { planId })
  // Setup through an API session of the admin's own, before the page's login ends it.
  const h = (await app.api(admin.cnpj, admin.email, admin.password)).headers
  await app.call('PUT', '/api/settings/apiTokensEnabled', h, { value: 'enabled' })
  whatsappId = (await app.call('POST', '/api/whatsapp', h, { name: 'Loja', provider: 'simulator' })).id
  await app.call('POST', `/api/simulator/${whatsappId}/scan`, h, {})
}, 240_000)

afterAll(async () => {
  await app?.close()
})

const DAY = 24 * 3600 * 1000
const token = (over: Partial<ApiToken>): ApiToken => ({
  id: 1,
  name: 'ERP',
  token: 'atd_aaaaaaaaaaaaaaaa...bbbbbbbbbb',
  isActive: true,
  status: 'active',
  createdAt: '2030-01-01T00:00:00.000Z',
  lastUsed: null,
  usageCount: 0,
  expiresAt: null,
  ...over,
})

describe('api module rules (no browser)', () => {
  it('tells status, expiry and stats', () => {
    const now = Date.parse('2030-06-01T00:00:00.000Z')
    const past = new Date(now - DAY).toISOString()
    const soon = new Date(now + DAY).toISOString()
    expect(tokenStatus(token({ isActive: false, expiresAt: past }), now)).toBe('inactive')
    expect(tokenStatus(token({ expiresAt: past }), now)).toBe('expired')
    expect(tokenStatus(token({ expiresAt: soon }), now)).toBe('active')
    expect(tokenStatus(token({ expiresAt: null }), now)).toBe('active')
    // '100y' is shown as never; a year is a date.
    expect(neverExpires(new Date(now + 100 * 365 * DAY).toISOString(), now)).toBe(true)
    expect(neverExpires(new Date(now + 365 * DAY).toISOString(), now)).toBe(false)
    expect(neverExpires(null, now)).toBe(true)
    const list = [
      token({ id: 1, usageCount: 3, expiresAt: soon }),
      token({ id: 2, usageCount: 4, expiresAt: past }),
      token({ id: 3, usageCount: 5, isActive: false }),
    ]
    expect(tokenStats(list, now)).toEqual({ active: 1, usages: 12 })
    expect(EXPIRY_CHOICES).toEqual(['24h', '7d', '30d', '90d', '365d', '100y'])
    expect(DEFAULT_EXPIRY).toBe('365d')
    const full = `atd_${'x'.repeat(16)}MIDDLE${'y'.repeat(30)}0123456789`
    expect(preview(full)).toBe(`${full.slice(0, 20)}...0123456789`)
  })

  it('checks the test form and builds JSON or multipart requests with the typed token', () => {
    expect(testErrors(emptyTest(), 'text')).toEqual({
      token: 'validation.required',
      number: 'validation.required',
      body: 'validation.required',
    })
    const ok = { ...emptyTest(), token: ' atd_abc ', number: CUSTOMER, body: 'Oi' }
    expect(testErrors(ok, 'text')).toEqual({})
    expect(testErrors(ok, 'media')).toEqual({ file: 'messagesApi.test.fileRequired' })
    expect(testRequest(ok, 'text')).toEqual({
      body: { number: CUSTOMER, body: 'Oi' },
      headers: { Authorization: 'Bearer atd_abc' },
    })
    const file = new File(['%PDF'], 'nota.pdf', { type: 'application/pdf' })
    const media = testRequest({ ...ok, file, idempotencyKey: 'k1' }, 'media')
    expect(media.headers).toEqual({ Authorization: 'Bearer atd_abc', 'Idempotency-Key': 'k1' })
    const form = media.body as FormData
    expect([form.get('number'), form.get('body'), (form.get('medias') as File).name]).toEqual([
      CUSTOMER,
      'Oi',
      'nota.pdf',
    ])
  })

  it('documents the calls for the signed-in company, and has the same keys in pt, en and es', () => {
    const base = apiBase('https://atende.example/')
    expect(base).toBe('https://atende.example/api')
    expect(ENDPOINTS.map((e) => `${e.method} ${endpointPath(e.path, 7).split('?')[0]}`)).toEqual([
      'POST /messages/send',
      'POST /v1/companies/7/contacts',
      'GET /v1/companies/7/contacts',
      'GET /v1/companies/7/contacts/{id}',
      'GET /v1/companies/7/contacts/find',
      'PUT /v1/companies/7/contacts/{id}',
      'DELETE /v1/companies/7/contacts/{id}',
      'POST /v1/companies/7/contacts/bulk-sync',
      'GET /v1/companies/7/contacts/stats',
    ])
    const examples = curlExamples(base, 7)
    expect(examples.find((e) => e.key === 'sendText')!.command).toContain('Idempotency-Key')
    expect(examples.find((e) => e.key === 'sendMedia')!.command).toContain('-F "medias=@')
    expect(examples.find((e) => e.key === 'findContact')!.command).toContain(
      '/api/v1/companies/7/contacts/find?number=',
    )
    const keys = (o: Record<string, unknown>, p = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) =>
        v && typeof v === 'object' ? keys(v as Record<string, unknown>, `${p}${k}.`) : [`${p}${k}`],
      )
    expect(keys(en)).toEqual(keys(pt))
    expect(keys(es)).toEqual(keys(pt))
    expect(pt.api.planDenied).toBe(
      'Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.',
    )
    expect([pt.apiTokens.toasts.generated, pt.apiTokens.toasts.revoked]).toEqual([
      'Token gerado com sucesso!',
      'Token revogado com sucesso!',
    ])
  })
})

describe.skipIf(!canRun)('api tokens and the messages API in a browser', () => {
  afterEach(async (ctx) => {
    await app.settle('api-tokens', ctx.task)
  })

  it('generates a token shown once, revokes it, and sends a message with a new one from the test form', async () => {
    const { page, context } = await app.signedIn(admin, '/api-tokens')
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.base })
    await page.getByText('Nenhum token gerado.').waitFor()
    // Both drawer items: the setting is on.
    await drawer(page).getByRole('link', { name: 'Tokens de API' }).waitFor()
    expect(await page.getByTestId('api-stat-endpoints').textContent()).toContain(String(ENDPOINTS.length))
    expect(await page.getByLabel('Validade').inputValue()).toBe('365d')

    // Generate: the whole token once, in the dialog, copied.
    await page.getByLabel('Nome do token').fill('ERP')
    await page.getByRole('button', { name: 'Gerar token' }).click()
    const dialog = page.getByRole('dialog', { name: 'Token gerado' })
    const first = (await dialog.getByTestId('api-new-token').textContent())!
    expect(first).toMatch(/^atd_/)
    await dialog.getByRole('button', { name: 'Copiar' }).click()
    await page.getByText('Token copiado para a área de transferência!').waitFor()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first)
    await dialog.getByRole('button', { name: 'Já copiei' }).click()
    await dialog.waitFor({ state: 'detached' })

    // The table: its preview only, active, unused.
    const erp = row(page, 'ERP')
    await erp.getByText('Ativo').waitFor()
    expect(await erp.textContent()).toContain(`${first.slice(0, 20)}...${first.slice(-10)}`)
    expect(await erp.textContent()).toContain('Nunca usado')
    expect(await page.locator('body').textContent()).not.toContain(first)
    expect(await page.getByTestId('api-stat-active').textContent()).toContain('1')

    // Revoke after the confirmation: it stays listed, inactive, without the action.
    await erp.getByRole('button', { name: 'Revogar ERP' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Revogar', exact: true }).click()
    await page.getByText('Token revogado com sucesso!').waitFor()
    await erp.getByText('Inativo').waitFor()
    expect(await erp.getByRole('button').count()).toBe(0)

    // A token that never expires, for the test form.
    await page.getByLabel('Nome do token').fill('Site')
    await page.getByLabel('Validade').selectOption('100y')
    await page.getByRole('button', { name: 'Gerar token' }).click()
    const second = (await dialog.getByTestId('api-new-token').textContent())!
    await dialog.getByRole('button', { name: 'Já copiei' }).click()
    await row(page, 'Site').getByText('Ativo').waitFor()
    expect(await row(page, 'Site').textContent()).toContain('Nunca')
    await app.shot(page, 'api-tokens')
    expect(await contrastIssues(page, 'main')).toEqual([])

    // /messages-api from the drawer: the form's rules, the revoked token refused, then a send.
    await drawer(page).getByRole('link', { name: 'API de Mensagens' }).click()
    await page.waitForURL(/\/messages-api$/)
    const send = page.getByRole('button', { name: 'Enviar mensagem' })
    await send.click()
    // Token, number and message, each marked with the kit's 'Obrigatório'.
    await page.getByText('Obrigatório').first().waitFor()
    expect(await page.locator('[aria-invalid="true"]').count()).toBe(3)
    await page.getByLabel('Token', { exact: true }).fill(first)
    await page.getByLabel('Número').fill(CUSTOMER)
    await page.getByLabel('Mensagem', { exact: true }).fill('Olá pela API de mensagens')
    await send.click()
    await page.getByTestId('messages-api-error').getByText('Token inválido ou revogado.', { exact: false }).waitFor()

    await page.getByLabel('Token', { exact: true }).fill(second)
    await send.click()
    await page.getByTestId('messages-api-result').getByText('Mensagem enviada com sucesso!').waitFor()
    const outbox = await until(
      async () =>
        (await app.callAs(page, 'GET', `/api/simulator/${whatsappId}/outbox`)).messages as {
          to: string
          body: string
        }[],
      (m) => m.some((x) => x.body.includes('Olá pela API de mensagens')),
    )
    expect(outbox.filter((x) => x.body.includes('Olá pela API de mensagens'))).toHaveLength(1)
    await app.shot(page, 'messages-api')
    expect(await contrastIssues(page, 'main')).toEqual([])

    // The plan loses the external API while the page is open: the next send gets the spec's
    // notice and the page goes home.
    await app.call('PUT', `/api/plans/${planId}`, await superHeaders(app.t.app), { useExternalApi: false })
    await send.click()
    await page
      .getByText('Esta empresa não possui permissão para acessar essa página!', { exact: false })
      .first()
      .waitFor()
    await page.waitForURL((url) => url.pathname !== '/messages-api')
  })
})
