/**
 * modules/tags and modules/quick-messages in a real browser against the real kernel
 * (administration.md §2 "Tags", §4 live updates, §5, §6; quick messages §3, §5, §7): an admin pages
 * through the tags, adds one through the dialog (the name rules first, a colour, the kanban switch),
 * edits, searches, flips the kanban switch and deletes it, while an attendant's screen follows live
 * and shows no kanban switch; the attendant adds a company-wide quick message with an image, the
 * admin sees it live, the attendant edits it, drops the file, searches and deletes it.
 */
import { readFileSync } from 'node:fs'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { canRun, openBrowserApp, type BrowserApp } from './support.ts'
import { byName, colorError, nameError, textOn } from '../../../modules/tags/src/validation.ts'
import { matchesSearch, shortcodeError } from '../../../modules/quick-messages/src/validation.ts'

const PASSWORD = 'Senha@123'
const CNPJ = '11444777000161'
const ADMIN_EMAIL = 'admin@etiquetas.test'
const USER_EMAIL = 'pedro@etiquetas.test'
const BULK = 22
const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
)

type Headers = Record<string, string>
/** The slices of the contacts and tickets services this file uses to make tickets to tag. */
interface Services {
  contacts: { upsertMany(uow: unknown, s: { number: string }[]): Promise<{ contact: { id: number } }[]> }
  tickets: {
    findOrOpen(
      uow: unknown,
      i: { contactId: number; whatsappId: number; userId: number | null; isGroup: boolean },
    ): Promise<{ id: number }>
  }
}

let app: BrowserApp
let admin: Page
let pedro: Page
let current: Page | undefined

