/**
 * modules/prompts in a real browser against the real kernel: an
 * admin opens /prompts from the drawer, meets the form's rules, adds a prompt with
 * its defaults, edits it (the stored key is never shown back: its mask is the placeholder and an empty
 * box keeps it), adds a spoken one and deletes it after the confirmation; the list follows prompts
 * changed through the API; a plan that loses useOpenAi sends the open page home, then has no menu
 * item and refuses /prompts. Each test makes its own company and signs in its own page.
 */
import { readFileSync } from 'node:fs'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { superHeaders } from '@atende/kernel/testing'
import { aCompany, canRun, DESKTOP, openBrowserApp, PHONE, type Account, type BrowserApp } from './support.ts'
import { initialValues, promptErrors } from '../../../modules/prompts/src/rules.ts'

let app: BrowserApp

beforeAll(async () => {
  if (!canRun) return
  app = await openBrowserApp()
}, 240_000)
afterAll(async () => {
  await app?.close()
})

const drawer = (p: Page) => p.getByRole('navigation', { name: 'menu' })
const row = (p: Page, name: string) => p.getByRole('row').filter({ hasText: name })
const PROMPT_TEXT = 'Você é o assistente da loja: responda com educação e em poucas frases, sempre em português.'
const API_KEY = 'sk-teste-0123456789abcdef'

/** A queue of `who`'s company, made through the API (a prompt needs one). */
async function aQueue(who: Account, name: string) {
  const h = { authorization: `Bearer ${(await app.api(who.cnpj, who.email, who.password)).token}` }
  return (await app.call('POST', '/api/queue', h, { name, color: '#1e88e5', greetingMessage: 'Olá' })) as {
    id: number
    name: string
  }
}

describe('prompts module rules (no browser)', () => {
  it('checks the form', () => {
    const ok = { ...initialValues(null), name: 'Assistente', prompt: PROMPT_TEXT, apiKey: API_KEY, queueId: '3' }
    expect(promptErrors(ok, null)).toEqual({})
    expect(promptErrors(initialValues(null), null)).toEqual({
      name: 'validation.required',
      prompt: 'validation.required',
      apiKey: 'validation.required',
      queueId: 'prompts.validation.queue',
    })
    expect(promptErrors({ ...ok, name: 'Abcd', prompt: 'curto' }, null)).toMatchObject({
      name: { key: 'validation.tooShort', values: { min: 5 } },
      prompt: 'prompts.validation.promptShort',
    })
    expect(promptErrors({ ...ok, temperature: '0.25' }, null).temperature).toBe('prompts.validation.temperature')
    expect(promptErrors({ ...ok, temperature: '0.3' }, null).temperature).toBeUndefined()
    expect(promptErrors({ ...ok, maxTokens: '0', maxMessages: '51' }, null)).toMatchObject({
      maxTokens: { key: 'prompts.validation.wholeNumber', values: { max: 4096 } },
      maxMessages: { key: 'prompts.validation.wholeNumber', values: { max: 50 } },
    })
    // A spoken voice needs its key and region; a stored key is kept when the box stays empty.
    const voiced = { ...ok, voice: 'pt-BR-FranciscaNeural' }
    expect(promptErrors(voiced, null)).toMatchObject({
      voiceKey: 'validation.required',
      voiceRegion: 'validation.required',
    })
    const stored = { apiKeySet: true, voiceKeySet: true } as Parameters<typeof promptErrors>[1]
    expect(promptErrors({ ...voiced, apiKey: '', voiceRegion: 'brazilsouth' }, stored)).toEqual({})
    expect(initialValues(null)).toMatchObject({
      model: 'gpt-3.5-turbo-1106',
      maxTokens: '100',
      temperature: '1',
      maxMessages: '10',
      voice: 'texto',
    })
  })

  it('has the same keys in pt, en and es', () => {
    const keys = (o: Record<string, unknown>, p = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) =>
        v && typeof v === 'object' ? keys(v as Record<string, unknown>, `${p}${k}.`) : [`${p}${k}`],
      )
    const load = (lng: string) =>
      JSON.parse(readFileSync(new URL(`../../../modules/prompts/src/i18n/${lng}.json`, import.meta.url), 'utf8'))
    const [pt, en, es] = ['pt', 'en', 'es'].map(load)
    expect(keys(en).sort()).toEqual(keys(pt).sort())
    expect(keys(es).sort()).toEqual(keys(pt).sort())
  })
})

