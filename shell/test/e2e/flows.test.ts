/**
 * modules/flows in a real browser against the real kernel ("Flow
 * editor", "Phrase campaigns", "Sub-queue flow management"): an admin creates a flow, builds it in
 * the editor through the add menu and the node dialogs, connects the nodes by dragging their
 * handles, saves it, and the saved graph is read back through the API; tied to a phrase, it walks
 * a simulator customer to the queue, the conversation visible on the ticket; phrase campaigns and
 * sub-queue flows are created, switched and deleted; the cshow pages follow campaignsEnabled.
 * Each test makes its own company and data and signs in its own page.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { superHeaders } from '@atende/kernel/testing'
import { aCompany, canRun, openBrowserApp, type BrowserApp } from './support.ts'
import {
  answerKeyError,
  fileError,
  flowNameError,
  intervalError,
  CONTENT_RULES,
} from '../../../modules/flows/src/validation.ts'
import { contentError, nextNumber } from '../../../modules/flows/src/editor/content.ts'
import {
  appendPosition,
  connect,
  duplicatePosition,
  expectedHeight,
  freeSpot,
  handlesOf,
  placeNew,
  pruneEdges,
  randomId,
  updateVariables,
  variablesOf,
  type EditorNode,
} from '../../../modules/flows/src/editor/graph.ts'
import { OPENAI_VOICES, voiceValue } from '../../../modules/flows/src/editor/kinds.ts'

let app: BrowserApp

beforeAll(async () => {
  if (!canRun) return
  app = await openBrowserApp()
}, 240_000)
afterAll(async () => {
  await app?.close()
})

/** A company of the test's own; with `campaigns`, its campaignsEnabled setting is on (the cshow pages). */
async function company(name: string, campaigns = true) {
  const co = await aCompany(app, name)
  if (campaigns)
    await app.call('PUT', `/api/companies/${co.id}`, await superHeaders(app.t.app), { campaignsEnabled: 'enabled' })
  const admin = (await app.api(co.cnpj, co.email, co.password)).headers
  return { co, admin }
}

const drawer = (p: Page) => p.getByRole('navigation', { name: 'menu' })
/** The canvas node of a type (the first, or the one showing `text`). */
const node = (p: Page, type: string, text?: string) => {
  const n = p.locator('.react-flow__node').filter({ has: p.getByTestId(`flow-node-${type}`) })
  return text ? n.filter({ hasText: text }) : n.first()
}

/** Drags from one handle to another with the mouse, as a user draws an edge. */
async function drag(p: Page, from: Locator, to: Locator) {
  const a = await from.boundingBox()
  const b = await to.boundingBox()
  if (!a || !b) throw new Error('handle not on screen')
  await p.mouse.move(a.x + a.width / 2, a.y + a.height / 2)
  await p.mouse.down()
  await p.mouse.move(a.x + a.width / 2 + 20, a.y + a.height / 2 + 5, { steps: 3 })
  await p.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 12 })
  await p.mouse.up()
}

/** Every canvas card: its type, place and size in flow coordinates (xyflow's own), and selection. */
const boxesOf = (p: Page) =>
  p.locator('.react-flow__node').evaluateAll((els) =>
    els.map((el) => {
      const card = el as HTMLElement
      const at = /translate\(([-\d.]+)px, ?([-\d.]+)px\)/.exec(card.style.transform)
      return {
        type: card
          .querySelector('[data-testid^="flow-node-"]')
          ?.getAttribute('data-testid')
          ?.slice('flow-node-'.length),
        x: Number(at?.[1]),
        y: Number(at?.[2]),
        w: card.offsetWidth,
        h: card.offsetHeight,
        selected: card.classList.contains('selected'),
      }
    }),
  )
const boxOf = async (p: Page, type: string) => (await boxesOf(p)).find((b) => b.type === type)!
/** Within a pixel (sizes are measured, places rounded). */
const near = (a: number, b: number) => Math.abs(a - b) <= 1

/** Opens the editor's add menu and picks a node type. */
async function addNode(p: Page, label: string) {
  await p.getByRole('button', { name: '+ Adicionar' }).click()
  await p.getByRole('menu').getByRole('menuitem', { name: label, exact: true }).click()
}

