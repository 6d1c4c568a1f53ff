/**
 * modules/campaigns' campaign screens in a real browser against the real kernel and its engine
 *: an admin saves the
 * campaign settings on /campaigns-config and reads them back; creates a campaign with two message
 * variants on a list through the dialog, opens its report in a second tab, schedules it for now and
 * watches the report follow it live to FINALIZADA while the simulator's phone receives one message
 * per number; a campaign held by a long pause is read-only while it runs, stopped (cancelled) and
 * restarted from the table. The engine runs on its own tick (CAMPAIGN_TICK_MS, 2 s). Each test makes
 * its own company and signs in its own page.
 */
import { readFileSync } from 'node:fs'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { superHeaders } from '@atende/kernel/testing'
import { aCompany, canRun, DESKTOP, openBrowserApp, PHONE, until, type BrowserApp } from './support.ts'
import { campaignErrors, configErrors } from '../../../modules/campaigns/src/campaigns/rules.ts'
import { isEditable, pauseReasonOf, progress, settingsFrom } from '../../../modules/campaigns/src/campaigns/types.ts'

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
/** A 1×1 PNG: the campaign's attachment. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
)
const toastText = (p: Page, text: string) => p.getByText(text, { exact: true }).first()

/** A company of the test's own with campaignsEnabled on (the cshow pages). */
async function company(name: string) {
  const co = await aCompany(app, name)
  await app.call('PUT', `/api/companies/${co.id}`, await superHeaders(app.t.app), { campaignsEnabled: 'enabled' })
  return co
}

let numbers = 0
/** A connected simulator connection and a list of `n` numbers, made through the API as the page's user. */
async function setup(p: Page, n: number) {
  const w = await app.callAs(p, 'POST', '/api/whatsapp', { name: `Simulador ${++numbers}`, provider: 'simulator' })
  await app.callAs(p, 'POST', `/api/simulator/${w.id}/scan`, {})
  const list = await app.callAs(p, 'POST', '/api/contact-lists', { name: `Clientes ${numbers}` })
  const people = ['Ana Souza', 'Bruno Lima', 'Carla Dias', 'Davi Rocha'].slice(0, n)
  for (const [i, name] of people.entries())
    await app.callAs(p, 'POST', '/api/contact-list-items', {
      name,
      number: `55479${String(numbers).padStart(2, '0')}${String(i + 1).padStart(6, '0')}`,
      email: '',
      contactListId: list.id,
    })
  const outbox = async (): Promise<{ to: string; body: string }[]> =>
    (await app.callAs(p, 'GET', `/api/simulator/${w.id}/outbox`)).messages
  return { w: w as { id: number; name: string }, list: list as { id: number; name: string }, outbox }
}

