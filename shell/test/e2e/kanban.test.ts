/**
 * modules/kanban in a real browser against the real kernel (issue 17
 * "Kanban"): an admin with two kanban tags and a simulator customer's ticket opens /kanban,
 * drags the card from "Em aberto" to a tag's lane (pointer steps, as dnd-kit's pointer sensor needs
 * them) and the ticket carries that tag, its other tag kept (a refused move first: rolled back with
 * an error toast); moves and customers made elsewhere show live; a click opens the ticket. An
 * attendant's tag dialog has no kanban switch (admins only: there is no supervisor profile here).
 * The board's rules (retag, lanes, texts) are checked without a browser too.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { aCompany, canRun, openBrowserApp, until, type BrowserApp } from './support.ts'
import i18next from 'i18next'
import {
  OPEN_LANE,
  boardReducer,
  dragAnnouncements,
  initialBoard,
  laneCards,
  laneKey,
  retag,
} from '../../../modules/kanban/src/board.ts'
import type { ApiTicket } from '../../../modules/kanban/src/types.ts'
import pt from '../../../modules/kanban/src/i18n/pt.json'
import en from '../../../modules/kanban/src/i18n/en.json'
import es from '../../../modules/kanban/src/i18n/es.json'

let app: BrowserApp

beforeAll(async () => {
  if (!canRun) return
  app = await openBrowserApp()
}, 240_000)
afterAll(async () => {
  await app?.close()
})
afterEach(async (ctx) => {
  await app?.settle('kanban', ctx.task)
})

/** Presses on the element, moves in steps to the target's middle and lets go. */
async function drag(page: Page, from: Locator, to: Locator) {
  const a = (await from.boundingBox())!
  const b = (await to.boundingBox())!
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2)
  await page.mouse.down()
  await page.mouse.move(a.x + a.width / 2 + 12, a.y + a.height / 2, { steps: 4 })
  await page.mouse.move(b.x + b.width / 2, b.y + 120, { steps: 12 })
  await page.mouse.up()
}

const keys = (o: object, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]))