describe('flows module rules (no browser)', () => {
  it('checks names, intervals, answer keys and files', () => {
    expect(flowNameError('')).toBe('flowsCommon.validation.nameRequired')
    expect(flowNameError(' a ')).toEqual({ key: 'validation.tooShort', values: { min: 2 } })
    expect(flowNameError('x'.repeat(51))).toEqual({ key: 'validation.tooLong', values: { max: 50 } })
    expect(flowNameError('Vendas')).toBeNull()
    expect(intervalError(0)).toBe('editor.validation.intervalMin')
    expect(intervalError(121)).toBe('editor.validation.intervalMax')
    expect(intervalError(120)).toBeNull()
    expect(answerKeyError('1nome')).toBe('editor.validation.answerKey')
    expect(answerKeyError('nome_cliente')).toBeNull()
    expect(fileError({ name: 'a.gif', size: 1 }, CONTENT_RULES.img)?.[0]).toBe('editor.validation.fileType')
    expect(fileError({ name: 'a.png', size: 2 * 1024 * 1024 + 1 }, CONTENT_RULES.img)).toEqual([
      'editor.validation.fileTooLarge',
      { max: '2MB' },
    ])
    expect(fileError({ name: 'a.OPUS', size: 20 * 1024 * 1024 }, CONTENT_RULES.audio)).toBeNull()
  })

  it('checks a content sequence and numbers its elements', () => {
    const msg = (value: string, number = 'message1') => ({ type: 'message' as const, value, number })
    expect(contentError([])).toBe('editor.content.empty')
    expect(contentError([msg(' ')])).toBe('editor.validation.emptyMessage')
    expect(contentError([msg('oi'), { type: 'img', value: '', number: 'img1' }])).toBe('editor.validation.emptyMedia')
    expect(contentError([{ type: 'interval', value: '0', number: 'interval1' }])).toBe(
      'editor.validation.contentInterval',
    )
    expect(contentError([{ type: 'interval', value: '121', number: 'interval1' }])).toBe(
      'editor.validation.contentInterval',
    )
    expect(contentError([msg('oi'), { type: 'interval', value: '5', number: 'interval1' }])).toBeNull()
    expect(nextNumber([msg('a', 'message1'), msg('b', 'message3')], 'message')).toBe('message4')
    expect(nextNumber([msg('a')], 'img')).toBe('img1')
  })

  it('places, connects and prunes as the editor rules say', () => {
    const at = (id: string, type: EditorNode['type'], x: number, data: Record<string, unknown> = {}): EditorNode => ({
      id,
      type,
      position: { x, y: 50 },
      data,
    })
    const menu = at('m', 'menu', 300, {
      message: 'x',
      arrayOption: [
        { number: 1, value: 'a' },
        { number: 2, value: 'b' },
      ],
    })
    const nodes = [at('1', 'start', 0), menu, at('t', 'ticket', 600)]
    expect(appendPosition(nodes)).toEqual({ x: 600 + 220 + 40, y: 50 })
    expect(duplicatePosition(nodes, menu)).toEqual({ x: 840, y: 50 })
    // A new node goes right of the selected one, at its height; the ticket sits there, so below it.
    const tall = { ...menu, measured: { width: 220, height: 200 } }
    expect(placeNew([nodes[0]!, tall], { selected: tall })).toEqual({ x: 300 + 220 + 40, y: 50 })
    expect(placeNew([nodes[0]!, tall, at('t', 'ticket', 560)], { selected: tall })).toEqual({
      x: 560,
      y: 50 + 120 + 40,
    })
    // Nothing selected: in the middle of the view, below the card already there.
    expect(placeNew(nodes, { center: { x: 1500, y: 500 } })).toEqual({ x: 1500 - 110, y: 500 - 60 })
    expect(placeNew(nodes, { center: { x: 110, y: 110 } })).toEqual({ x: 0, y: 50 + 120 + 40 })
    expect(freeSpot([], { x: 1.4, y: 2.6 })).toEqual({ x: 1, y: 3 })
    // A menu's card grows with its options: a tall new one is kept clear of the card below too.
    expect(expectedHeight('menu', menu.data)).toBe(90 + 40 * 3)
    const below = at('b', 'ticket', 560)
    below.position.y = 50 + 150
    expect(placeNew([tall, below], { selected: tall }).y).toBe(50)
    expect(placeNew([tall, below], { selected: tall, height: 210 }).y).toBe(200 + 120 + 40)
    expect(handlesOf('menu', menu.data)).toEqual(['a1', 'a2', 'invalid'])
    expect(handlesOf('randomizer', {})).toEqual(['a', 'b'])
    expect(handlesOf('condition', {})).toEqual(['true', 'false'])
    expect(handlesOf('ticket', {})).toEqual([])
    expect(handlesOf('singleBlock', {})).toEqual([null])
    let edges = connect([], { source: 'm', target: 't', sourceHandle: 'a2' })
    edges = connect(edges, { source: 'm', target: '1', sourceHandle: 'a2' })
    expect(edges.map((e) => [e.sourceHandle, e.target, e.style?.strokeWidth])).toEqual([['a2', '1', 6]])
    const fewer = [nodes[0]!, { ...menu, data: { message: 'x', arrayOption: [{ number: 1, value: 'a' }] } }, nodes[2]!]
    expect(pruneEdges(fewer, edges)).toEqual([])
    expect(randomId()).toMatch(/^[A-Za-z0-9]{30}$/)
    const question = (answerKey: string) => ({
      type: 'question',
      data: { typebotIntegration: { message: '?', answerKey } },
    })
    expect(variablesOf([question('nome'), question('nome'), question('cpf'), { type: 'menu', data: {} }])).toEqual([
      'nome',
      'cpf',
    ])
    expect(updateVariables(['nome', 'cpf'], 'nome', 'cidade')).toEqual(['cpf', 'cidade'])
    expect(updateVariables(['nome'], undefined, 'nome')).toEqual(['nome'])
  })
})

