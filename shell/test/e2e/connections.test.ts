/**
 * modules/connections in a real browser against the real kernel:
 * the super user adds a simulator connection through the dialog, sees the QR status and the
 * drawer's warning dot, opens the QR modal; the simulator's phone scans it (the modal closes and
 * the row turns Conectado live, the dot goes); a connected one disconnects, fits a phone, and is
 * deleted with confirmation. Each test has a company of its own (the first, the super user's), so
 * the empty list and the warning dot answer for its connections alone. The dialog picks the
 * connection's integration and prompt (kept when reopened, cleared to null), and hides the integration
 * select on a plan without useIntegrations.
 */
import { readFileSync } from 'node:fs'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { SUPER, superHeaders } from '@atende/kernel/testing'
import { aCompany, canRun, DESKTOP, openBrowserApp, PHONE, type Account, type BrowserApp } from './support.ts'
import { countError, nameError } from '../../../modules/connections/src/validation.ts'
import { formatDateTime } from '../../../modules/connections/src/types.ts'

let app: BrowserApp

const row = (p: Page, text: string) => p.getByRole('row').filter({ hasText: text })

/**
 * A simulator connection of `who`'s company made through the API (its session starts at once and
 * waits for a QR scan), scanned by the simulated phone when `connected`.
 */
async function aConnection(who: Account, name: string, connected = false) {
  // The admin's own API session: their UI login later ends it, which setup no longer needs.
  const h = { authorization: `Bearer ${(await app.api(who.cnpj, who.email, who.password)).token}` }
  const c = (await app.call('POST', '/api/whatsapp', h, { name, provider: 'simulator' })) as { id: number }
  if (connected) await app.call('POST', `/api/simulator/${c.id}/scan`, h, {})
  return c
}

beforeAll(async () => {
  if (!canRun) return
  app = await openBrowserApp()
}, 240_000)

afterAll(async () => {
  await app?.close()
})

describe('connections module rules (no browser)', () => {
  it('validates the name and counters, formats the date as DD/MM/yyyy HH:mm', () => {
    expect(nameError('A')).toEqual({ key: 'validation.tooShort', values: { min: 2 } })
    expect(nameError('x'.repeat(51))).toEqual({ key: 'validation.tooLong', values: { max: 50 } })
    expect(nameError('  ')).toBe('connections.validation.required')
    expect(nameError('Loja')).toBeNull()
    expect(countError('-1')).toBe('connections.validation.count')
    expect(countError('1.5')).toBe('connections.validation.count')
    expect(countError('12')).toBeNull()
    expect(formatDateTime(new Date(2026, 0, 5, 9, 7).toISOString())).toBe('05/01/2026 09:07')
  })

  it('has the same keys in pt, en and es', () => {
    const keys = (o: Record<string, unknown>, p = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) =>
        v && typeof v === 'object' ? keys(v as Record<string, unknown>, `${p}${k}.`) : [`${p}${k}`],
      )
    const load = (lng: string) =>
      JSON.parse(readFileSync(new URL(`../../../modules/connections/src/i18n/${lng}.json`, import.meta.url), 'utf8'))
    const [pt, en, es] = ['pt', 'en', 'es'].map(load)
    expect(keys(en).sort()).toEqual(keys(pt).sort())
    expect(keys(es).sort()).toEqual(keys(pt).sort())
    expect(pt.connections.saved).toBe('Conexão salva com sucesso!')
    expect(pt.connections.deleted).toBe('Conexão excluída com sucesso!')
  })
})

