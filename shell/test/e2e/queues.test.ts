/**
 * Queues in a real browser: the admin sets up two queues on /queues (Vendas with a chatbot option),
 * and, in a company of its own with such queues made through the API and linked to a simulator
 * connection, a customer walks the menu from the simulator phone panel; the ticket ends pending in
 * the chosen queue (checked through the API). The queue dialog picks the queue's integration and
 * prompt (kept when reopened, cleared to null), and hides the prompt select on a plan without useOpenAi.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { SUPER, superHeaders } from '@atende/kernel/testing'
import { aCompany, canRun, openBrowserApp, type BrowserApp } from './support.ts'

let app: BrowserApp

/** A queue made through the API with `headers`, and its top-level chatbot options in order. */
async function aQueue(
  headers: { authorization: string },
  queue: { name: string; color: string; greetingMessage: string },
  options: { title: string; message: string }[] = [],
) {
  const q = (await app.call('POST', '/api/queue', headers, queue)) as { id: number; name: string }
  for (const o of options) await app.call('POST', '/api/queue-options', headers, { queueId: q.id, parentId: -1, ...o })
  return q
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
  // A failed test leaves screenshots of its pages, and its contexts closed.
  afterEach((ctx) => app.settle('queues', ctx.task))

  it('sets up two queues on /queues, Vendas with a chatbot option', async () => {
    const { page: p, context } = await app.signedIn(SUPER)
    await p
      .getByRole('navigation', { name: 'menu' })
      .getByRole('link', { name: 'Filas & Chatbot' })
      .click({ timeout: 15_000 })
    await p.getByText('Nenhuma fila cadastrada.').waitFor({ timeout: 15_000 })

    // A blank name is required, not "too short"; a short one names the limit; the box holds 50.
    await p.getByRole('button', { name: 'Adicionar fila' }).click()
    const first = p.getByRole('dialog')
    await first.getByRole('button', { name: 'Salvar' }).click()
    await first.getByText('Obrigatório').waitFor()
    await first.getByLabel('Nome', { exact: true }).fill('V')
    await first.getByRole('button', { name: 'Salvar' }).click()
    await first.getByText('Muito curto! (mínimo 2 caracteres)').waitFor()
    expect(await first.getByLabel('Nome', { exact: true }).getAttribute('maxlength')).toBe('50')
    await p.keyboard.press('Escape')
    await first.waitFor({ state: 'detached' })

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

    // What the chatbot will read: both queues, Vendas with its option at the top level.
    const queues: { id: number; name: string; color: string; greetingMessage: string }[] = await app.callAs(
      p,
      'GET',
      '/api/queue',
    )
    expect(queues.map(({ name, color, greetingMessage }) => ({ name, color, greetingMessage }))).toEqual(
      expect.arrayContaining([
        { name: 'Vendas', color: '#e53935', greetingMessage: 'Vendas aqui' },
        { name: 'Suporte', color: '#43a047', greetingMessage: 'Suporte aqui' },
      ]),
    )
    const vendas = queues.find((q) => q.name === 'Vendas')!
    const options = await app.callAs(p, 'GET', `/api/queue-options?queueId=${vendas.id}&parentId=-1`)
    expect(options).toEqual([
      expect.objectContaining({ title: 'Planos', message: 'Um vendedor já vai falar sobre os planos', option: 1 }),
    ])
    await context.close()
  }, 60_000)

  it('walks the chatbot menu from the simulator phone; the ticket ends pending in the chosen queue', async () => {
    const admin = await aCompany(app, 'Filas & Cia')
    // The admin's own API session: their UI login below ends it, which setup no longer needs.
    const h = { authorization: `Bearer ${(await app.api(admin.cnpj, admin.email, admin.password)).token}` }
    const vendas = await aQueue(h, { name: 'Vendas', color: '#e53935', greetingMessage: 'Vendas aqui' }, [
      { title: 'Planos', message: 'Um vendedor já vai falar sobre os planos' },
    ])
    const suporte = await aQueue(h, { name: 'Suporte', color: '#43a047', greetingMessage: 'Suporte aqui' })
    const w = await app.call('POST', '/api/whatsapp', h, {
      name: 'Loja Filas',
      provider: 'simulator',
      greetingMessage: 'Bem-vindo!',
      queueIds: [vendas.id, suporte.id],
    })
    await app.call('POST', `/api/simulator/${w.id}/scan`, h, {})

    const { page: p, context } = await app.signedIn(admin, '/connections')
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
    await platform('2 - Vendas')
    await box.fill('2')
    await box.press('Enter')
    await platform('1 - Planos')
    await box.fill('1')
    await box.press('Enter')
    await platform('Um vendedor já vai falar sobre os planos')
    await app.shot(p, 'queues-03-phone')

    const number = (await panel.getByLabel('Número do cliente').inputValue()).replace(/\D/g, '')
    const contact = await app.t.db('contacts').where({ companyId: admin.id, number }).first('id')
    const ticket = await app.t.db('tickets').where({ contactId: contact.id }).first()
    expect(ticket).toMatchObject({ status: 'pending', queueId: vendas.id, chatbot: false })
    await context.close()
  }, 120_000)

  it("picks the queue's integration and prompt, keeps them when reopened, clears one, and refuses a deleted one", async () => {
    const admin = await aCompany(app, 'Filas com bots')
    const h = { authorization: `Bearer ${(await app.api(admin.cnpj, admin.email, admin.password)).token}` }
    const queue = await aQueue(h, { name: 'Robôs', color: '#8e24aa', greetingMessage: 'Olá' })
    const { integration, prompt } = await bots(h, queue.id)

    const { page: p, context } = await app.signedIn(admin, '/queues')
    const open = async () => {
      await p.getByRole('button', { name: 'Editar Robôs' }).click({ timeout: 15_000 })
      const dialog = p.getByRole('dialog')
      await dialog.getByRole('heading', { name: 'Editar fila' }).waitFor()
      await dialog.getByRole('option', { name: integration.name }).waitFor({ state: 'attached' })
      await dialog.getByRole('option', { name: prompt.name }).waitFor({ state: 'attached' })
      return dialog
    }
    let dialog = await open()
    expect(await dialog.getByLabel('Integração').inputValue()).toBe('')
    expect(await dialog.getByLabel('Prompt').inputValue()).toBe('')
    await dialog.getByLabel('Integração').selectOption({ label: integration.name })
    await dialog.getByLabel('Prompt').selectOption({ label: prompt.name })
    await app.shot(p, 'queues-04-bots')
    await dialog.getByRole('button', { name: 'Salvar' }).click()
    await dialog.waitFor({ state: 'detached' })
    expect(await app.callAs(p, 'GET', `/api/queue/${queue.id}`)).toMatchObject({
      integrationId: integration.id,
      promptId: prompt.id,
    })

    // Reopened: both kept; the prompt cleared sends null.
    dialog = await open()
    expect(await dialog.getByLabel('Integração').inputValue()).toBe(String(integration.id))
    expect(await dialog.getByLabel('Prompt').inputValue()).toBe(String(prompt.id))
    await dialog.getByLabel('Prompt').selectOption({ label: 'Sem prompt' })
    await dialog.getByRole('button', { name: 'Salvar' }).click()
    await dialog.waitFor({ state: 'detached' })
    expect(await app.callAs(p, 'GET', `/api/queue/${queue.id}`)).toMatchObject({
      integrationId: integration.id,
      promptId: null,
    })

    // A prompt deleted while a queue still names it: the choice reads as not found, and is refused until cleared.
    const gone = await app.callAs(p, 'POST', '/api/prompt', {
      name: 'Assistente antigo',
      prompt: 'Você é o assistente antigo: responda com educação e em poucas frases, sempre em português.',
      apiKey: 'sk-teste-0123456789abcdef',
      queueId: queue.id,
    })
    await app.callAs(p, 'PUT', `/api/queue/${queue.id}`, { promptId: gone.id })
    await app.callAs(p, 'DELETE', `/api/prompt/${gone.id}`)
    dialog = await open()
    await dialog.getByRole('option', { name: `Nº ${gone.id} (não encontrado)` }).waitFor({ state: 'attached' })
    expect(await dialog.getByLabel('Prompt').inputValue()).toBe(String(gone.id))
    await dialog.getByRole('button', { name: 'Salvar' }).click()
    await dialog.getByText('Este registro não existe mais. Escolha outro.').waitFor()
    await dialog.getByLabel('Prompt').selectOption({ label: 'Sem prompt' })
    await dialog.getByRole('button', { name: 'Salvar' }).click()
    await dialog.waitFor({ state: 'detached' })
    expect((await app.callAs(p, 'GET', `/api/queue/${queue.id}`)).promptId).toBeNull()
    await context.close()
  })

  it('hides the prompt select when the plan lacks OpenAI', async () => {
    const su = await superHeaders(app.t.app)
    const plan = await app.call('POST', '/api/plans', su, {
      name: 'Filas sem OpenAI',
      users: 0,
      connections: 0,
      queues: 0,
      value: 0,
      useOpenAi: false,
    })
    const admin = await aCompany(app, 'Filas sem OpenAI', { planId: plan.id })
    const h = { authorization: `Bearer ${(await app.api(admin.cnpj, admin.email, admin.password)).token}` }
    await aQueue(h, { name: 'Humanos', color: '#6d4c41', greetingMessage: 'Olá' })

    const { page: p, context } = await app.signedIn(admin, '/queues')
    const refused = p.waitForResponse((r) => new URL(r.url()).pathname === '/api/prompt')
    await p.getByRole('button', { name: 'Editar Humanos' }).click({ timeout: 15_000 })
    expect((await refused).status()).toBe(403)
    const dialog = p.getByRole('dialog')
    await dialog.getByLabel('Integração').waitFor()
    await dialog.getByLabel('Prompt').waitFor({ state: 'detached' })
    await context.close()
  })
})

/** A Dialogflow integration and a prompt (on `queueId`) of the company of `h`, made through the API. */
async function bots(h: { authorization: string }, queueId: number) {
  const integration = (await app.call('POST', '/api/queueIntegration', h, {
    type: 'dialogflow',
    name: 'Agente Google',
    projectName: 'projeto-123',
    jsonContent: JSON.stringify({ client_email: 'bot@projeto.iam.gserviceaccount.com', private_key: 'chave' }),
    language: 'pt-BR',
  })) as { id: number; name: string }
  const prompt = (await app.call('POST', '/api/prompt', h, {
    name: 'Assistente da fila',
    prompt: 'Você é o assistente da fila: responda com educação e em poucas frases, sempre em português.',
    apiKey: 'sk-teste-0123456789abcdef',
    queueId,
  })) as { id: number; name: string }
  return { integration, prompt }
}
