/**
 * Queues in a real browser: the admin sets up two queues on /queues (Vendas with a chatbot option),
 * links them to a simulator connection, and walks the menu as a customer from the simulator phone
 * panel; the ticket ends pending in the chosen queue (checked through the API).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { canRun, DESKTOP, openBrowserApp, type BrowserApp } from './support.ts'

let app: BrowserApp

async function inject(p: Page, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  const token = await p.evaluate(() => localStorage.getItem('token'))
  const res = await app.t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload })
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`)
  return res.json()
}

beforeAll(async () => {
  if (!canRun) return
  process.env.SIMULATOR_ACK_MS = '0'
  app = await openBrowserApp()
}, 240_000)
afterAll(async () => {
  await app?.close()
})

describe.skipIf(!canRun)('queues and the chatbot in a browser', () => {
  it('sets up two queues with a menu and walks it from the simulator phone', async () => {
    const { page: p } = await app.newPage(DESKTOP)
    await app.loginUI(p, '00000000000191', 'admin@atende.local', 'Atende@123')
    await p
      .getByRole('navigation', { name: 'menu' })
      .getByRole('link', { name: 'Filas & Chatbot' })
      .click({ timeout: 15_000 })
    await p.getByText('Nenhuma fila cadastrada.').waitFor({ timeout: 15_000 })

    const addQueue = async (name: string, color: string, greeting: string) => {
      await p.getByRole('button', { name: 'Adicionar fila' }).click()
      const dialog = p.getByRole('dialog')
      await dialog.getByLabel('Nome', { exact: true }).fill(name)
      await dialog.getByLabel('Cor', { exact: true }).fill(color)
      await dialog.getByLabel('Mensagem de saudação').fill(greeting)
      await dialog.getByRole('button', { name: 'Salvar' }).click()
      await p.getByText('Fila salva com sucesso!').first().waitFor()
      // A new queue stays open on its options.
      await dialog.getByTestId('options-editor').waitFor()
      return dialog
    }
    const vendasDialog = await addQueue('Vendas', '#e53935', 'Vendas aqui')
    const add = vendasDialog.getByTestId('option-add--1')
    await add.getByLabel('Nova opção').fill('Planos')
    await add.getByLabel('Mensagem').fill('Um vendedor já vai falar sobre os planos')
    await add.getByRole('button', { name: 'Adicionar' }).click()
    await vendasDialog.getByLabel('Título').first().waitFor()
    expect(await vendasDialog.getByLabel('Título').first().inputValue()).toBe('Planos')
    await app.shot(p, 'queues-01-options')
    await vendasDialog.getByRole('button', { name: 'Fechar' }).click()
    const suporteDialog = await addQueue('Suporte', '#43a047', 'Suporte aqui')
    await suporteDialog.getByRole('button', { name: 'Fechar' }).click()
    // The list follows (its own saves and the live events).
    await p.getByTestId('queues-table').getByText('Suporte', { exact: true }).waitFor()
    await app.shot(p, 'queues-02-list')

    const queues: { id: number; name: string }[] = await inject(p, 'GET', '/api/queue')
    const vendas = queues.find((q) => q.name === 'Vendas')!
    const suporte = queues.find((q) => q.name === 'Suporte')!
    const w = await inject(p, 'POST', '/api/whatsapp', {
      name: 'Loja Filas',
      provider: 'simulator',
      greetingMessage: 'Bem-vindo!',
      queueIds: [vendas.id, suporte.id],
    })
    await inject(p, 'POST', `/api/simulator/${w.id}/scan`, {})

    await p.getByRole('navigation', { name: 'menu' }).getByRole('link', { name: 'Conexões' }).click()
    const row = p.getByRole('row').filter({ hasText: 'Loja Filas' })
    await row.getByText('Conectado', { exact: true }).waitFor({ timeout: 15_000 })
    await row.getByRole('button', { name: 'Abrir o telefone simulado de Loja Filas' }).click()
    const panel = p.getByRole('dialog', { name: 'Telefone simulado · Loja Filas' })
    await panel.getByText('Nenhuma mensagem ainda…').waitFor({ timeout: 10_000 })
    const box = panel.getByLabel('Mensagem do cliente')
    const platform = (text: string) =>
      panel.getByTestId('phone-platform-message').filter({ hasText: text }).first().waitFor({ timeout: 15_000 })
    await box.pressSequentially('oi')
    await box.press('Enter')
    await panel.getByTestId('phone-customer-message').filter({ hasText: 'oi' }).first().waitFor()
    // Neither has an orderQueue: by name.
    try {
      await platform('2 - Vendas')
    } catch (err) {
      await app.shot(p, 'queues-failed-menu')
      throw err
    }
    await box.fill('2')
    await box.press('Enter')
    await platform('1 - Planos')
    await box.fill('1')
    await box.press('Enter')
    await platform('Um vendedor já vai falar sobre os planos')
    await app.shot(p, 'queues-03-phone')

    const number = (await panel.getByLabel('Número do cliente').inputValue()).replace(/\D/g, '')
    const contact = await app.t.db('contacts').where({ number }).first('id')
    const ticket = await app.t.db('tickets').where({ contactId: contact.id }).first()
    expect(ticket).toMatchObject({ status: 'pending', queueId: vendas.id, chatbot: false })
  }, 120_000)
})