describe.skipIf(!canRun)('/connections in a browser', () => {
  // A failed test leaves screenshots of its pages, and its contexts closed.
  afterEach((ctx) => app.settle('connections', ctx.task))

  it('adds a simulator connection through the dialog; it waits for its QR code and the drawer warns', async () => {
    const { page: p, context } = await app.signedIn(SUPER)
    const nav = p.getByRole('navigation', { name: 'menu' })
    await nav.getByRole('link', { name: 'Conexões' }).click({ timeout: 15_000 })
    await p.waitForURL(`${app.base}/connections`)
    await p.getByText('Nenhuma conexão cadastrada ainda.').waitFor()

    // The dialog: the name rule first, then a simulator connection.
    await p.getByRole('button', { name: 'Adicionar WhatsApp' }).click()
    const dialog = p.getByRole('dialog')
    await dialog.getByLabel('Nome', { exact: true }).fill('A')
    await dialog.getByRole('button', { name: 'Salvar' }).click()
    await dialog.getByText('Muito curto! (mínimo 2 caracteres)').waitFor()
    await dialog.getByLabel('Nome', { exact: true }).fill('Loja Centro')
    expect(await dialog.getByLabel('Provedor').inputValue()).toBe('simulator')
    await dialog.getByLabel('Mensagem de saudação').fill('Olá! Como podemos ajudar?')
    await dialog.getByRole('tab', { name: 'Avançado' }).click()
    await dialog.getByLabel('Máximo de envios do bot').fill('4')
    // The API token: too short is refused on the spot; a generated one is shown once after saving.
    const tokenBox = dialog.getByLabel('Token da API')
    await tokenBox.fill('curto')
    await dialog.getByRole('button', { name: 'Salvar' }).click()
    await dialog.getByText('O token precisa de pelo menos 16 caracteres, sem espaços.').waitFor()
    await dialog.getByRole('button', { name: 'Gerar token' }).click()
    const token = await tokenBox.inputValue()
    expect(token).toMatch(/^[\w-]{32}$/)
    await app.shot(p, 'connections-01-dialog')
    await dialog.getByRole('button', { name: 'Salvar' }).click()
    await p.getByText('Conexão salva com sucesso!').waitFor()
    await p.getByRole('dialog', { name: 'Copie o token agora' }).getByTestId('token-shown').getByText(token).waitFor()
    await p.getByRole('button', { name: 'Concluir' }).click()
    await p.getByRole('dialog').waitFor({ state: 'detached' })

    // The simulator session starts at once and asks for a QR scan; the drawer warns (after 2 s).
    const r = row(p, 'Loja Centro')
    await r.getByText('Aguardando leitura do QR code').waitFor({ timeout: 15_000 })
    await nav.getByTestId('connections-warning').waitFor({ timeout: 10_000 })
    expect(await r.getByRole('img', { name: 'Padrão' }).count()).toBe(1)
    const saved = (await app.callAs(p, 'GET', '/api/whatsapp')) as { name: string; maxUseBotQueues: number }[]
    expect(saved.find((c) => c.name === 'Loja Centro')).toMatchObject({
      greetingMessage: 'Olá! Como podemos ajudar?',
      maxUseBotQueues: 4,
      token: '',
      hasToken: true,
      tokenPreview: `${token.slice(0, 4)}…${token.slice(-4)}`,
    })
    await app.shot(p, 'connections-02-qrcode')

    await r.getByRole('button', { name: 'QR CODE' }).click()
    const qr = p.getByRole('dialog')
    await qr.getByTestId('connection-qr').waitFor()
    const box = await qr.getByTestId('connection-qr').boundingBox()
    expect(Math.round(box!.width)).toBe(256)
    await app.shot(p, 'connections-03-qr-modal')
    await context.close()
  })

  it('the simulated phone scans the QR code: the modal closes, the row turns Conectado live, the warning goes', async () => {
    const admin = await aCompany(app, 'Conexões Leitura')
    const { id } = await aConnection(admin, 'Loja Norte')
    const { page: p, context } = await app.signedIn(admin, '/connections')
    const nav = p.getByRole('navigation', { name: 'menu' })
    const r = row(p, 'Loja Norte')
    await r.getByText('Aguardando leitura do QR code').waitFor({ timeout: 15_000 })
    await nav.getByTestId('connections-warning').waitFor({ timeout: 10_000 })

    await r.getByRole('button', { name: 'QR CODE' }).click()
    const qr = p.getByRole('dialog')
    await qr.getByTestId('connection-qr').waitFor()
    // The simulated phone reads it from the modal's own button.
    await qr.getByRole('button', { name: 'Ler com o celular simulado' }).click()
    await qr.waitFor({ state: 'hidden', timeout: 10_000 })
    await r.getByText('Conectado', { exact: true }).waitFor({ timeout: 10_000 })
    await r.getByText(`5511999990000${id}`).waitFor()
    await nav.getByTestId('connections-warning').waitFor({ state: 'detached', timeout: 10_000 })
    await app.shot(p, 'connections-04-connected')
    await context.close()
  })

  it('disconnects a connected one (retry and a new QR code offered), fits a phone, and deletes it after confirmation', async () => {
    const admin = await aCompany(app, 'Conexões Saída')
    const { id } = await aConnection(admin, 'Loja Sul', true)
    const { page: p, context } = await app.signedIn(admin, '/connections')
    const nav = p.getByRole('navigation', { name: 'menu' })
    const r = row(p, 'Loja Sul')
    await r.getByText('Conectado', { exact: true }).waitFor({ timeout: 15_000 })
    expect(await nav.getByTestId('connections-warning').count()).toBe(0)

    // Disconnect: the row offers Tentar novamente and Novo QR code, and the drawer warns again.
    await r.getByRole('button', { name: 'Desconectar' }).click()
    await r.getByText('Desconectado', { exact: true }).waitFor({ timeout: 10_000 })
    await r.getByRole('button', { name: 'Tentar novamente' }).waitFor()
    await r.getByRole('button', { name: 'Novo QR code' }).waitFor()
    await nav.getByTestId('connections-warning').waitFor({ timeout: 10_000 })
    await app.shot(p, 'connections-05-disconnected')

    // Phone layout: cards instead of the table.
    await p.setViewportSize(PHONE)
    const card = p.getByTestId(`connection-card-${id}`)
    await card.getByRole('button', { name: 'Novo QR code' }).waitFor()
    expect(await r.isVisible()).toBe(false)
    await app.shot(p, 'connections-06-phone')
    await p.setViewportSize(DESKTOP)

    // Delete with confirmation.
    await r.getByRole('button', { name: 'Excluir Loja Sul' }).click()
    const confirm = p.getByRole('dialog')
    await confirm.getByText('Excluir Loja Sul?').waitFor()
    await confirm.getByRole('button', { name: 'Excluir', exact: true }).click()
    await p.getByText('Conexão excluída com sucesso!').waitFor()
    await r.waitFor({ state: 'detached' })
    await p.getByText('Nenhuma conexão cadastrada ainda.').waitFor()
    await context.close()
  })

  it("picks the connection's integration and prompt, keeps them when reopened, and clears one", async () => {
    const admin = await aCompany(app, 'Conexões com bots')
    const h = { authorization: `Bearer ${(await app.api(admin.cnpj, admin.email, admin.password)).token}` }
    const c = await app.call('POST', '/api/whatsapp', h, { name: 'Loja Robô', provider: 'simulator' })
    const queue = await app.call('POST', '/api/queue', h, { name: 'Robôs', color: '#8e24aa', greetingMessage: 'Olá' })
    const integration = await app.call('POST', '/api/queueIntegration', h, {
      type: 'dialogflow',
      name: 'Agente Google',
      projectName: 'projeto-123',
      jsonContent: JSON.stringify({ client_email: 'bot@projeto.iam.gserviceaccount.com', private_key: 'chave' }),
      language: 'pt-BR',
    })
    const prompt = await app.call('POST', '/api/prompt', h, {
      name: 'Assistente da loja',
      prompt: 'Você é o assistente da loja: responda com educação e em poucas frases, sempre em português.',
      apiKey: 'sk-teste-0123456789abcdef',
      queueId: queue.id,
    })

    const { page: p, context } = await app.signedIn(admin, '/connections')
    const open = async () => {
      await row(p, 'Loja Robô').getByRole('button', { name: 'Editar Loja Robô' }).click({ timeout: 15_000 })
      const dialog = p.getByRole('dialog')
      await dialog.getByRole('heading', { name: 'Editar WhatsApp' }).waitFor()
      await dialog.getByRole('option', { name: integration.name }).waitFor({ state: 'attached' })
      await dialog.getByRole('option', { name: prompt.name }).waitFor({ state: 'attached' })
      return dialog
    }
    let dialog = await open()
    await dialog.getByLabel('Integração').selectOption({ label: integration.name })
    await dialog.getByLabel('Prompt').selectOption({ label: prompt.name })
    await app.shot(p, 'connections-07-bots')
    await dialog.getByRole('button', { name: 'Salvar' }).click()
    await p.getByText('Conexão salva com sucesso!').first().waitFor()
    await dialog.waitFor({ state: 'detached' })
    expect(await app.callAs(p, 'GET', `/api/whatsapp/${c.id}`)).toMatchObject({
      integrationId: integration.id,
      promptId: prompt.id,
    })

    // Reopened: both kept; the integration cleared sends null.
    dialog = await open()
    expect(await dialog.getByLabel('Integração').inputValue()).toBe(String(integration.id))
    expect(await dialog.getByLabel('Prompt').inputValue()).toBe(String(prompt.id))
    await dialog.getByLabel('Integração').selectOption({ label: 'Sem integração' })
    await dialog.getByRole('button', { name: 'Salvar' }).click()
    await dialog.waitFor({ state: 'detached' })
    expect(await app.callAs(p, 'GET', `/api/whatsapp/${c.id}`)).toMatchObject({
      integrationId: null,
      promptId: prompt.id,
    })
    await context.close()
  })

  it('hides the integration select when the plan lacks integrations', async () => {
    const su = await superHeaders(app.t.app)
    const plan = await app.call('POST', '/api/plans', su, {
      name: 'Conexões sem integrações',
      users: 0,
      connections: 0,
      queues: 0,
      value: 0,
      useIntegrations: false,
    })
    const admin = await aCompany(app, 'Conexões sem integrações', { planId: plan.id })
    await aConnection(admin, 'Loja Simples')

    const { page: p, context } = await app.signedIn(admin, '/connections')
    const refused = p.waitForResponse((r) => new URL(r.url()).pathname === '/api/queueIntegration')
    await row(p, 'Loja Simples').getByRole('button', { name: 'Editar Loja Simples' }).click({ timeout: 15_000 })
    expect((await refused).status()).toBe(403)
    const dialog = p.getByRole('dialog')
    await dialog.getByLabel('Prompt').waitFor()
    await dialog.getByLabel('Integração').waitFor({ state: 'detached' })
    await context.close()
  })
})