describe.skipIf(!canRun)('prompts in a browser', () => {
  afterEach((ctx) => app.settle('prompts', ctx.task))

  it('adds, edits and deletes prompts from the drawer, with the form rules and the kept key', async () => {
    const co = await aCompany(app, 'Empresa Prompts')
    const queue = await aQueue(co, 'Atendimento IA')
    const { page: p, context } = await app.signedIn(co)

    await drawer(p).getByRole('link', { name: 'Prompts' }).click({ timeout: 15_000 })
    await p.waitForURL(/\/prompts$/)
    await p.getByText('Nenhum prompt cadastrado.').waitFor({ timeout: 15_000 })

    // The rules, then the defaults.
    await p.getByRole('button', { name: 'Adicionar prompt' }).click()
    let dialog = p.getByRole('dialog')
    await dialog.getByRole('heading', { name: 'Adicionar prompt' }).waitFor()
    expect(await dialog.getByLabel('Modelo').inputValue()).toBe('gpt-3.5-turbo-1106')
    expect(await dialog.getByLabel('Máximo de tokens', { exact: true }).inputValue()).toBe('100')
    expect(await dialog.getByLabel('Temperatura').inputValue()).toBe('1')
    expect(await dialog.getByLabel('Máximo de mensagens', { exact: true }).inputValue()).toBe('10')
    expect(await dialog.getByLabel('Voz').inputValue()).toBe('texto')
    await dialog.getByRole('option', { name: queue.name }).waitFor({ state: 'attached' })
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click()
    await dialog.getByText('Informe o setor').waitFor()
    expect(await dialog.getByText('Obrigatório').count()).toBe(3)
    await dialog.getByLabel('Nome', { exact: true }).fill('Bot')
    await dialog.getByLabel('Prompt', { exact: true }).fill('Responda bem.')
    await dialog.getByLabel('Temperatura').fill('1.5')
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click()
    await dialog.getByText('Muito curto! (mínimo 5 caracteres)').waitFor()
    await dialog.getByText('O prompt deve ter pelo menos 50 caracteres.').waitFor()
    await dialog.getByText('Use um valor de 0 a 1, de 0,1 em 0,1.').waitFor()

    // The key is typed hidden; the toggle shows it.
    const key = dialog.getByLabel('Chave da API', { exact: true })
    expect(await key.getAttribute('type')).toBe('password')
    await dialog.getByRole('button', { name: 'Mostrar Chave da API' }).click()
    expect(await key.getAttribute('type')).toBe('text')
    await dialog.getByRole('button', { name: 'Ocultar Chave da API' }).click()
    expect(await key.getAttribute('type')).toBe('password')

    await dialog.getByLabel('Nome', { exact: true }).fill('Assistente de vendas')
    await dialog.getByLabel('Prompt', { exact: true }).fill(PROMPT_TEXT)
    await dialog.getByLabel('Temperatura').fill('0.7')
    await key.fill(API_KEY)
    await dialog.getByLabel('Setor').selectOption({ label: queue.name })
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click()
    await p.getByText('Prompt salvo com sucesso!').first().waitFor()
    await dialog.waitFor({ state: 'detached' })
    const r = row(p, 'Assistente de vendas')
    await r.getByRole('cell', { name: queue.name }).waitFor()
    await r.getByRole('cell', { name: '100', exact: true }).waitFor()
    await p.getByTestId('prompts-count').getByText('1 prompt').waitFor()

    const { prompts } = await app.callAs(p, 'GET', '/api/prompt')
    expect(prompts).toHaveLength(1)
    const made = prompts[0]
    expect(made).toMatchObject({
      name: 'Assistente de vendas',
      prompt: PROMPT_TEXT,
      model: 'gpt-3.5-turbo-1106',
      maxTokens: 100,
      temperature: 0.7,
      maxMessages: 10,
      voice: 'texto',
      queueId: queue.id,
      apiKey: '',
      apiKeySet: true,
    })
    expect(made.apiKeyMask).not.toBe('')
    await app.shot(p, 'prompts-01-list')

    // Edit: the key box is empty with the stored key's mask; left empty, the key is kept.
    await r.getByRole('button', { name: 'Editar Assistente de vendas' }).click()
    dialog = p.getByRole('dialog')
    await dialog.getByRole('heading', { name: 'Editar prompt' }).waitFor()
    expect(await dialog.getByLabel('Chave da API', { exact: true }).inputValue()).toBe('')
    expect(await dialog.getByLabel('Chave da API', { exact: true }).getAttribute('placeholder')).toBe(made.apiKeyMask)
    await dialog.getByText('Uma chave já está guardada. Deixe em branco para mantê-la.').waitFor()
    expect(await dialog.getByLabel('Temperatura').inputValue()).toBe('0.7')
    expect(await dialog.getByLabel('Setor').inputValue()).toBe(String(queue.id))
    await dialog.getByLabel('Nome', { exact: true }).fill('Assistente comercial')
    await dialog.getByLabel('Modelo').selectOption('gpt-4o-mini')
    await dialog.getByLabel('Máximo de tokens', { exact: true }).fill('250')
    await app.shot(p, 'prompts-02-edit')
    await dialog.getByRole('button', { name: 'Salvar' }).click()
    await dialog.waitFor({ state: 'detached' })
    await row(p, 'Assistente comercial').getByRole('cell', { name: '250', exact: true }).waitFor()
    expect(await row(p, 'Assistente de vendas').count()).toBe(0)
    const edited = await app.callAs(p, 'GET', `/api/prompt/${made.id}`)
    expect(edited).toMatchObject({ model: 'gpt-4o-mini', maxTokens: 250, apiKeySet: true, apiKeyMask: made.apiKeyMask })

    // A spoken prompt: its voice needs the Azure key and region.
    await p.getByRole('button', { name: 'Adicionar prompt' }).click()
    dialog = p.getByRole('dialog')
    await dialog.getByLabel('Nome', { exact: true }).fill('Assistente falante')
    await dialog.getByLabel('Prompt', { exact: true }).fill(PROMPT_TEXT)
    await dialog.getByLabel('Chave da API', { exact: true }).fill(API_KEY)
    await dialog.getByRole('option', { name: queue.name }).waitFor({ state: 'attached' })
    await dialog.getByLabel('Setor').selectOption({ label: queue.name })
    await dialog.getByLabel('Voz').selectOption({ label: 'Francisca' })
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click()
    expect(await dialog.getByText('Obrigatório').count()).toBe(2)
    await dialog.getByLabel('Chave da voz', { exact: true }).fill('azure-chave-123456')
    await dialog.getByLabel('Região da voz').fill('brazilsouth')
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click()
    await dialog.waitFor({ state: 'detached' })
    await row(p, 'Assistente falante').waitFor()
    const spoken = (await app.callAs(p, 'GET', '/api/prompt')).prompts.find(
      (x: { name: string }) => x.name === 'Assistente falante',
    )
    expect(spoken).toMatchObject({ voice: 'pt-BR-FranciscaNeural', voiceKeySet: true, voiceRegion: 'brazilsouth' })

    // Delete, after the confirmation.
    await row(p, 'Assistente falante').getByRole('button', { name: 'Excluir Assistente falante' }).click()
    dialog = p.getByRole('dialog')
    await dialog.getByText('Excluir Assistente falante?').waitFor()
    await dialog.getByRole('button', { name: 'Excluir', exact: true }).click()
    await p.getByText('Prompt excluído com sucesso!').waitFor()
    await row(p, 'Assistente falante').waitFor({ state: 'detached' })
    const left = (await app.callAs(p, 'GET', '/api/prompt')).prompts as { name: string }[]
    expect(left.map((x) => x.name)).toEqual(['Assistente comercial'])
    await context.close()
  })

  it('follows prompts changed through the API', async () => {
    const co = await aCompany(app, 'Empresa Prompts ao vivo')
    const queue = await aQueue(co, 'Suporte IA')
    const { page: p, context } = await app.signedIn(co, '/prompts')
    await p.getByText('Nenhum prompt cadastrado.').waitFor({ timeout: 15_000 })

    const body = { name: 'Assistente externo', prompt: PROMPT_TEXT, apiKey: API_KEY, queueId: queue.id }
    const made = await app.callAs(p, 'POST', '/api/prompt', body)
    await row(p, 'Assistente externo').getByRole('cell', { name: queue.name }).waitFor()
    // On a phone the max-tokens column steps aside; the actions stay.
    await p.setViewportSize(PHONE)
    await row(p, 'Assistente externo').getByRole('button', { name: 'Editar Assistente externo' }).waitFor()
    expect(await p.getByRole('columnheader', { name: 'Máximo de tokens' }).isVisible()).toBe(false)
    await app.shot(p, 'prompts-03-phone')
    await p.setViewportSize(DESKTOP)
    await app.callAs(p, 'PUT', `/api/prompt/${made.id}`, { ...body, name: 'Assistente renomeado', apiKey: '' })
    await row(p, 'Assistente renomeado').waitFor()
    expect(await row(p, 'Assistente externo').count()).toBe(0)
    await app.callAs(p, 'DELETE', `/api/prompt/${made.id}`)
    await p.getByText('Nenhum prompt cadastrado.').waitFor()
    await context.close()
  })

  it('goes home when the plan loses OpenAI; then has no menu item, and /prompts is refused', async () => {
    const su = await superHeaders(app.t.app)
    const plan = await app.call('POST', '/api/plans', su, {
      name: 'Plano OpenAI',
      users: 0,
      connections: 0,
      queues: 0,
      value: 0,
    })
    const co = await aCompany(app, 'Empresa perde OpenAI', { planId: plan.id })
    const queue = await aQueue(co, 'Vendas IA')
    const { page: p, context } = await app.signedIn(co, '/prompts')
    await app.callAs(p, 'POST', '/api/prompt', {
      name: 'Assistente',
      prompt: PROMPT_TEXT,
      apiKey: API_KEY,
      queueId: queue.id,
    })
    const r = row(p, 'Assistente')
    await r.waitFor({ timeout: 15_000 })

    // The plan loses the feature while the page is open: the next write says so and the page goes home.
    await app.call('PUT', `/api/plans/${plan.id}`, su, { useOpenAi: false })
    await r.getByRole('button', { name: 'Excluir Assistente' }).click()
    await p.getByRole('dialog').getByRole('button', { name: 'Excluir', exact: true }).click()
    const notice = p.getByText(
      'Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.',
    )
    await notice.first().waitFor()
    await p.waitForURL((u) => u.pathname === '/' || u.pathname === '/tickets', { timeout: 10_000 })

    // Signed in afresh: no menu item (the admin section is there, without Prompts), and /prompts is refused.
    await context.close()
    const again = await app.signedIn(co)
    await drawer(again.page).getByRole('link', { name: 'Filas & Chatbot' }).waitFor({ timeout: 15_000 })
    expect(await drawer(again.page).getByRole('link', { name: 'Prompts' }).count()).toBe(0)
    await again.page.goto(`${app.base}/prompts`)
    await again.page
      .getByText('Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.')
      .first()
      .waitFor()
    await again.page.waitForURL((u) => u.pathname === '/' || u.pathname === '/tickets', { timeout: 10_000 })
    await again.context.close()
  })
})