describe('flows OpenAI voices (no browser)', () => {
  it('offers the OpenAI voices by first name and stores what the runtime takes', () => {
    expect(OPENAI_VOICES.map((v) => v.label)).toEqual([
      'Francisca',
      'Antonio',
      'Brenda',
      'Donato',
      'Elza',
      'Fabio',
      'Giovanna',
      'Humberto',
      'Julio',
      'Leila',
      'Leticia',
      'Manuela',
      'Nicolau',
      'Valerio',
      'Yara',
    ])
    for (const v of OPENAI_VOICES) expect(v.value).toBe(`pt-BR-${v.label}Neural`)
    expect(voiceValue(undefined)).toBe('texto')
    expect(voiceValue('texto')).toBe('texto')
    expect(voiceValue('Francisca')).toBe('pt-BR-FranciscaNeural')
    expect(voiceValue('pt-BR-YaraNeural')).toBe('pt-BR-YaraNeural')
  })
})

describe.skipIf(!canRun)('flows in a browser', () => {
  let current: Page | undefined
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail' && current && !current.isClosed())
      await app.shot(current, `flows-failed-${ctx.task.name.slice(0, 30).replace(/\W+/g, '-')}`)
    current = undefined
  })

  it('builds a flow in the editor, connects it by dragging, saves it and reads it back', async () => {
    const { co, admin } = await company('Empresa Fluxos')
    const vendas = await app.call('POST', '/api/queue', admin, {
      name: 'Vendas',
      color: '#e53935',
      greetingMessage: 'Vendas aqui',
    })
    const { page: p, context } = await app.signedIn(co)
    current = p

    // The list: empty, the name rules, then the new flow.
    await drawer(p).getByRole('link', { name: 'Fluxos de conversa' }).click({ timeout: 15_000 })
    await p.getByText('Nenhum fluxo cadastrado.').waitFor({ timeout: 15_000 })
    expect(await p.evaluate(() => localStorage.getItem('cshow'))).toBe('1')
    await p.getByRole('button', { name: 'Adicionar fluxo' }).click()
    const nameDialog = p.getByRole('dialog')
    await nameDialog.getByRole('button', { name: 'Adicionar' }).click()
    await nameDialog.getByText('Digite um nome!').waitFor()
    await nameDialog.getByLabel('Nome').fill('A')
    await nameDialog.getByRole('button', { name: 'Adicionar' }).click()
    await nameDialog.getByText('Muito curto! (mínimo 2 caracteres)').waitFor()
    // The box holds the server's 50 and says so when more is typed (nothing is cut silently).
    await nameDialog.getByLabel('Nome').fill('x'.repeat(51))
    await p.getByText('Texto cortado: este campo aceita no máximo 50 caracteres.').waitFor()
    expect(await nameDialog.getByLabel('Nome').inputValue()).toHaveLength(50)
    await nameDialog.getByLabel('Nome').fill('Atendimento inicial')
    await nameDialog.getByRole('button', { name: 'Adicionar' }).click()
    await p.getByText('Fluxo adicionado com sucesso!').waitFor()
    const row = p.getByRole('row').filter({ hasText: 'Atendimento inicial' })
    await row.waitFor()
    await app.shot(p, 'flows-01-list')
    const flows = await app.callAs(p, 'GET', '/api/flowbuilder')
    const flowId: number = flows.flows[0].id

    // A row opens its editor: a new flow has its start node.
    await row.getByRole('cell', { name: 'Atendimento inicial', exact: true }).click()
    await p.waitForURL(new RegExp(`/flowbuilder/${flowId}$`))
    await p.getByRole('heading', { name: 'Desenhe seu fluxo' }).waitFor()
    await p.getByText('Não se esqueça de salvar seu fluxo!').waitFor()
    await node(p, 'start').getByText('Início do fluxo').waitFor()
    expect(await p.getByRole('button', { name: '+ Adicionar' }).textContent()).toBe('+ Adicionar')

    // Menu with two options.
    await addNode(p, 'Menu')
    let dialog = p.getByRole('dialog')
    await dialog.getByLabel('Mensagem').fill('Escolha uma opção')
    await dialog.getByLabel('Opção 1').fill('Vendas')
    await dialog.getByRole('button', { name: 'Adicionar opção' }).click()
    await dialog.getByLabel('Opção 2').fill('Suporte')
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click()
    await node(p, 'menu').getByText('[2] Suporte').waitFor()
    // Nothing was selected: the menu went to the middle of the view (where the start node is
    // shown), below the start node rather than on it.
    const start = await boxOf(p, 'start')
    let menuBox = await boxOf(p, 'menu')
    expect(near(menuBox.x + menuBox.w / 2, start.x + start.w / 2)).toBe(true)
    expect(near(menuBox.y, start.y + start.h + 40)).toBe(true)
    expect(menuBox.selected).toBe(true)
    await addNode(p, 'Pergunta')
    dialog = p.getByRole('dialog')
    await dialog.getByLabel('Mensagem').fill('Qual é o seu nome?')
    await dialog.getByLabel('Salvar resposta').fill('1nome')
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click()
    await dialog.getByText('Use letras, números e _ (sem começar com número)').waitFor()
    await dialog.getByLabel('Salvar resposta').fill('nome')
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click()
    await node(p, 'question').getByText('Qual é o seu nome?').waitFor()
    expect(JSON.parse((await p.evaluate(() => localStorage.getItem('variables'))) ?? '[]')).toEqual(['nome'])
    // The new menu was selected: the question went to its right, at its height.
    menuBox = await boxOf(p, 'menu')
    const question = await boxOf(p, 'question')
    expect([near(question.x, menuBox.x + menuBox.w + 40), near(question.y, menuBox.y)]).toEqual([true, true])

    // "Início do fluxo" again: there is one already, so it is selected and brought to the middle
    // of the view (the view had followed the question away from it), and the user is told.
    await addNode(p, 'Início do fluxo')
    await p.getByText('O fluxo já tem o seu Início (só pode haver um)', { exact: false }).waitFor()
    await expect.poll(async () => (await boxOf(p, 'start')).selected).toBe(true)
    expect(await p.getByTestId('flow-node-start').count()).toBe(1)
    const canvas = (await p.getByTestId('flow-canvas').boundingBox())!
    await expect
      .poll(async () => {
        const b = (await node(p, 'start').boundingBox())!
        return [
          Math.round(b.x + b.width / 2 - (canvas.x + canvas.width / 2)),
          Math.round(b.y + b.height / 2 - (canvas.y + canvas.height / 2)),
        ].map((d) => Math.abs(d) <= 1)
      })
      .toEqual([true, true])

    // Conteúdo with a message (an empty one is refused first).
    await addNode(p, 'Conteúdo')
    dialog = p.getByRole('dialog')
    await dialog.getByRole('button', { name: '+ Mensagem' }).click()
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click()
    await p.getByText('Campos de mensagem vazio!').first().waitFor()
    await dialog.getByRole('textbox', { name: 'Mensagem 1' }).fill('Obrigado, {{nome}}!')
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click()
    await node(p, 'singleBlock').getByText('Obrigado, {{nome}}!').waitFor()

    // The interval dialog's limits, then cancelled.
    await addNode(p, 'Intervalo')
    dialog = p.getByRole('dialog')
    await dialog.getByLabel('Tempo em segundos').fill('0')
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click()
    await dialog.getByText('Adicione o valor de intervalo').waitFor()
    await dialog.getByLabel('Tempo em segundos').fill('121')
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click()
    await dialog.getByText('Máximo de tempo atingido 120 segundos').waitFor()
    await dialog.getByRole('button', { name: 'Cancelar' }).click()
    await dialog.waitFor({ state: 'detached' })

    // Ticket to Vendas (a queue is required).
    await addNode(p, 'Ticket')
    dialog = p.getByRole('dialog')
    await dialog.getByLabel('Fila').waitFor()
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click()
    await dialog.getByText('Adicione uma fila').waitFor()
    await dialog.getByLabel('Fila').selectOption({ label: 'Vendas' })
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click()
    await node(p, 'ticket').getByText('Vendas').waitFor()
    // No card was put on another.
    const cards = await boxesOf(p)
    for (const [i, a] of cards.entries())
      for (const b of cards.slice(i + 1))
        expect(
          a.x + a.w <= b.x || b.x + b.w <= a.x || a.y + a.h <= b.y || b.y + b.h <= a.y,
          `${a.type} and ${b.type} overlap`,
        ).toBe(true)

    // A randomizer added and removed with the Delete key; a duplicate removed by its button.
    await addNode(p, 'Randomizador')
    await p.getByRole('dialog').getByRole('button', { name: 'Adicionar', exact: true }).click()
    await node(p, 'randomizer').waitFor()
    await node(p, 'randomizer').click()
    await p.keyboard.press('Delete')
    await node(p, 'randomizer').waitFor({ state: 'detached' })
    /** The whole graph in view (the controls' button), once the viewport has stopped moving. */
    const fitView = async () => {
      await p.getByRole('button', { name: 'Ajustar à tela' }).click()
      let last = ''
      await expect
        .poll(async () => {
          const now = await p.locator('.react-flow__viewport').evaluate((el) => (el as HTMLElement).style.transform)
          const still = now === last
          last = now
          return still
        })
        .toBe(true)
    }
    await fitView()
    await node(p, 'question').getByRole('button', { name: 'Duplicar Pergunta' }).click()
    await expect.poll(() => p.getByTestId('flow-node-question').count()).toBe(2)
    // The copy is the selected one.
    await p.locator('.react-flow__node.selected').getByRole('button', { name: 'Excluir Pergunta' }).click()
    await expect.poll(() => p.getByTestId('flow-node-question').count()).toBe(1)

    // Edges drawn by dragging from each way out to the next node's input.
    await fitView()
    const edges = p.locator('.react-flow__edge')
    const connect = async (from: Locator, to: Locator, count: number) => {
      await drag(p, from, to)
      await expect.poll(() => edges.count(), { message: `edge ${count}` }).toBe(count)
    }
    await connect(node(p, 'start').getByTestId('handle-out'), node(p, 'menu').getByTestId('handle-in'), 1)
    await connect(node(p, 'menu').getByTestId('handle-a1'), node(p, 'question').getByTestId('handle-in'), 2)
    await connect(node(p, 'question').getByTestId('handle-out'), node(p, 'singleBlock').getByTestId('handle-in'), 3)
    await connect(node(p, 'singleBlock').getByTestId('handle-out'), node(p, 'ticket').getByTestId('handle-in'), 4)
    await connect(node(p, 'menu').getByTestId('handle-a2'), node(p, 'ticket').getByTestId('handle-in'), 5)

    // Double-click opens a node's dialog with its values.
    await node(p, 'menu').dblclick()
    dialog = p.getByRole('dialog', { name: 'Editar menu' })
    expect(await dialog.getByLabel('Opção 2').inputValue()).toBe('Suporte')
    await dialog.getByRole('button', { name: 'Cancelar' }).click()
    await dialog.waitFor({ state: 'detached' })
    await app.shot(p, 'flows-02-editor')

    await p.getByTestId('flow-dirty').getByText('Há alterações não salvas.').waitFor()
    await p.getByRole('button', { name: 'Salvar', exact: true }).click()
    await p.getByText('Fluxo salvo com sucesso').waitFor()
    await p.getByTestId('flow-dirty').waitFor({ state: 'detached' })

    // What the server kept.
    const saved = (await app.callAs(p, 'GET', `/api/flowbuilder/flow/${flowId}`)).flow.flow as {
      nodes: { id: string; type: string; data: Record<string, any> }[]
      connections: { source: string; target: string; sourceHandle: string | null }[]
    }
    const byType = (type: string) => saved.nodes.find((n) => n.type === type)!
    expect(saved.nodes.map((n) => n.type).sort()).toEqual(['menu', 'question', 'singleBlock', 'start', 'ticket'])
    expect(byType('start').id).toBe('1')
    for (const n of saved.nodes.filter((n) => n.type !== 'start')) expect(n.id).toMatch(/^[A-Za-z0-9]{30}$/)
    expect(byType('menu').data).toMatchObject({
      message: 'Escolha uma opção',
      arrayOption: [
        { number: 1, value: 'Vendas' },
        { number: 2, value: 'Suporte' },
      ],
    })
    expect(byType('question').data.typebotIntegration).toEqual({ message: 'Qual é o seu nome?', answerKey: 'nome' })
    expect(byType('singleBlock').data).toEqual({
      seq: ['message1'],
      elements: [{ type: 'message', value: 'Obrigado, {{nome}}!', number: 'message1' }],
    })
    expect(byType('ticket').data.queue).toEqual({ id: vendas.id, name: 'Vendas' })
    const edge = (from: string, handle: string | null) =>
      saved.connections.find((c) => c.source === byType(from).id && (c.sourceHandle ?? null) === handle)?.target
    expect(saved.connections).toHaveLength(5)
    expect(edge('start', null)).toBe(byType('menu').id)
    expect(edge('menu', 'a1')).toBe(byType('question').id)
    expect(edge('menu', 'a2')).toBe(byType('ticket').id)
    expect(edge('question', null)).toBe(byType('singleBlock').id)
    expect(edge('singleBlock', null)).toBe(byType('ticket').id)

    // Opened again, the editor shows the saved graph.
    await p.reload()
    await node(p, 'ticket').waitFor()
    await expect.poll(() => edges.count()).toBe(5)

    // Tied to a phrase on a simulator connection, the flow walks a customer to the queue.
    const w = await app.callAs(p, 'POST', '/api/whatsapp', { name: 'Celular da loja', provider: 'simulator' })
    await app.callAs(p, 'POST', `/api/simulator/${w.id}/scan`, {})
    await app.callAs(p, 'POST', '/api/flowcampaign', {
      name: 'Início',
      flowId,
      whatsappId: w.id,
      phrase: 'quero atendimento',
    })
    const from = '5547988776655'
    const outbox = async () =>
      ((await app.callAs(p, 'GET', `/api/simulator/${w.id}/outbox?to=${from}`)).messages as { body: string }[]).map(
        (m) => m.body,
      )
    let ticketId = 0
    const say = async (body: string, bot: string[]) => {
      const res = await app.callAs(p, 'POST', `/api/simulator/${w.id}/inbound`, { from, name: 'Ana Cliente', body })
      ticketId = res.message.ticketId
      await expect.poll(outbox, { timeout: 15_000 }).toEqual(bot)
    }
    const menu = 'Escolha uma opção\n\n[1] Vendas\n[2] Suporte'
    await say('Quero atendimento', [menu])
    await say('1', [menu, 'Qual é o seu nome?'])
    await say('Ana', [menu, 'Qual é o seu nome?', 'Obrigado, Ana!'])
    await expect
      .poll(async () => {
        const tk = await app.callAs(p, 'GET', `/api/tickets/${ticketId}`)
        return [tk.status, tk.queueId]
      })
      .toEqual(['pending', vendas.id])
    // The attendant who opens it sees the whole conversation.
    await p.goto(`${app.base}/tickets/${ticketId}`)
    for (const text of ['Quero atendimento', 'Escolha uma opção', 'Qual é o seu nome?', 'Obrigado, Ana!'])
      await p.getByText(text).first().waitFor({ timeout: 15_000 })
    await app.shot(p, 'flows-03-conversation')
    await context.close()
  }, 120_000)

  it('shows a refused save: the message, and the node the server names highlighted', async () => {
    const { co, admin } = await company('Empresa Fluxo Recusado')
    const flow = await app.call('POST', '/api/flowbuilder', admin, { name: 'Com mensagem' })
    const messageId = 'M'.repeat(30)
    await app.call('POST', '/api/flowbuilder/flow', admin, {
      idFlow: flow.id,
      nodes: [
        { id: '1', type: 'start', position: { x: 0, y: 0 }, data: { label: 'Início do fluxo' } },
        { id: messageId, type: 'message', position: { x: 300, y: 0 }, data: { label: 'Olá!' } },
      ],
      connections: [{ source: '1', target: messageId, sourceHandle: null }],
    })
    const { page: p, context } = await app.signedIn(co, `/flowbuilder/${flow.id}`)
    current = p
    await node(p, 'message').getByText('Olá!').waitFor({ timeout: 15_000 })
    await expect.poll(() => p.locator('.react-flow__edge').count()).toBe(1)
    expect(await node(p, 'message').getByTestId('flow-node-message').getAttribute('data-invalid')).toBeNull()
    // What the server answers for a graph breaking one of its rules (the editor cannot build one).
    const refusal = `Node "${messageId}" (message): the file "x.png" does not exist`
    await context.route(`${app.base}/api/flowbuilder/flow`, (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 400,
            contentType: 'application/json',
            body: JSON.stringify({
              error: 'ERR_FLOW_INVALID',
              message: refusal,
              statusCode: 400,
              field: `nodes.${messageId}`,
            }),
          })
        : route.fallback(),
    )
    await p.getByRole('button', { name: 'Salvar', exact: true }).click()
    await p.getByTestId('flow-problem').getByText(`O fluxo não foi salvo: ${refusal}`).waitFor()
    expect(await node(p, 'message').getByTestId('flow-node-message').getAttribute('data-invalid')).toBe('true')
    await app.shot(p, 'flows-05-refused')
    await context.close()
  })

  it("keeps an OpenAI node's key it never shows back, and saving again without typing it keeps it", async () => {
    const { co, admin } = await company('Empresa Fluxo OpenAI')
    const flow = await app.call('POST', '/api/flowbuilder', admin, { name: 'Assistente' })
    const { page: p, context } = await app.signedIn(co, `/flowbuilder/${flow.id}`)
    current = p
    await node(p, 'start').getByText('Início do fluxo').waitFor({ timeout: 15_000 })

    // A new node: the key is required, hidden until shown; the voice is stored by its Azure name.
    await addNode(p, 'OpenAI')
    let dialog = p.getByRole('dialog', { name: 'Adicionar OpenAI ao fluxo' })
    await dialog.getByText('o assistente (OpenAI) assume a conversa', { exact: false }).waitFor()
    await dialog.getByLabel('Nome', { exact: true }).fill('Atendente virtual')
    await dialog.getByLabel('Prompt').fill('Você é o atendente da loja.')
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click()
    await dialog.getByText('Obrigatório').waitFor()
    let apiKey = dialog.getByLabel('API Key')
    expect(await apiKey.getAttribute('placeholder')).toBeNull()
    await apiKey.fill('sk-teste-123')
    expect(await apiKey.getAttribute('type')).toBe('password')
    await dialog.getByRole('button', { name: 'Mostrar' }).click()
    expect(await apiKey.getAttribute('type')).toBe('text')
    await dialog.getByLabel('Voz', { exact: true }).selectOption({ label: 'Francisca' })
    await dialog.getByLabel('Chave da voz').fill('azure-chave')
    await dialog.getByLabel('Região da voz').fill('brazilsouth')
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click()
    await dialog.waitFor({ state: 'detached' })
    await node(p, 'openai').getByText('Atendente virtual').waitFor()
    await node(p, 'openai').getByText('O assistente (OpenAI) assume a conversa a partir daqui.').waitFor()
    // The view follows the new node: drag once it has stopped moving.
    let last = ''
    await expect
      .poll(async () => {
        const now = await p.locator('.react-flow__viewport').evaluate((el) => (el as HTMLElement).style.transform)
        const still = now === last
        last = now
        return still
      })
      .toBe(true)
    await drag(p, node(p, 'start').getByTestId('handle-out'), node(p, 'openai').getByTestId('handle-in'))
    await expect.poll(() => p.locator('.react-flow__edge').count()).toBe(1)
    await p.getByRole('button', { name: 'Salvar', exact: true }).click()
    await p.getByText('Fluxo salvo com sucesso').waitFor()

    // The API answers the keys empty, saying they are stored; the voice as the runtime takes it.
    const openaiData = async () =>
      ((await app.callAs(p, 'GET', `/api/flowbuilder/flow/${flow.id}`)).flow.flow.nodes as any[]).find(
        (n) => n.type === 'openai',
      ).data.typebotIntegration
    expect(await openaiData()).toMatchObject({
      name: 'Atendente virtual',
      prompt: 'Você é o atendente da loja.',
      voice: 'pt-BR-FranciscaNeural',
      voiceRegion: 'brazilsouth',
      apiKey: '',
      apiKeySet: true,
      voiceKey: '',
      voiceKeySet: true,
    })

    // Reloaded: the key field is empty with the stored placeholder and no longer required.
    await p.reload()
    await node(p, 'openai').getByText('Atendente virtual').waitFor({ timeout: 15_000 })
    await node(p, 'openai').dblclick()
    dialog = p.getByRole('dialog', { name: 'Editar OpenAI' })
    apiKey = dialog.getByLabel('API Key')
    expect(await apiKey.inputValue()).toBe('')
    expect(await apiKey.getAttribute('placeholder')).toBe('•••••• (guardada — deixe em branco para manter)')
    expect(await dialog.getByLabel('Chave da voz').getAttribute('placeholder')).toBe(
      '•••••• (guardada — deixe em branco para manter)',
    )
    expect(await dialog.getByLabel('Voz', { exact: true }).inputValue()).toBe('pt-BR-FranciscaNeural')
    expect(await dialog.getByLabel('Voz', { exact: true }).locator('option:checked').textContent()).toBe('Francisca')
    // A newly typed key is hidden and can be shown; cleared again, the stored one stays.
    await apiKey.fill('sk-outra')
    expect(await apiKey.getAttribute('type')).toBe('password')
    await dialog.getByRole('button', { name: 'Mostrar' }).click()
    expect(await apiKey.getAttribute('type')).toBe('text')
    await dialog.getByRole('button', { name: 'Ocultar' }).click()
    expect(await apiKey.getAttribute('type')).toBe('password')
    await apiKey.fill('')
    await dialog.getByLabel('Prompt').fill('Você é o atendente da loja. Seja breve.')
    await dialog.getByRole('button', { name: 'Salvar', exact: true }).click()
    await dialog.waitFor({ state: 'detached' })
    await p.getByTestId('flow-dirty').waitFor()
    await p.getByRole('button', { name: 'Salvar', exact: true }).click()
    await p.getByText('Fluxo salvo com sucesso').waitFor()
    await p.getByTestId('flow-dirty').waitFor({ state: 'detached' })
    expect(await openaiData()).toMatchObject({
      prompt: 'Você é o atendente da loja. Seja breve.',
      apiKey: '',
      apiKeySet: true,
      voiceKeySet: true,
    })
    await app.shot(p, 'flows-06-openai')
    await context.close()
  })

  it('creates, switches and deletes a phrase campaign', async () => {
    const { co, admin } = await company('Empresa Frases')
    await app.call('POST', '/api/flowbuilder', admin, { name: 'Boas-vindas' })
    await app.call('POST', '/api/whatsapp', admin, { name: 'Loja', provider: 'simulator' })
    const { page: p, context } = await app.signedIn(co)
    current = p
    await drawer(p).getByRole('link', { name: 'Campanhas por frase' }).click({ timeout: 15_000 })
    await p.getByText('Nenhuma frase cadastrada.').waitFor({ timeout: 15_000 })

    await p.getByRole('button', { name: 'Adicionar' }).click()
    const dialog = p.getByRole('dialog', { name: 'Adicionar frase' })
    await dialog.getByLabel('Nome').waitFor()
    await dialog.getByRole('button', { name: 'Adicionar' }).click()
    await expect.poll(() => dialog.getByText('Obrigatório').count()).toBe(4)
    await dialog.getByLabel('Nome').fill('Promoção')
    await dialog.getByLabel('Fluxo').selectOption({ label: 'Boas-vindas' })
    await dialog.getByLabel('Frase', { exact: true }).fill('quero a promoção')
    await dialog.getByLabel('Conexão').selectOption({ label: 'Loja' })
    await dialog.getByRole('button', { name: 'Adicionar' }).click()
    await p.getByText('Frase criada com sucesso!').waitFor()
    const row = p.getByTestId('phrases-table').getByRole('row').filter({ hasText: 'Promoção' })
    await row.getByText('Ativo').waitFor()
    await app.shot(p, 'flows-03-phrases')

    await row.getByRole('switch', { name: 'Status de Promoção' }).click()
    await row.getByText('Desativado').waitFor()
    await p.getByText('Frase alterada com sucesso!').first().waitFor()
    const [kept] = (await app.callAs(p, 'GET', '/api/flowcampaign')).flow
    expect(kept).toMatchObject({ name: 'Promoção', phrase: 'quero a promoção', status: false })

    await row.getByRole('button', { name: 'Excluir Promoção' }).click()
    await p.getByRole('dialog').getByRole('button', { name: 'Excluir' }).click()
    await p.getByText('Frase excluída com sucesso!').waitFor()
    await p.getByText('Nenhuma frase cadastrada.').waitFor()
    expect((await app.callAs(p, 'GET', '/api/flowcampaign')).flow).toEqual([])
    await context.close()
  })

  it('creates, switches and deletes a sub-queue flow', async () => {
    const { co, admin } = await company('Empresa Sub-filas', false)
    const queue = (name: string, color: string) =>
      app.call('POST', '/api/queue', admin, { name, color, greetingMessage: `${name} aqui` })
    const principal = await queue('Principal', '#1e88e5')
    const financeiro = await queue('Financeiro', '#43a047')
    const comercial = await queue('Comercial', '#fb8c00')
    const { page: p, context } = await app.signedIn(co)
    current = p
    await drawer(p).getByRole('link', { name: 'Fluxos de sub-filas' }).click({ timeout: 15_000 })
    await p.getByRole('heading', { name: 'Gerenciamento de Fluxos com Sub-filas' }).waitFor()
    await p.getByText('Nenhum fluxo de sub-filas cadastrado.').waitFor({ timeout: 15_000 })

    await p.getByRole('button', { name: 'Novo Fluxo de Filas' }).click()
    const dialog = p.getByRole('dialog', { name: 'Novo Fluxo de Filas' })
    await dialog.getByRole('button', { name: 'Salvar' }).click()
    await dialog.getByTestId('queue-flow-error').getByText('Nome e fila são obrigatórios').waitFor()
    await dialog.getByLabel('Nome do Fluxo').fill('Triagem')
    await dialog.getByLabel('Descrição', { exact: true }).fill('Separa financeiro e comercial')
    await dialog.getByLabel('Fila Principal').selectOption({ label: 'Principal' })
    await dialog.getByLabel('Mensagem de Boas-vindas', { exact: true }).fill('Com quem deseja falar?')
    const first = dialog.getByTestId('queue-flow-option-1')
    await first.getByLabel('Nome da Opção').fill('Financeiro')
    await first.getByLabel('Fila de Destino').selectOption({ label: 'Financeiro' })
    await dialog.getByRole('button', { name: 'Adicionar Sub-fila' }).click()
    const second = dialog.getByTestId('queue-flow-option-2')
    await second.getByLabel('Nome da Opção').fill('Comercial')
    await second.getByLabel('Fila de Destino').selectOption({ label: 'Comercial' })
    await second.getByLabel('Mensagem de boas-vindas da sub-fila (opcional)').fill('Um vendedor já vem')
    await dialog.getByRole('button', { name: 'Salvar' }).click()
    await p.getByText('Fluxo criado com sucesso').waitFor()
    const card = p.getByRole('listitem', { name: 'Triagem' })
    await card.getByTestId('queue-flow-status').getByText('Ativo').waitFor()
    await card.getByText('Sub-filas (2)').waitFor()
    await app.shot(p, 'flows-04-queue-flows')
    const [made] = await app.callAs(p, 'GET', `/api/queue-flow/sub-flows/company/${co.id}`)
    expect(made).toMatchObject({
      name: 'Triagem',
      queueId: principal.id,
      welcomeMessage: 'Com quem deseja falar?',
      isActive: true,
      subFlows: [
        { name: 'Financeiro', targetQueueId: financeiro.id, welcomeMessage: '' },
        { name: 'Comercial', targetQueueId: comercial.id, welcomeMessage: 'Um vendedor já vem' },
      ],
    })

    await card.getByRole('button', { name: 'Desativar' }).click()
    await p.getByText('Fluxo desativado com sucesso').waitFor()
    await card.getByTestId('queue-flow-status').getByText('Inativo').waitFor()
    expect((await app.callAs(p, 'GET', `/api/queue-flow/sub-flows/company/${co.id}`))[0].isActive).toBe(false)
    await card.getByRole('button', { name: 'Ativar' }).click()
    await p.getByText('Fluxo ativado com sucesso').waitFor()
    await card.getByTestId('queue-flow-status').getByText('Ativo').waitFor()

    await card.getByRole('button', { name: 'Excluir Triagem' }).click()
    const confirm = p.getByRole('dialog', { name: 'Tem certeza que deseja excluir este fluxo?' })
    await confirm.getByRole('button', { name: 'Excluir' }).click()
    await p.getByText('Fluxo excluído com sucesso').waitFor()
    await p.getByText('Nenhum fluxo de sub-filas cadastrado.').waitFor()
    expect(await app.callAs(p, 'GET', `/api/queue-flow/sub-flows/company/${co.id}`)).toEqual([])
    await context.close()
  })

  it('shows the cshow pages only while the company has campaigns on', async () => {
    const { co } = await company('Empresa Sem Campanhas', false)
    const { page: p, context } = await app.signedIn(co)
    current = p
    await drawer(p).getByRole('link', { name: 'Fluxos de sub-filas' }).waitFor({ timeout: 15_000 })
    expect(await drawer(p).getByRole('link', { name: 'Fluxos de conversa' }).count()).toBe(0)
    expect(await drawer(p).getByRole('link', { name: 'Campanhas por frase' }).count()).toBe(0)
    await p.goto(`${app.base}/flowbuilders`)
    await p.getByTestId('flows-no-access').waitFor({ timeout: 15_000 })
    await p.waitForURL(/\/tickets/)
    expect(await p.evaluate(() => localStorage.getItem('cshow'))).toBeNull()
    await context.close()
  })
})
