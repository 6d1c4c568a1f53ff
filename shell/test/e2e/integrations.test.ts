/**
 * modules/integrations in a real browser against the real kernel: an admin opens the screen from
 * the drawer, sees it empty, adds an n8n
 * integration through the name rules and reads its signing secret, edits it, adds a Typebot one (the
 * slug required) and a flowbuilder one on a flow made through the API, deletes one, and a private URL
 * is refused with its translated message; the list follows changes made elsewhere; a plan that loses
 * the feature sends the page home; a Dialogflow agent is tested against a local fake Google (token
 * endpoint and detectIntent), with a typed key and with the stored one, and each refusal is shown
 * translated with the server's reason. Each test makes its own company and signs in its own page.
 */
// The integrations take tenant URLs only when public; the loopback URLs these tests use are let past
// (the browser app runs in this process). Set before the app starts.
process.env.OUTBOUND_ALLOWED_HOSTS = '127.0.0.1'

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { superHeaders } from '@atende/kernel/testing'
import { aCompany, canRun, openBrowserApp, type BrowserApp } from './support.ts'
import { matchesSearch, nameError } from '../../../modules/integrations/src/validation.ts'
import { fakeDialogflow, said, serviceAccount } from '../../../plugins/integrations/test/fakes/dialogflow.ts'

let app: BrowserApp
/** Google as the Dialogflow client sees it in these tests (plugins/integrations dialogflow.ts reads the env per call). */
const google = fakeDialogflow()

beforeAll(async () => {
  if (!canRun) return
  const url = await google.start()
  process.env.DIALOGFLOW_BASE_URL = url
  process.env.DIALOGFLOW_TOKEN_URL = `${url}/token`
  process.env.DIALOGFLOW_TIMEOUT_MS = '1000'
  process.env.DIALOGFLOW_RETRY_MS = '0'
  app = await openBrowserApp()
}, 240_000)
afterAll(async () => {
  await app?.close()
  await google.close()
})

const drawer = (p: Page) => p.getByRole('navigation', { name: 'menu' })
const row = (p: Page, name: string) => p.getByRole('row').filter({ hasText: name })
const N8N_URL = 'http://127.0.0.1:5678/webhook/x'

describe('integrations module rules (no browser)', () => {
  it('checks the name', () => {
    expect(nameError('')).toBe('integrations.validation.required')
    expect(nameError('  ')).toBe('integrations.validation.required')
    expect(nameError(' a ')).toEqual({ key: 'validation.tooShort', values: { min: 2 } })
    expect(nameError('x'.repeat(51))).toEqual({ key: 'validation.tooLong', values: { max: 50 } })
    expect(nameError('x'.repeat(50))).toBeNull()
    expect(matchesSearch({ name: 'Bot de Vendas' }, 'vendas')).toBe(true)
    expect(matchesSearch({ name: 'Bot de Vendas' }, 'suporte')).toBe(false)
  })
})