async function call(method: string, url: string, headers: Headers, payload?: object) {
  const res = await app.t.app.inject({ method: method as 'GET', url, headers, payload })
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`)
  return res.json()
}

const row = (p: Page, text: string) => p.getByRole('row').filter({ hasText: text })

async function scrollUntil(p: Page, testId: string, text: string) {
  for (let i = 0; i < 20 && !(await row(p, text).count()); i++) {
    await p.getByTestId(testId).evaluate((el) => {
      el.scrollTop = el.scrollHeight
    })
    await p.waitForTimeout(150)
  }
  await row(p, text).waitFor()
}

beforeAll(async () => {
  if (!canRun) return
  app = await openBrowserApp()
  const su = (await app.api()).headers
  const plan = await call('POST', '/api/plans', su, {
    name: 'Etiquetas',
    users: 0,
    connections: 0,
    queues: 0,
    value: 0,
  })
  const company = await call('POST', '/api/companies', su, {
    name: 'Empresa Etiquetas',
    email: ADMIN_EMAIL,
    planId: plan.id,
    cnpj: CNPJ,
    password: PASSWORD,
    dueDate: '2099-12-31',
  })
  const h = (await app.api(CNPJ, ADMIN_EMAIL, PASSWORD)).headers
  await call('POST', '/api/users', h, {
    name: 'Pedro Atendente',
    email: USER_EMAIL,
    password: PASSWORD,
    profile: 'user',
  })
  for (let i = 1; i <= BULK; i++)
    await call('POST', '/api/tags', h, { name: `Lote ${String(i).padStart(2, '0')}`, color: '#546e7a' })
  // A tag on two tickets (tickets have no routes yet: through the services, as the pipeline would).
  const busy = await call('POST', '/api/tags', h, { name: 'Atendidos', color: '#43a047' })
  const k = app.t.app.kernel
  for (const number of ['5547991110001', '5547991110002']) {
    const ticket = await k.unitOfWork(company.id, async (uow) => {
      const [{ contact }] = await k.services.get<Services['contacts']>('contacts').upsertMany(uow, [{ number }])
      return k.services
        .get<Services['tickets']>('tickets')
        .findOrOpen(uow, { contactId: contact.id, whatsappId: 1, userId: null, isGroup: false })
    })
    await call('POST', '/api/tags/sync', h, { ticketId: ticket.id, tags: [busy.id] })
  }
}, 240_000)

afterAll(async () => {
  await app?.close()
})

describe('tags and quick messages rules (no browser)', () => {
  it('validate as administration.md §5 says', () => {
    expect(nameError('')).toBe('tags.validation.required')
    expect(nameError(' ab ')).toBe('tags.validation.tooShort')
    expect(nameError('abc')).toBeNull()
    expect(colorError('#12ab')).toBe('tags.validation.color')
    expect(colorError('#12abEF')).toBeNull()
    expect(
      [
        { id: 2, name: 'beta' },
        { id: 1, name: 'Alfa' },
      ]
        .sort(byName)
        .map((x) => x.name),
    ).toEqual(['Alfa', 'beta'])
    // Chip text stays readable on light and dark colours.
    expect([textOn('#fdd835'), textOn('#fff'), textOn('#d81b60'), textOn('#3949ab')]).toEqual([
      '#000000',
      '#000000',
      '#ffffff',
      '#ffffff',
    ])
    expect(shortcodeError(' / ')).toBe('quickMessages.validation.required')
    expect(shortcodeError('/oi')).toBeNull()
    expect(matchesSearch({ shortcode: 'oi', message: 'Olá, tudo bem?' }, 'TUDO')).toBe(true)
    expect(matchesSearch({ shortcode: 'oi', message: 'Olá' }, '/o')).toBe(true)
    expect(matchesSearch({ shortcode: 'oi', message: 'Olá' }, 'xyz')).toBe(false)
  })

  it('have the same keys in pt, en and es, with the spec messages', () => {
    const keys = (o: Record<string, unknown>, p = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) =>
        v && typeof v === 'object' ? keys(v as Record<string, unknown>, `${p}${k}.`) : [`${p}${k}`],
      )
    for (const mod of ['tags', 'quick-messages']) {
      const load = (lng: string) =>
        JSON.parse(readFileSync(new URL(`../../../modules/${mod}/src/i18n/${lng}.json`, import.meta.url), 'utf8'))
      const [pt, en, es] = ['pt', 'en', 'es'].map(load)
      expect(keys(en).sort(), mod).toEqual(keys(pt).sort())
      expect(keys(es).sort(), mod).toEqual(keys(pt).sort())
      if (mod === 'tags')
        expect([pt.tags.validation.required, pt.tags.validation.tooShort]).toEqual([
          'Obrigatório',
          'Mensagem muito curta',
        ])
      else expect(pt.quickMessages.validation.required).toBe('Obrigatório')
    }
  })
})

describe.skipIf(!canRun)('/tags and /quick-messages in a browser', () => {
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail' && current && !current.isClosed())
      await app.shot(current, `tags-qm-failed-${ctx.task.name.slice(0, 30).replace(/\W+/g, '-')}`)
  })

  it('pages through the tags from the drawer, with colours and ticket counts', async () => {
    ;({ page: admin } = await app.newPage())
    current = admin
    await app.loginUI(admin, CNPJ, ADMIN_EMAIL, PASSWORD)
    await admin.getByRole('navigation', { name: 'menu' }).getByRole('link', { name: 'Tags' }).click({ timeout: 15_000 })
    await admin.waitForURL(`${app.base}/tags`)
    await row(admin, 'Atendidos').waitFor()
    expect(await admin.getByTestId('tags-count').textContent()).toContain(String(BULK + 1))
    expect(await row(admin, 'Atendidos').getByTestId('tag-tickets').textContent()).toBe('2')
    expect(
      await row(admin, 'Atendidos')
        .getByTestId('tag-swatch')
        .evaluate((el) => getComputedStyle(el).backgroundColor),
    ).toBe('rgb(67, 160, 71)')
    // One page so far (20 rows): the last names are not there yet, then they load near the bottom.
    expect(await row(admin, 'Lote 22').count()).toBe(0)
    await scrollUntil(admin, 'tags-scroll', 'Lote 22')
    await app.shot(admin, 'tags-01-list')

    ;({ page: pedro } = await app.newPage())
    await app.loginUI(pedro, CNPJ, USER_EMAIL, PASSWORD)
    await pedro.goto(`${app.base}/tags`)
    await row(pedro, 'Atendidos').waitFor({ timeout: 15_000 })
    // Attendants see the tags but not the kanban switch, nor actions on others' tags.
    expect(await pedro.getByRole('columnheader', { name: 'Kanban' }).count()).toBe(0)
    expect(await pedro.getByRole('button', { name: 'Editar Atendidos' }).count()).toBe(0)
    expect(await admin.getByRole('columnheader', { name: 'Kanban' }).count()).toBe(1)
  })

  it('adds a tag through the dialog (name rules first), seen live by the attendant', async () => {
    current = admin
    await admin.getByRole('button', { name: 'Adicionar tag' }).click()
    const dialog = admin.getByRole('dialog')
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click()
    await dialog.getByText('Obrigatório').waitFor()
    await dialog.getByLabel('Nome').fill('ab')
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click()
    await dialog.getByText('Mensagem muito curta').waitFor()
    await dialog.getByLabel('Nome').fill('Cliente VIP')
    await dialog.getByRole('button', { name: '#d81b60' }).click()
    expect(await dialog.getByLabel('Cor', { exact: true }).inputValue()).toBe('#d81b60')
    await dialog.getByRole('switch', { name: 'Kanban' }).click()
    await app.shot(admin, 'tags-02-dialog')
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click()
    await admin.getByText('Tag salva com sucesso.').waitFor()
    await dialog.waitFor({ state: 'detached' })
    await row(admin, 'Cliente VIP').waitFor()
    expect(await row(admin, 'Cliente VIP').getByRole('switch').getAttribute('aria-checked')).toBe('true')
    const saved = await app.t.db('tags').where({ name: 'Cliente VIP' }).first('color', 'kanban')
    expect(saved).toEqual({ color: '#d81b60', kanban: 1 })
    // It sorts among the attendant's first page, so it shows there at once.
    await row(pedro, 'Cliente VIP').waitFor()
  })

  it('refuses a duplicate name inline, edits, searches and flips the kanban switch', async () => {
    await admin.getByRole('button', { name: 'Adicionar tag' }).click()
    let dialog = admin.getByRole('dialog')
    await dialog.getByLabel('Nome').fill('cliente vip')
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click()
    await dialog.getByText('Já existe uma tag com esse nome.').waitFor()
    await dialog.getByRole('button', { name: 'Cancelar' }).click()
    await dialog.waitFor({ state: 'detached' })

    await admin.getByRole('button', { name: 'Editar Cliente VIP' }).click()
    dialog = admin.getByRole('dialog')
    expect(await dialog.getByLabel('Nome').inputValue()).toBe('Cliente VIP')
    await dialog.getByLabel('Nome').fill('Cliente Ouro')
    await dialog.getByRole('button', { name: 'Salvar' }).click()
    await admin.getByText('Tag salva com sucesso.').first().waitFor()
    await row(admin, 'Cliente Ouro').waitFor()
    await row(pedro, 'Cliente Ouro').waitFor()
    expect(await row(pedro, 'Cliente VIP').count()).toBe(0)

    await admin.getByRole('searchbox', { name: 'Pesquisar' }).fill('ouro')
    await admin.waitForFunction(() => document.querySelectorAll('[data-testid^="tag-row-"]').length === 1)
    await row(admin, 'Cliente Ouro').getByRole('switch', { name: 'Kanban: Cliente Ouro' }).click()
    await admin.getByText('Tag removida do Kanban.').waitFor()
    expect(await row(admin, 'Cliente Ouro').getByRole('switch').getAttribute('aria-checked')).toBe('false')
    expect((await app.t.db('tags').where({ name: 'Cliente Ouro' }).first('kanban')).kanban).toBe(0)
    await app.shot(admin, 'tags-03-search')
    // A new search starts over at page 1.
    await admin.getByRole('searchbox', { name: 'Pesquisar' }).fill('lote')
    await row(admin, 'Lote 01').waitFor()
    expect(await admin.getByTestId('tags-count').textContent()).toContain(String(BULK))
    expect(await row(admin, 'Lote 22').count()).toBe(0)
    await admin.getByRole('searchbox', { name: 'Pesquisar' }).fill('')
    await row(admin, 'Atendidos').waitFor()
  })

  it('deletes the tag after confirmation, for both screens', async () => {
    await admin.getByRole('button', { name: 'Excluir Cliente Ouro' }).click()
    const confirm = admin.getByRole('dialog')
    await confirm.getByText('Excluir a tag Cliente Ouro?').waitFor()
    await confirm.getByRole('button', { name: 'Excluir', exact: true }).click()
    await admin.getByText('Tag excluída com sucesso.').waitFor()
    await row(admin, 'Cliente Ouro').waitFor({ state: 'detached' })
    await row(pedro, 'Cliente Ouro').waitFor({ state: 'detached' })
  })

  it('adds a company-wide quick message with an image, seen live by the admin', async () => {
    current = pedro
    await pedro
      .getByRole('navigation', { name: 'menu' })
      .getByRole('link', { name: 'Respostas rápidas' })
      .click({ timeout: 15_000 })
    await pedro.waitForURL(`${app.base}/quick-messages`)
    await pedro.getByText('Nenhuma resposta rápida cadastrada.').waitFor()
    await admin.goto(`${app.base}/quick-messages`)
    await admin.getByText('Nenhuma resposta rápida cadastrada.').waitFor()

    await pedro.getByRole('button', { name: 'Adicionar', exact: true }).click()
    const dialog = pedro.getByRole('dialog')
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click()
    await dialog.getByText('Obrigatório').waitFor()
    await dialog.getByLabel('Atalho').fill('/boasvindas')
    await dialog.getByLabel('Resposta').fill('Olá! Seja bem-vindo à nossa loja.')
    await dialog.getByRole('switch', { name: 'Geral' }).click()
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'catalogo.png', mimeType: 'image/png', buffer: PNG_1PX })
    await dialog.getByTestId('quick-message-media').getByText('catalogo.png').waitFor()
    await app.shot(pedro, 'quick-messages-01-dialog')
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click()
    await pedro.getByText('Atalho salvo com sucesso!').waitFor()
    await dialog.waitFor({ state: 'detached' })

    const mine = row(pedro, '/boasvindas')
    await mine.waitFor()
    await mine.getByRole('link', { name: 'catalogo.png' }).waitFor()
    // The signed link serves the very file.
    const href = (await mine.getByRole('link', { name: 'catalogo.png' }).getAttribute('href'))!
    const bytes = await pedro.evaluate(async (url) => {
      const r = await fetch(url)
      return r.ok ? Array.from(new Uint8Array(await r.arrayBuffer())) : []
    }, href)
    expect(Buffer.from(bytes)).toEqual(PNG_1PX)
    expect(await mine.getByText('Empresa').count()).toBe(1)
    // Company-wide: the admin's list follows live, with the file.
    await row(admin, '/boasvindas').getByRole('link', { name: 'catalogo.png' }).waitFor()
    await app.shot(pedro, 'quick-messages-02-list')
  })

  it('edits the message, removes the file, searches and deletes it', async () => {
    await pedro.getByRole('button', { name: 'Editar /boasvindas' }).click()
    const dialog = pedro.getByRole('dialog')
    expect(await dialog.getByLabel('Atalho').inputValue()).toBe('boasvindas')
    await dialog.getByLabel('Resposta').fill('Olá! Confira nosso catálogo novo.')
    await dialog.getByRole('button', { name: 'Remover anexo' }).click()
    await dialog.getByText('Sem anexo').waitFor()
    await dialog.getByRole('button', { name: 'Salvar' }).click()
    await pedro.getByText('Mídia removida.').waitFor()
    await dialog.waitFor({ state: 'detached' })
    await row(pedro, 'catálogo novo').waitFor()
    expect(await row(pedro, '/boasvindas').getByTestId('quick-message-media').count()).toBe(0)
    await row(admin, 'catálogo novo').waitFor()
    expect(await row(admin, '/boasvindas').getByTestId('quick-message-media').count()).toBe(0)
    const stored = await app.t
      .db('quick_messages')
      .where({ shortcode: 'boasvindas' })
      .first('message', 'mediaPath', 'geral')
    expect(stored).toEqual({ message: 'Olá! Confira nosso catálogo novo.', mediaPath: null, geral: true })

    // A second one, so the search has something to leave out.
    await pedro.getByRole('button', { name: 'Adicionar', exact: true }).click()
    const second = pedro.getByRole('dialog')
    await second.getByLabel('Atalho').fill('horario')
    await second.getByLabel('Resposta').fill('Atendemos das 8h às 18h.')
    await second.getByRole('button', { name: 'Adicionar', exact: true }).click()
    await row(pedro, '/horario').waitFor()
    // Private: the admin never sees it.
    await pedro.getByRole('searchbox', { name: 'Pesquisar' }).fill('catálogo')
    await pedro.waitForFunction(() => document.querySelectorAll('[data-testid^="quick-message-row-"]').length === 1)
    await row(pedro, '/boasvindas').waitFor()
    await app.shot(pedro, 'quick-messages-03-search')
    expect(await row(admin, '/horario').count()).toBe(0)

    await pedro.getByRole('button', { name: 'Excluir /boasvindas' }).click()
    const confirm = pedro.getByRole('dialog')
    await confirm.getByText('Excluir /boasvindas?').waitFor()
    await confirm.getByRole('button', { name: 'Excluir', exact: true }).click()
    await pedro.getByText('Resposta rápida excluída.').waitFor()
    await pedro.getByText('Nenhuma resposta rápida encontrada para "catálogo".').waitFor()
    await row(admin, '/boasvindas').waitFor({ state: 'detached' })
    await pedro.getByRole('searchbox', { name: 'Pesquisar' }).fill('')
    await row(pedro, '/horario').waitFor()
  })
})