/** A datetime-local value of `d` in the browser's (this machine's) time zone. */
const localInput = (d: Date) => {
  const p = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`
}

describe('campaign module rules (no browser)', () => {
  it('checks the dialog and the settings as the server does', () => {
    const messages = { message1: '', message2: '', message3: '', message4: '', message5: '' }
    const draft = { name: 'Promo', messages, contactListId: '', tagListId: '', whatsappId: '', scheduledAt: '' }
    expect(campaignErrors(draft)).toEqual({})
    expect(campaignErrors({ ...draft, name: 'a' }).name).toEqual({ key: 'validation.tooShort', values: { min: 2 } })
    expect(campaignErrors({ ...draft, name: ' ' }).name).toBe('campaignDialog.validation.required')
    expect(campaignErrors({ ...draft, scheduledAt: '2030-01-01T10:00' })).toEqual({
      whatsappId: 'campaignDialog.validation.whatsapp',
      contactListId: 'campaignDialog.validation.contactList',
      message1: 'campaignDialog.validation.message',
    })
    // A tag is an audience too.
    expect(campaignErrors({ ...draft, scheduledAt: '2030-01-01T10:00', tagListId: '4' }).contactListId).toBeUndefined()
    const form = {
      messageInterval: '20',
      longerIntervalAfter: '20',
      greaterInterval: '60',
      dailyLimit: '250',
      windowStart: '08:00',
      windowEnd: '20:00',
      variables: [],
    }
    expect(configErrors(form)).toEqual({})
    expect(configErrors({ ...form, windowStart: '00:00', windowEnd: '24:00' })).toEqual({})
    expect(configErrors({ ...form, dailyLimit: '0', windowStart: '21:00' })).toEqual({
      dailyLimit: 'dailyLimitError',
      windowEnd: 'windowError',
    })
    expect(settingsFrom([{ key: 'variables', value: [{ key: 'loja', value: 'Centro' }] }])).toMatchObject({
      messageInterval: 20,
      longerIntervalAfter: 20,
      greaterInterval: 60,
      variables: [{ key: 'loja', value: 'Centro' }],
    })
    expect(progress({ total: 4, pending: 1, sent: 1, delivered: 1, read: 0, failed: 1 })).toEqual({
      done: 3,
      total: 4,
      percent: 75,
    })
    expect(pauseReasonOf({ code: 'window', values: { start: '08:00', end: '20:00' } })).toEqual({
      key: 'campaignReport.pause.window',
      values: { start: '08:00', end: '20:00' },
    })
    const soon = new Date(Date.now() + 30 * 60_000).toISOString()
    const later = new Date(Date.now() + 2 * 3600_000).toISOString()
    expect(isEditable({ editable: true, status: 'PROGRAMADA', scheduledAt: later })).toBe(true)
    expect(isEditable({ editable: true, status: 'PROGRAMADA', scheduledAt: soon })).toBe(false)
    expect(isEditable({ editable: true, status: 'CANCELADA', scheduledAt: soon })).toBe(true)
    expect(isEditable({ editable: false, status: 'EM_ANDAMENTO', scheduledAt: null })).toBe(false)
    expect(pauseReasonOf({ code: 'dailyLimit', values: { limit: 250 } })?.values).toEqual({ limit: '250' })
    expect(pauseReasonOf({ code: 'disconnected', values: {} })?.key).toBe('campaignReport.pause.disconnected')
    expect(pauseReasonOf({ code: 'failures', values: { failed: 3, of: 20 } })).toEqual({
      key: 'campaignReport.pause.failures',
      values: { failed: '3', of: '20' },
    })
    expect(pauseReasonOf(null)).toBeNull()
  })

  it('has the same keys in pt, en and es', () => {
    const keys = (o: Record<string, unknown>, p = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) =>
        v && typeof v === 'object' ? keys(v as Record<string, unknown>, `${p}${k}.`) : [`${p}${k}`],
      )
    const load = (lng: string) =>
      JSON.parse(
        readFileSync(new URL(`../../../modules/campaigns/src/campaigns/i18n/${lng}.json`, import.meta.url), 'utf8'),
      )
    const [pt, en, es] = ['pt', 'en', 'es'].map(load)
    expect(keys(en).sort()).toEqual(keys(pt).sort())
    expect(keys(es).sort()).toEqual(keys(pt).sort())
  })
})

describe.skipIf(!canRun)('campaigns in a browser', () => {
  afterEach((ctx) => app.settle('campaigns', ctx.task))

  it('saves the settings, creates a campaign with two variants and watches its report live to FINALIZADA', async () => {
    const co = await company('Empresa Campanhas')
    const { page: p, context } = await app.signedIn(co)
    const s = await setup(p, 3)

    // Settings: the spec's defaults, then no interval, an all-day window and a variable; read back.
    await drawer(p).getByRole('link', { name: 'Configurações de campanhas', exact: true }).click({ timeout: 15_000 })
    await p.waitForURL(/\/campaigns-config$/)
    const form = p.getByTestId('campaigns-config-form')
    await form.waitFor({ timeout: 15_000 })
    expect(await form.getByLabel('Intervalo randômico de disparo').inputValue()).toBe('20')
    expect(await form.getByLabel('Intervalo maior após').inputValue()).toBe('20')
    expect(await form.getByLabel('Intervalo de disparo maior').inputValue()).toBe('60')
    expect(
      await form
        .getByLabel('Intervalo randômico de disparo')
        .locator('option')
        .evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value)),
    ).toEqual(['0', '5', '10', '15', '20'])
    await form.getByLabel('Intervalo randômico de disparo').selectOption('0')
    await form.getByLabel('Intervalo maior após').selectOption('0')
    await form.getByLabel('Intervalo de disparo maior').selectOption('120')
    await form.getByLabel('Limite diário por conexão').fill('500')
    await form.getByLabel('Início da janela de envio').fill('00:00')
    await form.getByLabel('Fim da janela de envio').fill('24:00')
    await form.getByRole('button', { name: 'Adicionar variável' }).click()
    await form.getByTestId('campaign-variable-0').getByLabel('Atalho').fill('loja')
    await form.getByTestId('campaign-variable-0').getByLabel('Conteúdo').fill('Loja Centro')
    await form.getByRole('button', { name: 'Adicionar variável' }).click()
    await form.getByTestId('campaign-variable-1').getByLabel('Atalho').fill('loja')
    await form.getByTestId('campaign-variable-1').getByLabel('Conteúdo').fill('repetida')
    await form.getByRole('button', { name: 'Salvar configurações' }).click()
    await toastText(p, 'Configurações salvas').waitFor()
    await app.shot(p, 'campaigns-01-settings')
    await p.reload()
    await form.waitFor({ timeout: 15_000 })
    expect(await form.getByLabel('Intervalo randômico de disparo').inputValue()).toBe('0')
    expect(await form.getByLabel('Intervalo maior após').inputValue()).toBe('0')
    expect(await form.getByLabel('Intervalo de disparo maior').inputValue()).toBe('120')
    expect(await form.getByLabel('Limite diário por conexão').inputValue()).toBe('500')
    expect(await form.getByLabel('Fim da janela de envio').inputValue()).toBe('24:00')
    // The repeated key was ignored by the server.
    expect(await form.getByTestId('campaign-variable-0').getByLabel('Conteúdo').inputValue()).toBe('Loja Centro')
    expect(await form.getByTestId('campaign-variable-1').count()).toBe(0)
    const saved = settingsFrom(await app.callAs(p, 'GET', '/api/campaign-settings'))
    expect(saved).toMatchObject({ messageInterval: 0, longerIntervalAfter: 0, dailyLimit: 500, windowEnd: '24:00' })

    // A campaign with two variants, no schedule yet (INATIVA).
    await drawer(p).getByRole('link', { name: 'Campanhas', exact: true }).click()
    await p.waitForURL(/\/campaigns$/)
    await p.getByText('Nenhuma campanha cadastrada.').waitFor({ timeout: 15_000 })
    await p.getByRole('button', { name: 'Nova campanha' }).click()
    let dialog = p.getByRole('dialog')
    await dialog.getByLabel('Nome', { exact: true }).fill('a')
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click()
    await dialog.getByText('Muito curto! (mínimo 2 caracteres)').waitFor()
    await dialog.getByLabel('Nome', { exact: true }).fill('Promoção de Natal')
    await dialog.getByText('{loja}', { exact: false }).first().waitFor()
    await dialog.getByLabel('Lista de contatos').selectOption(String(s.list.id))
    await dialog.getByLabel('Conexão').selectOption(String(s.w.id))
    await dialog.getByRole('textbox', { name: 'Mensagem 1' }).fill('Olá {nome}, ofertas na {loja}!')
    await dialog.getByRole('tab', { name: /Mensagem 2/ }).click()
    await dialog.getByRole('textbox', { name: 'Mensagem 2' }).fill('Oi {{firstName}}, passe na {loja}.')
    await app.shot(p, 'campaigns-02-dialog')
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click()
    await dialog.waitFor({ state: 'detached' })
    await toastText(p, 'Operação realizada com sucesso').waitFor()
    await row(p, 'Promoção de Natal').getByText('Inativa').waitFor()
    const campaign = (await app.callAs(p, 'GET', '/api/campaigns')).records[0]
    expect(campaign).toMatchObject({
      name: 'Promoção de Natal',
      status: 'INATIVA',
      message2: 'Oi {{firstName}}, passe na {loja}.',
    })

    // Its report in a second tab, before it starts.
    const report = await context.newPage()
    await report.goto(`${app.base}/campaign/${campaign.id}/report`)
    await report.getByTestId('campaign-report-status').getByText('Inativa').waitFor({ timeout: 15_000 })
    await report.getByTestId('campaign-report-list').getByText(s.list.name).waitFor()
    await report.getByTestId('campaign-report-whatsapp').getByText(s.w.name).waitFor()

    // Scheduled for now through the dialog: the engine starts it on its next tick.
    await row(p, 'Promoção de Natal').getByRole('button', { name: 'Editar a campanha Promoção de Natal' }).click()
    dialog = p.getByRole('dialog')
    expect(await dialog.getByRole('textbox', { name: 'Mensagem 1' }).inputValue()).toBe(
      'Olá {nome}, ofertas na {loja}!',
    )
    await dialog.getByLabel('Agendamento').fill(localInput(new Date()))
    await dialog.getByRole('button', { name: 'Salvar', exact: true }).click()
    await dialog.waitFor({ state: 'detached' })

    // The report follows it live: running, then finished with every number dealt with.
    await report
      .getByTestId('campaign-report-status')
      .getByText(/Em andamento|Finalizada/)
      .waitFor({ timeout: 20_000 })
    await report.getByTestId('campaign-report-status').getByText('Finalizada').waitFor({ timeout: 20_000 })
    await report.getByTestId('campaign-report-progress').getByText('3 de 3 (100%)').waitFor()
    await report.getByTestId('campaign-report-valid').getByText('3', { exact: true }).waitFor()
    await report.getByTestId('campaign-report-pending').getByText('0', { exact: true }).waitFor()
    // The phone's acks arrive live (or with the reload 5 s after FINALIZADA).
    await report.getByTestId('campaign-report-delivered').getByText('3', { exact: true }).waitFor({ timeout: 20_000 })
    expect(await report.getByTestId('campaign-report-failed').innerText()).toBe('0')
    expect(await report.getByTestId('campaign-report-conclusion').innerText()).not.toBe('—')
    await app.shot(report, 'campaigns-03-report')

    // One message per number, each one of the two variants with its variables filled.
    const sent = await until(s.outbox, (m) => m.length >= 3)
    expect(sent).toHaveLength(3)
    expect(new Set(sent.map((m) => m.to)).size).toBe(3)
    for (const m of sent)
      expect(m.body).toMatch(
        /^(Olá (Ana Souza|Bruno Lima|Carla Dias), ofertas na Loja Centro!|Oi (Ana|Bruno|Carla), passe na Loja Centro\.)$/,
      )

    // The table followed too; a finished campaign opens read-only.
    await row(p, 'Promoção de Natal').getByText('Finalizada').waitFor()
    await row(p, 'Promoção de Natal').getByRole('button', { name: 'Editar a campanha Promoção de Natal' }).click()
    dialog = p.getByRole('dialog')
    await dialog.getByTestId('campaign-read-only').waitFor()
    expect(await dialog.getByLabel('Nome', { exact: true }).isDisabled()).toBe(true)
    await dialog.getByRole('button', { name: 'Fechar' }).click()
    await dialog.waitFor({ state: 'detached' })
    await context.close()
  }, 120_000)

  it('shows a running campaign read-only, stops it and restarts it from the table', async () => {
    const co = await company('Empresa Disparos')
    const { page: p, context } = await app.signedIn(co)
    const s = await setup(p, 3)
    // One message, then a two-minute pause: it stays running between the steps.
    await app.callAs(p, 'POST', '/api/campaign-settings', {
      settings: {
        messageInterval: 0,
        longerIntervalAfter: 1,
        greaterInterval: 120,
        windowStart: '00:00',
        windowEnd: '24:00',
      },
    })
    const c = await app.callAs(p, 'POST', '/api/campaigns', {
      name: 'Aviso de entrega',
      message1: 'Olá {nome}, seu pedido saiu para entrega.',
      scheduledAt: new Date().toISOString(),
      whatsappId: s.w.id,
      contactListId: s.list.id,
    })

    await p.goto(`${app.base}/campaigns`)
    await row(p, 'Aviso de entrega').getByText('Em andamento').waitFor({ timeout: 20_000 })
    await until(s.outbox, (m) => m.length === 1)

    // On a phone the name is read whole, its status under it (the status column would leave it one letter).
    await p.setViewportSize(PHONE)
    const name = row(p, 'Aviso de entrega').getByTitle('Aviso de entrega', { exact: true })
    await p.getByRole('columnheader', { name: 'Status' }).waitFor({ state: 'detached' })
    await row(p, 'Aviso de entrega').getByText('Em andamento').waitFor()
    expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth && el.clientWidth > 0)).toBe(true)
    await app.shot(p, 'campaigns-03-phone')
    await p.setViewportSize(DESKTOP)
    await p.getByRole('columnheader', { name: 'Status' }).waitFor()

    // Running: the dialog is read-only, and the server refuses an edit.
    await row(p, 'Aviso de entrega').getByRole('button', { name: 'Editar a campanha Aviso de entrega' }).click()
    let dialog = p.getByRole('dialog')
    await dialog.getByTestId('campaign-read-only').waitFor()
    expect(await dialog.getByRole('textbox', { name: 'Mensagem 1' }).isDisabled()).toBe(true)
    await dialog.getByRole('button', { name: 'Cancelar disparos' }).waitFor()
    await app.shot(p, 'campaigns-04-read-only')
    await dialog.getByRole('button', { name: 'Fechar' }).click()
    await dialog.waitFor({ state: 'detached' })
    await expect(app.callAs(p, 'PUT', `/api/campaigns/${c.id}`, { name: 'Outro nome' })).rejects.toThrow(
      /409.*ERR_CAMPAIGN_NOT_EDITABLE/,
    )

    // A refused stop (say, it finished meanwhile) says why in a toast and changes nothing.
    await p.route(`**/api/campaigns/${c.id}/cancel`, (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'ERR_CAMPAIGN_NOT_RUNNING', message: 'not running', statusCode: 409 }),
      }),
    )
    const report = row(p, 'Aviso de entrega').getByRole('button', { name: 'Relatório da campanha Aviso de entrega' })
    const reportAt = (await report.boundingBox())!.x
    await row(p, 'Aviso de entrega').getByRole('button', { name: 'Parar a campanha Aviso de entrega' }).click()
    await p
      .getByRole('dialog', { name: 'Parar a campanha Aviso de entrega?' })
      .getByRole('button', { name: 'Parar campanha' })
      .click()
    await toastText(p, 'Só uma campanha em andamento ou programada pode ser cancelada.').waitFor()
    await p.unroute(`**/api/campaigns/${c.id}/cancel`)
    await row(p, 'Aviso de entrega').getByText('Em andamento').waitFor()

    // Stop asks first: "Cancelar" leaves it running; confirmed, it is cancelled at once, nothing more goes out.
    await row(p, 'Aviso de entrega').getByRole('button', { name: 'Parar a campanha Aviso de entrega' }).click()
    let confirm = p.getByRole('dialog', { name: 'Parar a campanha Aviso de entrega?' })
    await confirm.getByRole('button', { name: 'Cancelar' }).click()
    await confirm.waitFor({ state: 'detached' })
    expect((await app.callAs(p, 'GET', `/api/campaigns/${c.id}`)).status).toBe('EM_ANDAMENTO')
    await row(p, 'Aviso de entrega').getByRole('button', { name: 'Parar a campanha Aviso de entrega' }).click()
    confirm = p.getByRole('dialog', { name: 'Parar a campanha Aviso de entrega?' })
    await confirm.getByRole('button', { name: 'Parar campanha' }).click()
    await toastText(p, 'Campanha cancelada').waitFor()
    await row(p, 'Aviso de entrega').getByText('Cancelada').waitFor()
    // The report icon did not move when the stop became a restart.
    expect((await report.boundingBox())!.x).toBe(reportAt)
    expect(
      await row(p, 'Aviso de entrega')
        .getByRole('button', { name: /Parar a campanha/ })
        .count(),
    ).toBe(0)
    // A cancelled campaign may be saved again: the dialog is editable.
    await row(p, 'Aviso de entrega').getByRole('button', { name: 'Editar a campanha Aviso de entrega' }).click()
    dialog = p.getByRole('dialog')
    await dialog.getByRole('button', { name: 'Salvar', exact: true }).waitFor()
    expect(await dialog.getByTestId('campaign-read-only').count()).toBe(0)
    // Its attachment: added, shown by name, removed.
    await dialog
      .getByTestId('campaign-media-input')
      .setInputFiles({ name: 'cupom.png', mimeType: 'image/png', buffer: PNG })
    await dialog.getByTestId('campaign-media').getByRole('link', { name: 'cupom.png' }).waitFor()
    expect((await app.callAs(p, 'GET', `/api/campaigns/${c.id}`)).mediaName).toBe('cupom.png')
    await dialog.getByRole('button', { name: 'Remover o anexo' }).click()
    await dialog.getByRole('button', { name: 'Anexar arquivo' }).waitFor()
    expect((await app.callAs(p, 'GET', `/api/campaigns/${c.id}`)).mediaName).toBeNull()
    await dialog.getByRole('button', { name: 'Cancelar', exact: true }).click()
    await dialog.waitFor({ state: 'detached' })

    // Restart: it goes on where it stopped (the first number is not sent again).
    await row(p, 'Aviso de entrega').getByRole('button', { name: 'Reiniciar a campanha Aviso de entrega' }).click()
    await toastText(p, 'Campanha reiniciada').waitFor()
    await row(p, 'Aviso de entrega').getByText('Em andamento').waitFor()
    await app.shot(p, 'campaigns-05-restarted')
    const again = await app.callAs(p, 'GET', `/api/campaigns/${c.id}`)
    expect(again).toMatchObject({ status: 'EM_ANDAMENTO', editable: false })
    expect(again.counts).toMatchObject({ total: 3, pending: 2 })
    expect(await s.outbox()).toHaveLength(1)

    // A draft (no date) is started from the table, after a confirmation.
    await app.callAs(p, 'POST', `/api/campaigns/${c.id}/cancel`)
    const draft = await app.callAs(p, 'POST', '/api/campaigns', {
      name: 'Rascunho pronto',
      message1: 'Olá {nome}!',
      whatsappId: s.w.id,
      contactListId: s.list.id,
    })
    await row(p, 'Rascunho pronto').getByText('Inativa').waitFor()
    await row(p, 'Rascunho pronto').getByRole('button', { name: 'Iniciar agora a campanha Rascunho pronto' }).click()
    await p
      .getByRole('dialog', { name: 'Iniciar agora a campanha Rascunho pronto?' })
      .getByRole('button', { name: 'Iniciar agora' })
      .click()
    await toastText(p, 'Campanha iniciada').waitFor()
    await row(p, 'Rascunho pronto').getByText('Em andamento').waitFor({ timeout: 20_000 })
    await app.callAs(p, 'POST', `/api/campaigns/${draft.id}/cancel`)
    await app.callAs(p, 'DELETE', `/api/campaigns/${draft.id}`)

    // Delete after the confirmation.
    await row(p, 'Aviso de entrega').getByRole('button', { name: 'Excluir a campanha Aviso de entrega' }).click()
    dialog = p.getByRole('dialog')
    await dialog.getByRole('button', { name: 'Excluir', exact: true }).click()
    await toastText(p, 'Registro deletado').waitFor()
    await p.getByText('Nenhuma campanha cadastrada.').waitFor()
    await context.close()
  }, 90_000)

  it("shows on the report why the engine holds a campaign (the connection's daily limit)", async () => {
    const co = await company('Empresa Limite')
    const { page: p, context } = await app.signedIn(co)
    const s = await setup(p, 2)
    await app.callAs(p, 'POST', '/api/campaign-settings', {
      settings: { messageInterval: 0, longerIntervalAfter: 0, dailyLimit: 1, windowStart: '00:00', windowEnd: '24:00' },
    })
    const c = await app.callAs(p, 'POST', '/api/campaigns', {
      name: 'Lembrete',
      message1: 'Olá {nome}!',
      scheduledAt: new Date().toISOString(),
      whatsappId: s.w.id,
      contactListId: s.list.id,
    })
    await p.goto(`${app.base}/campaign/${c.id}/report`)
    await p
      .getByTestId('campaign-report-pause')
      .getByText('Limite diário da conexão atingido (1): continua amanhã.')
      .waitFor({ timeout: 20_000 })
    await p.getByTestId('campaign-report-progress').getByText('1 de 2 (50%)').waitFor()
    await p.getByTestId('campaign-report-pending').getByText('1', { exact: true }).waitFor()
    await p.getByTestId('campaign-report-status').getByText('Em andamento').waitFor()
    await app.shot(p, 'campaigns-06-held')
    expect(await s.outbox()).toHaveLength(1)
    await app.callAs(p, 'POST', `/api/campaigns/${c.id}/cancel`)
    await p.getByTestId('campaign-report-status').getByText('Cancelada').waitFor()
    await context.close()
  }, 60_000)
})