describe.skipIf(!canRun)('queue integrations in a browser', () => {
  afterEach((ctx) => app.settle('integrations', ctx.task))

  it('adds, edits and deletes integrations of each kind from the drawer', async () => {
    const co = await aCompany(app, 'Empresa Integrações')
    const { page: p, context } = await app.signedIn(co)

    // From the drawer (admin section) to the empty list.
    await drawer(p).getByRole('link', { name: 'Integrações' }).click({ timeout: 15_000 })
    await p.waitForURL(/\/queue-integration$/)
    await p.getByText('Nenhuma integração cadastrada.').waitFor({ timeout: 15_000 })

    // n8n through the name rules; the URL required too.
    await p.getByRole('button', { name: 'Adicionar projeto' }).click()
    let dialog = p.getByRole('dialog')
    await dialog.getByRole('heading', { name: 'Adicionar projeto' }).waitFor()
    expect(await dialog.getByLabel('Tipo').inputValue()).toBe('n8n')
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click()
    await dialog.getByText('Required').first().waitFor()
    expect(await dialog.getByText('Required').count()).toBe(2)
    await dialog.getByLabel('Nome', { exact: true }).fill('A')
    await dialog.getByLabel('URL', { exact: true }).fill(N8N_URL)
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click()
    await dialog.getByText('Muito curto! (mínimo 2 caracteres)').waitFor()
    // The box holds the server's 50 and says so when more is put in (nothing is cut silently).
    await dialog.getByLabel('Nome', { exact: true }).fill('x'.repeat(51))
    await p.getByText('Texto cortado: este campo aceita no máximo 50 caracteres.').waitFor()
    expect(await dialog.getByLabel('Nome', { exact: true }).inputValue()).toBe('x'.repeat(50))
    await dialog.getByLabel('Nome', { exact: true }).fill('Automação N8N')
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click()
    await p.getByText('Integração adicionada com sucesso.').waitFor()

    // It stays open on the signing secret, the one the API keeps.
    const secretBox = dialog.getByTestId('integration-secret')
    await secretBox.waitFor()
    await secretBox.getByText('X-Atende-Signature').waitFor()
    const listed = await app.callAs(p, 'GET', '/api/queueIntegration')
    expect(listed.queueIntegrations).toHaveLength(1)
    const n8n = listed.queueIntegrations[0]
    expect(n8n).toMatchObject({ type: 'n8n', name: 'Automação N8N', projectName: 'Automação N8N', urlN8N: N8N_URL })
    expect(n8n.secret).toMatch(/^[0-9a-f]{48}$/)
    expect(await secretBox.getByLabel('Chave de assinatura').inputValue()).toBe(n8n.secret)
    await app.shot(p, 'integrations-00-secret')
    await dialog.getByRole('button', { name: 'Concluir' }).click()
    await dialog.waitFor({ state: 'detached' })
    const n8nRow = row(p, 'Automação N8N')
    await n8nRow.waitFor()
    await n8nRow.getByTestId('integration-type-n8n').waitFor()
    await n8nRow.getByRole('cell', { name: String(n8n.id), exact: true }).waitFor()
    await app.shot(p, 'integrations-01-list')

    // A private address is refused, with the translated message on the URL.
    await p.getByRole('button', { name: 'Adicionar projeto' }).click()
    dialog = p.getByRole('dialog')
    await dialog.getByLabel('Tipo').selectOption('webhook')
    await dialog.getByLabel('Nome', { exact: true }).fill('Interno')
    await dialog.getByLabel('URL', { exact: true }).fill('http://10.0.0.5/x')
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click()
    await dialog.getByText(/Endereço recusado: use uma URL http ou https pública/).waitFor()
    expect(await dialog.getByLabel('URL', { exact: true }).getAttribute('aria-invalid')).toBe('true')
    await dialog.getByRole('button', { name: 'Cancelar' }).click()
    await dialog.waitFor({ state: 'detached' })

    // Edit: the secret shows; the new name is listed.
    await n8nRow.getByRole('button', { name: 'Editar Automação N8N' }).click()
    dialog = p.getByRole('dialog')
    await dialog.getByRole('heading', { name: 'Editar projeto' }).waitFor()
    expect(await dialog.getByLabel('URL', { exact: true }).inputValue()).toBe(N8N_URL)
    expect(await dialog.getByLabel('Chave de assinatura').inputValue()).toBe(n8n.secret)
    await dialog.getByLabel('Nome', { exact: true }).fill('N8N Vendas')
    await dialog.getByRole('button', { name: 'Salvar' }).click()
    await p.getByText('Integração editada com sucesso.').waitFor()
    await dialog.waitFor({ state: 'detached' })
    await row(p, 'N8N Vendas').waitFor()
    expect(await row(p, 'Automação N8N').count()).toBe(0)

    // Typebot: the slug is required; the defaults are kept.
    await p.getByRole('button', { name: 'Adicionar projeto' }).click()
    dialog = p.getByRole('dialog')
    await dialog.getByLabel('Tipo').selectOption({ label: 'Typebot' })
    await dialog.getByLabel('Nome', { exact: true }).fill('Bot de boas-vindas')
    await dialog.getByLabel('URL', { exact: true }).fill('http://127.0.0.1:8081')
    expect(await dialog.getByLabel('Expiração (minutos)').inputValue()).toBe('1')
    expect(await dialog.getByLabel('Intervalo entre mensagens (ms)').inputValue()).toBe('1000')
    await dialog.getByLabel('Palavra para finalizar o ticket').fill('#sair')
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click()
    await dialog.getByText('Required').waitFor()
    await dialog.getByLabel('Typebot - Slug').fill('boas-vindas')
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click()
    await p.getByText('Integração adicionada com sucesso.').first().waitFor()
    await dialog.waitFor({ state: 'detached' })
    await row(p, 'Bot de boas-vindas').getByTestId('integration-type-typebot').waitFor()

    // Flowbuilder on a flow made through the API.
    const flow = await app.callAs(p, 'POST', '/api/flowbuilder', { name: 'Fluxo de entrada' })
    await p.getByRole('button', { name: 'Adicionar projeto' }).click()
    dialog = p.getByRole('dialog')
    await dialog.getByLabel('Tipo').selectOption({ label: 'Fluxo' })
    await dialog.getByLabel('Nome', { exact: true }).fill('Fluxo na fila')
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click()
    await dialog.getByText('Required').waitFor()
    await dialog.getByRole('option', { name: 'Fluxo de entrada' }).waitFor({ state: 'attached' })
    await dialog.getByLabel('Fluxo', { exact: true }).selectOption({ label: 'Fluxo de entrada' })
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click()
    await dialog.waitFor({ state: 'detached' })
    await row(p, 'Fluxo na fila').getByTestId('integration-type-flowbuilder').waitFor()

    const all = (await app.callAs(p, 'GET', '/api/queueIntegration')).queueIntegrations as Array<
      Record<string, unknown>
    >
    expect(all.find((r) => r.name === 'Bot de boas-vindas')).toMatchObject({
      type: 'typebot',
      typebotSlug: 'boas-vindas',
      typebotExpires: 1,
      typebotDelayMessage: 1000,
      typebotKeywordFinish: '#sair',
    })
    expect(all.find((r) => r.name === 'Fluxo na fila')).toMatchObject({ type: 'flowbuilder', flowId: flow.id })
    await app.shot(p, 'integrations-02-kinds')

    // Delete, after the confirmation.
    await row(p, 'Bot de boas-vindas').getByRole('button', { name: 'Excluir Bot de boas-vindas' }).click()
    dialog = p.getByRole('dialog')
    await dialog.getByText('Excluir Bot de boas-vindas?').waitFor()
    await dialog.getByRole('button', { name: 'Excluir', exact: true }).click()
    await p.getByText('Integração excluída com sucesso.').waitFor()
    await row(p, 'Bot de boas-vindas').waitFor({ state: 'detached' })
    const left = (await app.callAs(p, 'GET', '/api/queueIntegration')).queueIntegrations as Array<{ name: string }>
    expect(left.map((r) => r.name).sort()).toEqual(['Fluxo na fila', 'N8N Vendas'])

    // Search.
    await p.getByRole('searchbox').fill('vendas')
    await row(p, 'Fluxo na fila').waitFor({ state: 'detached' })
    await row(p, 'N8N Vendas').waitFor()
    await context.close()
  })

  it('follows changes made elsewhere and goes home when the plan loses the feature', async () => {
    const su = await superHeaders(app.t.app)
    const plan = await app.call('POST', '/api/plans', su, {
      name: 'Plano integrações',
      users: 0,
      connections: 0,
      queues: 0,
      value: 0,
    })
    const co = await aCompany(app, 'Empresa Integrações ao vivo', { planId: plan.id })
    const { page: p, context } = await app.signedIn(co, '/queue-integration')
    await p.getByText('Nenhuma integração cadastrada.').waitFor({ timeout: 15_000 })

    // Created, edited and deleted through the API: the list follows the company's events.
    const made = await app.callAs(p, 'POST', '/api/queueIntegration', {
      type: 'webhook',
      name: 'Gancho externo',
      urlN8N: 'http://127.0.0.1:9000/hook',
    })
    await row(p, 'Gancho externo').getByTestId('integration-type-webhook').waitFor()
    await app.callAs(p, 'PUT', `/api/queueIntegration/${made.id}`, {
      type: 'webhook',
      name: 'Gancho renomeado',
      urlN8N: 'http://127.0.0.1:9000/hook',
    })
    await row(p, 'Gancho renomeado').waitFor()
    // The edit dialog reads the secret afresh (the frames leave it out).
    await row(p, 'Gancho renomeado').getByRole('button', { name: 'Editar Gancho renomeado' }).click()
    const dialog = p.getByRole('dialog')
    await expect
      .poll(() => dialog.getByLabel('Chave de assinatura').inputValue(), { timeout: 10_000 })
      .toBe(made.secret)
    await dialog.getByRole('button', { name: 'Cancelar' }).click()
    await dialog.waitFor({ state: 'detached' })
    await app.callAs(p, 'DELETE', `/api/queueIntegration/${made.id}`)
    await p.getByText('Nenhuma integração cadastrada.').waitFor()

    // The plan loses the feature: the next read says so and the page goes home after 1 s.
    await app.call('PUT', `/api/plans/${plan.id}`, su, { useIntegrations: false })
    await p.getByRole('searchbox').fill('x')
    await p
      .getByText('Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.')
      .first()
      .waitFor()
    await p.waitForURL((u) => u.pathname === '/' || u.pathname === '/tickets', { timeout: 10_000 })
    await context.close()
  })

  it('keeps a Dialogflow key it never shows back, and says why the agent test refused it', async () => {
    const co = await aCompany(app, 'Empresa Dialogflow')
    const { page: p, context } = await app.signedIn(co, '/queue-integration')
    await p.getByText('Nenhuma integração cadastrada.').waitFor({ timeout: 15_000 })
    const key = JSON.stringify({ client_email: 'bot@projeto.iam.gserviceaccount.com', private_key: 'chave' })

    await p.getByRole('button', { name: 'Adicionar projeto' }).click()
    let dialog = p.getByRole('dialog')
    await dialog.getByLabel('Tipo').selectOption('dialogflow')
    await dialog.getByLabel('Nome', { exact: true }).fill('Agente Google')
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click()
    expect(await dialog.getByText('Required').count()).toBe(2)
    await dialog.getByLabel('Nome do projeto').fill('projeto-123')
    await dialog.getByLabel('Chave da conta de serviço (JSON)').fill(key)
    await dialog.getByLabel('Linguagem').selectOption('en')
    // A private_key that cannot sign: refused on the key, translated, with the server's reason.
    await dialog.getByRole('button', { name: 'Testar bot' }).click()
    await dialog
      .getByText(
        'A chave da conta de serviço não é válida: confira se é o JSON completo, com client_email e private_key. ' +
          'Motivo: the private_key cannot sign (not a PEM RSA key)',
      )
      .waitFor()
    expect(await dialog.getByLabel('Chave da conta de serviço (JSON)').getAttribute('aria-invalid')).toBe('true')
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click()
    await dialog.waitFor({ state: 'detached' })
    const r = row(p, 'Agente Google')
    await r.getByTestId('integration-type-dialogflow').waitFor()

    // Edit: the key is stored, the box empty; saving without it keeps it.
    await r.getByRole('button', { name: 'Editar Agente Google' }).click()
    dialog = p.getByRole('dialog')
    await dialog.getByText('Uma chave já está guardada.', { exact: false }).waitFor()
    expect(await dialog.getByLabel('Chave da conta de serviço (JSON)').inputValue()).toBe('')
    expect(await dialog.getByLabel('Linguagem').inputValue()).toBe('en')
    await dialog.getByLabel('Nome do projeto').fill('projeto-456')
    await dialog.getByRole('button', { name: 'Salvar' }).click()
    await dialog.waitFor({ state: 'detached' })
    const [saved] = (await app.callAs(p, 'GET', '/api/queueIntegration')).queueIntegrations
    expect(saved).toMatchObject({
      type: 'dialogflow',
      projectName: 'projeto-456',
      language: 'en',
      jsonContentSet: true,
    })
    expect(saved.jsonContent).toBe('')
    await context.close()
  })

  it('tests a Dialogflow agent with a typed key, then with the stored one, and shows each refusal', async () => {
    const co = await aCompany(app, 'Empresa Agente')
    const { page: p, context } = await app.signedIn(co, '/queue-integration')
    await p.getByText('Nenhuma integração cadastrada.').waitFor({ timeout: 15_000 })
    const account = serviceAccount('bot@agente-loja.iam.gserviceaccount.com')
    google.allow(account, 'agente-loja')
    google.answer(() => said(['Olá! Como posso ajudar?']))
    const keyBox = (d: Locator) => d.getByLabel('Chave da conta de serviço (JSON)')
    const calls = () => google.detects.filter((c) => c.project === 'agente-loja').length

    await p.getByRole('button', { name: 'Adicionar projeto' }).click()
    let dialog = p.getByRole('dialog')
    await dialog.getByLabel('Tipo').selectOption('dialogflow')
    await dialog.getByLabel('Nome', { exact: true }).fill('Agente da loja')
    await keyBox(dialog).fill(account.json)

    // No agent in that project: said on the project name.
    await dialog.getByLabel('Nome do projeto').fill('projeto-errado')
    await dialog.getByRole('button', { name: 'Testar bot' }).click()
    await dialog
      .getByText(
        'Nenhum agente do Dialogflow encontrado neste projeto: confira o nome do projeto. ' +
          'Motivo: no agent in project "projeto-errado" (HTTP 404)',
      )
      .waitFor()
    expect(await dialog.getByLabel('Nome do projeto').getAttribute('aria-invalid')).toBe('true')

    // The right project: the agent answers "Olá" and the spec's success toast shows.
    await dialog.getByLabel('Nome do projeto').fill('agente-loja')
    await dialog.getByRole('button', { name: 'Testar bot' }).click()
    await p.getByText('Integração testada com sucesso!').first().waitFor()
    expect(await dialog.getByLabel('Nome do projeto').getAttribute('aria-invalid')).toBeNull()
    expect(calls()).toBe(1)
    expect(google.detects.at(-1)!.body.queryInput.text).toEqual({ text: 'Olá', languageCode: 'pt-BR' })

    // A key Google does not know: refused on the key.
    const stranger = serviceAccount('outro@agente-loja.iam.gserviceaccount.com')
    await keyBox(dialog).fill(stranger.json)
    await dialog.getByRole('button', { name: 'Testar bot' }).click()
    await dialog
      .getByText(
        'O Google recusou a chave da conta de serviço: confira se ela está ativa e tem acesso ao agente. ' +
          'Motivo: the key was refused (HTTP 400: Invalid JWT Signature.)',
      )
      .waitFor()
    await keyBox(dialog).fill(account.json)
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click()
    await dialog.waitFor({ state: 'detached' })
    const r = row(p, 'Agente da loja')
    await r.getByTestId('integration-type-dialogflow').waitFor()

    // Edit: the box is empty, and the test uses the stored key (the browser never had it back).
    await r.getByRole('button', { name: 'Editar Agente da loja' }).click()
    dialog = p.getByRole('dialog')
    await dialog.getByText('Uma chave já está guardada.', { exact: false }).waitFor()
    expect(await keyBox(dialog).inputValue()).toBe('')
    const tested = p.waitForResponse((res) => res.url().endsWith('/api/queueIntegration/testSession'))
    await dialog.getByRole('button', { name: 'Testar bot' }).click()
    const answer = await tested
    const [stored] = (await app.callAs(p, 'GET', '/api/queueIntegration')).queueIntegrations
    expect(answer.request().postDataJSON()).toEqual({
      projectName: 'agente-loja',
      jsonContent: '',
      language: 'pt-BR',
      id: stored.id,
    })
    expect(answer.status()).toBe(200)
    expect(calls()).toBe(2)
    await p.getByText('Integração testada com sucesso!').first().waitFor()

    // An agent that does not answer in time: a toast, translated, with the reason.
    google.answer(() => ({ hang: true }))
    await dialog.getByRole('button', { name: 'Testar bot' }).click()
    await p
      .getByText('O Dialogflow não respondeu a tempo. Tente novamente em instantes. Motivo:', { exact: false })
      .waitFor()
    await app.shot(p, 'integrations-03-dialogflow-test')
    google.answer(() => said(['Olá!']))
    await dialog.getByRole('button', { name: 'Cancelar' }).click()
    await dialog.waitFor({ state: 'detached' })
    await context.close()
  })
})