describe('kanban rules (no browser)', () => {
  const ticket = (
    id: number,
    updatedAt: string,
    tagIds: number[],
    status: ApiTicket['status'] = 'open',
  ): ApiTicket => ({
    id,
    uuid: `u${id}`,
    status,
    queueId: null,
    userId: null,
    lastMessage: '',
    unreadMessages: 0,
    updatedAt,
    contact: { id, name: `C${id}`, number: '', profilePicUrl: '' },
    queue: null,
    tags: tagIds.map((t) => ({ id: t, name: `T${t}`, color: '#000' })),
  })

  it('a move keeps the non-kanban tags and swaps the kanban one (none for the open lane)', () => {
    const kanban = new Set([1, 2])
    expect(retag([9, 1], laneKey(2), kanban)).toEqual([9, 2])
    expect(retag([9, 1, 2], OPEN_LANE, kanban)).toEqual([9])
    expect(retag([], laneKey(1), kanban)).toEqual([1])
  })

  it('lanes: no kanban tag in the open lane, closed nowhere, merged streams without gaps, moved cards pinned', () => {
    let s = boardReducer(initialBoard(), {
      type: 'lanes',
      tags: [{ id: 1, name: 'A fazer', color: '#f00', kanban: 1 }],
    })
    s = boardReducer(s, {
      type: 'page',
      lane: OPEN_LANE,
      results: [
        // The open stream has more: its next page may hold tickets newer than 10:00.
        {
          status: 'open',
          page: 1,
          hasMore: true,
          tickets: [ticket(1, '2026-01-01T12:00:00Z', [5]), ticket(2, '2026-01-01T11:00:00Z', [1])],
        },
        { status: 'pending', page: 1, hasMore: false, tickets: [ticket(3, '2026-01-01T10:00:00Z', [])] },
      ],
    })
    expect(laneCards(s, OPEN_LANE).map((c) => c.id)).toEqual([1])
    expect(laneCards(s, laneKey(1)).map((c) => c.id)).toEqual([])
    s = boardReducer(s, {
      type: 'page',
      lane: laneKey(1),
      results: [
        { status: 'open', page: 1, hasMore: false, tickets: [] },
        { status: 'pending', page: 1, hasMore: false, tickets: [] },
      ],
    })
    expect(laneCards(s, laneKey(1)).map((c) => c.id)).toEqual([2])
    // Ticket 3 moved to the tag lane by hand: shown there at once.
    s = boardReducer(s, { type: 'patch', id: 3, patch: { tagIds: [1] }, pin: true })
    expect(laneCards(s, laneKey(1)).map((c) => c.id)).toEqual([2, 3])
    s = boardReducer(s, { type: 'patch', id: 2, patch: { status: 'closed' }, pin: false })
    expect(laneCards(s, laneKey(1)).map((c) => c.id)).toEqual([3])
  })

  it("speaks a drag in the page's language, naming the customer and the lanes", async () => {
    const i18n = i18next.createInstance()
    await i18n.init({
      lng: 'pt',
      interpolation: { escapeValue: false },
      resources: { pt: { translation: pt }, en: { translation: en }, es: { translation: es } },
    })
    const titles: Record<string, string> = { open: 'Em aberto', 'tag-1': 'A fazer' }
    const active = { id: 'card-5', data: { current: { card: { contactName: 'Maria Quadro' }, lane: 'open' } } }
    const over = (id: string) => ({ id }) as never
    const say = (lng: string) => dragAnnouncements(i18n.getFixedT(lng), (id) => titles[id] ?? id)
    const pick = (lng: string) => say(lng).onDragStart({ active: active as never })
    expect(pick('pt')).toBe('Você pegou o ticket de Maria Quadro, na coluna Em aberto.')
    expect(pick('en')).toBe('Picked up the ticket of Maria Quadro, in the Em aberto lane.')
    expect(pick('es')).toBe('Tomó el ticket de Maria Quadro, en la columna Em aberto.')
    const pt_ = say('pt')
    expect(pt_.onDragOver({ active: active as never, over: over('tag-1') })).toBe(
      'O ticket de Maria Quadro está sobre a coluna A fazer.',
    )
    expect(pt_.onDragOver({ active: active as never, over: null })).toBe(
      'O ticket de Maria Quadro não está sobre nenhuma coluna.',
    )
    expect(pt_.onDragEnd({ active: active as never, over: over('tag-1') })).toBe(
      'O ticket de Maria Quadro foi solto na coluna A fazer.',
    )
    expect(pt_.onDragEnd({ active: active as never, over: over('open') })).toBe(
      'O ticket de Maria Quadro continua na coluna Em aberto.',
    )
    expect(pt_.onDragEnd({ active: active as never, over: null })).toBe(
      'O ticket de Maria Quadro foi solto fora das colunas e continua na coluna Em aberto.',
    )
    expect(pt_.onDragCancel({ active: active as never, over: null })).toBe(
      'Movimento cancelado: o ticket de Maria Quadro continua na coluna Em aberto.',
    )
    // No English left in the other languages' sentences.
    for (const lng of ['pt', 'es']) {
      const all = [
        say(lng).onDragStart({ active: active as never }),
        say(lng).onDragOver({ active: active as never, over: over('tag-1') }),
        say(lng).onDragEnd({ active: active as never, over: over('tag-1') }),
        say(lng).onDragCancel({ active: active as never, over: null }),
      ].join(' ')
      expect(all).not.toMatch(/draggable|droppable|dropped|picked up/i)
    }
  })

  it('has the same texts in pt, en and es', () => {
    expect(keys(en).sort()).toEqual(keys(pt).sort())
    expect(keys(es).sort()).toEqual(keys(pt).sort())
    expect(pt.kanban.openLane).toBe('Em aberto')
  })
})

describe.skipIf(!canRun)('kanban', () => {
  it('an admin drags a customer from "Em aberto" to a tag lane: the ticket carries that tag', async () => {
    const co = await aCompany(app, 'Quadro Ltda')
    const { page } = await app.signedIn(co, '/tickets')
    const todo = await app.callAs(page, 'POST', '/api/tags', { name: 'A fazer', kanban: 1 })
    const done = await app.callAs(page, 'POST', '/api/tags', { name: 'Concluído', kanban: 1 })
    const vip = await app.callAs(page, 'POST', '/api/tags', { name: 'Cliente VIP', kanban: 0 })
    const w = await app.callAs(page, 'POST', '/api/whatsapp', { name: 'Simulador', provider: 'simulator' })
    await app.callAs(page, 'POST', `/api/simulator/${w.id}/scan`, {})
    await app.callAs(page, 'POST', `/api/simulator/${w.id}/inbound`, {
      from: '5547999990011',
      name: 'Maria Quadro',
      body: 'Quero um orçamento',
    })
    const ticket = (
      await until(
        () => app.callAs(page, 'GET', '/api/tickets?status=pending'),
        (r: { tickets: unknown[] }) => r.tickets.length === 1,
      )
    ).tickets[0] as { id: number; uuid: string }
    await app.callAs(page, 'POST', '/api/tags/sync', { ticketId: ticket.id, tags: [vip.id] })

    await page.goto(`${app.base}/kanban`)
    const lane = (key: string) => page.locator(`[data-testid="kanban-lane"][data-lane="${key}"]`)
    await lane('open').getByRole('heading', { name: 'Em aberto' }).waitFor()
    await lane(`tag-${todo.id}`).getByRole('heading', { name: 'A fazer' }).waitFor()
    await lane(`tag-${done.id}`).getByText('Nenhum ticket').waitFor()
    const card = lane('open').getByTestId('kanban-card').filter({ hasText: 'Maria Quadro' })
    await card.getByText('Quero um orçamento').waitFor()
    await app.shot(page, 'kanban-01-board')

    // Refused by the server: the card goes back and an error toast says so.
    await page.route('**/api/tags/sync', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'ERR_TEST_REFUSED', message: 'refused', statusCode: 500 }),
      }),
    )
    await drag(page, card, lane(`tag-${todo.id}`))
    await page.getByText('Não foi possível mover o ticket.').waitFor()
    await card.waitFor()
    expect(await lane(`tag-${todo.id}`).getByTestId('kanban-card').count()).toBe(0)
    await page.unroute('**/api/tags/sync')

    await drag(page, card, lane(`tag-${done.id}`))
    await lane(`tag-${done.id}`).getByTestId('kanban-card').filter({ hasText: 'Maria Quadro' }).waitFor()
    await page.getByText('Tag adicionada ao ticket').waitFor()
    expect(await lane('open').getByTestId('kanban-card').count()).toBe(0)
    // What a screen reader was told, in the page's language.
    expect(await page.locator('[id^="DndLiveRegion"]').textContent()).toBe(
      'O ticket de Maria Quadro foi solto na coluna Concluído.',
    )
    const tagged = await until(
      () => app.callAs(page, 'GET', `/api/tickets/${ticket.id}`),
      (t: { tags: { id: number }[] }) => t.tags.some((x) => x.id === done.id),
    )
    expect(tagged.tags.map((x: { id: number }) => x.id).sort()).toEqual([vip.id, done.id].sort())
    await app.shot(page, 'kanban-02-moved')

    // Live: a move made elsewhere, and a new customer.
    await app.callAs(page, 'POST', '/api/tags/sync', { ticketId: ticket.id, tags: [vip.id, todo.id] })
    await lane(`tag-${todo.id}`).getByTestId('kanban-card').filter({ hasText: 'Maria Quadro' }).waitFor()
    await app.callAs(page, 'POST', `/api/simulator/${w.id}/inbound`, {
      from: '5547999990012',
      name: 'João Novo',
      body: 'Bom dia',
    })
    await lane('open').getByTestId('kanban-card').filter({ hasText: 'João Novo' }).waitFor()

    // A click (no drag) opens the ticket: its conversation, at the id's address (the card links its uuid).
    await lane(`tag-${todo.id}`).getByTestId('kanban-card').click()
    await page.waitForURL(`${app.base}/tickets/${ticket.id}`)
    await page
      .locator(`[data-testid="ticket-chat"][data-ticket="${ticket.id}"]`)
      .getByText('Maria Quadro')
      .first()
      .waitFor()
  })

  it("an attendant's tag dialog has no kanban switch", async () => {
    const co = await aCompany(app, 'Etiquetas do Quadro')
    const { page: admin } = await app.signedIn(co, '/tickets')
    const email = 'joana@quadro.test'
    await app.callAs(admin, 'POST', '/api/users', { name: 'Joana', email, password: co.password, profile: 'user' })
    const { page } = await app.signedIn({ cnpj: co.cnpj, email, password: co.password }, '/tags')
    await page.getByRole('button', { name: 'Adicionar tag' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel('Nome').waitFor()
    expect(await dialog.getByRole('switch').count()).toBe(0)
  })
})
