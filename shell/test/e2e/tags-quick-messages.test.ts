/**
 * modules/tags and modules/quick-messages in a real browser against the real kernel: an
 * admin pages
 * through the tags, adds one through the dialog (the name rules first, a colour, the kanban switch),
 * edits, searches, flips the kanban switch and deletes one, while an attendant's screen follows
 * live and shows no kanban switch; an attendant adds a company-wide quick message with an image, the
 * admin sees it live; an attendant edits one, drops its file, searches and deletes it. Each test
 * signs in its own pages and makes the tags, attendants and quick messages it changes.
 */
import { readFileSync } from 'node:fs'
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import type { Page } from 'playwright-core'
import type { ServiceRef } from '@atende/sdk'
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
interface Tag {
  id: number
  name: string
}

let app: BrowserApp
/** An admin that only the tests' setup calls use: a UI login of another account never ends its session. */
let fixtures: Headers
let seq = 0

/** Someone of the company, to sign in with. */
const account = (email: string) => ({ cnpj: CNPJ, email, password: PASSWORD })
const ADMIN = account(ADMIN_EMAIL)
const PEDRO = account(USER_EMAIL)

async function call(method: string, url: string, headers: Headers, payload?: object) {
  const res = await app.t.app.inject({ method: method as 'GET', url, headers, payload })
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`)
  return res.json()
}

/** A tag made for one test (its name sorts among the first page, before the Lote ones). */
const aTag = (name: string, kanban = 0): Promise<Tag> =>
  call('POST', '/api/tags', fixtures, { name, color: '#fb8c00', kanban })
/** The company's tags right now (those matching `search`), as the API counts them. */
const tagCount = async (search = '') =>
  (await call('GET', `/api/tags?searchParam=${encodeURIComponent(search)}`, fixtures)).count as number

/** An attendant made for one test: their quick messages are theirs alone. */
async function anAttendant(prefix: string) {
  seq += 1
  const email = `${prefix.toLowerCase().replace(/\W+/g, '')}${seq}@etiquetas.test`
  const name = `${prefix} ${seq}`
  await call('POST', '/api/users', fixtures, { name, email, password: PASSWORD, profile: 'user' })
  return { ...account(email), name }
}

/** A quick message of `who` made through the API, with `file` attached when given. */
async function aQuickMessage(
  who: { email: string },
  body: { shortcode: string; message: string; geral?: boolean },
  file?: { name: string; mimetype: string; data: Buffer },
) {
  // An API session of the author's own: their UI login later ends it, which setup no longer needs.
  const h = (await app.api(CNPJ, who.email, PASSWORD)).headers
  const qm = await call('POST', '/api/quick-messages', h, body)
  if (!file) return qm as { id: number }
  const boundary = '----atende-e2e-boundary'
  const res = await app.t.app.inject({
    method: 'POST',
    url: `/api/quick-messages/${qm.id}/media-upload`,
    headers: { ...h, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.mimetype}\r\n\r\n`,
      ),
      file.data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  })
  if (res.statusCode >= 300) throw new Error(`media-upload: ${res.statusCode} ${res.body}`)
  return res.json() as { id: number }
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
    name: 'Fixtures Admin',
    email: 'fixtures@etiquetas.test',
    password: PASSWORD,
    profile: 'admin',
  })
  fixtures = (await app.api(CNPJ, 'fixtures@etiquetas.test', PASSWORD)).headers
  await call('POST', '/api/users', h, {
    name: 'Pedro Atendente',
    email: USER_EMAIL,
    password: PASSWORD,
    profile: 'user',
  })
  // Tags no test changes: a full first page and more (BULK), and one on two tickets.
  for (let i = 1; i <= BULK; i++)
    await call('POST', '/api/tags', h, { name: `Lote ${String(i).padStart(2, '0')}`, color: '#546e7a' })
  // Tickets have no routes yet: through the services, as the pipeline would.
  const busy = await call('POST', '/api/tags', h, { name: 'Atendidos', color: '#43a047' })
  const k = app.t.app.kernel
  for (const number of ['5547991110001', '5547991110002']) {
    const ticket = await k.unitOfWork(company.id, async (uow) => {
      const [{ contact }] = await k.services
        .get<ServiceRef<'contacts', Services['contacts']>>('contacts')
        .upsertMany(uow, [{ number }])
      return k.services
        .get<ServiceRef<'tickets', Services['tickets']>>('tickets')
        .findOrOpen(uow, { contactId: contact.id, whatsappId: 1, userId: null, isGroup: false })
    })
    await call('POST', '/api/tags/sync', h, { ticketId: ticket.id, tags: [busy.id] })
  }
}, 240_000)

afterAll(async () => {
  await app?.close()
})

describe('tags and quick messages rules (no browser)', () => {
  it('validate the forms', () => {
    expect(nameError('')).toBe('tags.validation.required')
    expect(nameError(' ab ')).toEqual({ key: 'tags.validation.tooShort', values: { min: 3 } })
    expect(nameError('x'.repeat(51))).toEqual({ key: 'validation.tooLong', values: { max: 50 } })
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
          'Mensagem muito curta (mínimo {{min}} caracteres)',
        ])
      else expect(pt.quickMessages.validation.required).toBe('Obrigatório')
    }
  })
})

describe.skipIf(!canRun)('/tags and /quick-messages in a browser', () => {
  // A failed test leaves screenshots of its pages, and its contexts closed.
  afterEach((ctx) => app.settle('tags-qm', ctx.task))

  /** A page of its own signed in at /tags, once the list's first page shows. */
  async function atTags(who: { cnpj: string; email: string; password: string }) {
    const signed = await app.signedIn(who, '/tags')
    await row(signed.page, 'Atendidos').waitFor({ timeout: 15_000 })
    return signed
  }

  it('pages through the tags from the drawer, with colours and ticket counts', async () => {
    const { page: admin, context } = await app.signedIn(ADMIN)
    await admin.getByRole('navigation', { name: 'menu' }).getByRole('link', { name: 'Tags' }).click({ timeout: 15_000 })
    await admin.waitForURL(`${app.base}/tags`)
    await row(admin, 'Atendidos').waitFor()
    expect(await admin.getByTestId('tags-count').textContent()).toBe(`${await tagCount()} tags`)
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

    const { page: pedro, context: pedroContext } = await atTags(PEDRO)
    // Attendants see the tags but not the kanban switch, nor actions on others' tags.
    expect(await pedro.getByRole('columnheader', { name: 'Kanban' }).count()).toBe(0)
    expect(await pedro.getByRole('button', { name: 'Editar Atendidos' }).count()).toBe(0)
    expect(await admin.getByRole('columnheader', { name: 'Kanban' }).count()).toBe(1)
    await Promise.all([context.close(), pedroContext.close()])
  })

  it('adds a tag through the dialog (name rules first), seen live by the attendant', async () => {
    const { page: admin, context } = await atTags(ADMIN)
    const { page: pedro, context: pedroContext } = await atTags(PEDRO)
    await admin.getByRole('button', { name: 'Adicionar tag' }).click()
    const dialog = admin.getByRole('dialog')
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click()
    await dialog.getByText('Obrigatório').waitFor()
    await dialog.getByLabel('Nome').fill('ab')
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click()
    await dialog.getByText('Mensagem muito curta (mínimo 3 caracteres)').waitFor()
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
    await Promise.all([context.close(), pedroContext.close()])
  })

  it('refuses a duplicate name inline, edits, searches and flips the kanban switch', async () => {
    await aTag('Cliente Prata', 1)
    const { page: admin, context } = await atTags(ADMIN)
    const { page: pedro, context: pedroContext } = await atTags(PEDRO)
    await row(pedro, 'Cliente Prata').waitFor()
    await admin.getByRole('button', { name: 'Adicionar tag' }).click()
    let dialog = admin.getByRole('dialog')
    await dialog.getByLabel('Nome').fill('cliente prata')
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click()
    await dialog.getByText('Já existe uma tag com esse nome.').waitFor()
    await dialog.getByRole('button', { name: 'Cancelar' }).click()
    await dialog.waitFor({ state: 'detached' })

    await admin.getByRole('button', { name: 'Editar Cliente Prata' }).click()
    dialog = admin.getByRole('dialog')
    expect(await dialog.getByLabel('Nome').inputValue()).toBe('Cliente Prata')
    await dialog.getByLabel('Nome').fill('Cliente Ouro')
    await dialog.getByRole('button', { name: 'Salvar' }).click()
    await admin.getByText('Tag salva com sucesso.').first().waitFor()
    await row(admin, 'Cliente Ouro').waitFor()
    await row(pedro, 'Cliente Ouro').waitFor()
    expect(await row(pedro, 'Cliente Prata').count()).toBe(0)

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
    const lote = await tagCount('lote')
    expect(lote).toBeGreaterThan(20)
    await expect.poll(() => admin.getByTestId('tags-count').textContent()).toBe(`${lote} tags`)
    expect(await row(admin, 'Lote 22').count()).toBe(0)
    await admin.getByRole('searchbox', { name: 'Pesquisar' }).fill('')
    await row(admin, 'Atendidos').waitFor()
    await Promise.all([context.close(), pedroContext.close()])
  })

  it('deletes a tag after confirmation, for both screens', async () => {
    await aTag('Cliente Bronze')
    const { page: admin, context } = await atTags(ADMIN)
    const { page: pedro, context: pedroContext } = await atTags(PEDRO)
    await row(pedro, 'Cliente Bronze').waitFor()
    await admin.getByRole('button', { name: 'Excluir Cliente Bronze' }).click()
    const confirm = admin.getByRole('dialog')
    await confirm.getByText('Excluir a tag Cliente Bronze?').waitFor()
    await confirm.getByRole('button', { name: 'Excluir', exact: true }).click()
    await admin.getByText('Tag excluída com sucesso.').waitFor()
    await row(admin, 'Cliente Bronze').waitFor({ state: 'detached' })
    await row(pedro, 'Cliente Bronze').waitFor({ state: 'detached' })
    await Promise.all([context.close(), pedroContext.close()])
  })

  it('adds a company-wide quick message with an image, seen live by the admin', async () => {
    // An attendant of this test's own, so no quick message of theirs exists yet; no company-wide
    // one outlives another test (the one that makes one deletes it).
    const me = await anAttendant('Quésia Atalhos')
    const { page: mine, context } = await app.signedIn(me)
    const { page: admin, context: adminContext } = await app.signedIn(ADMIN, '/quick-messages')
    await admin.getByText('Nenhuma resposta rápida cadastrada.').waitFor({ timeout: 15_000 })
    await mine
      .getByRole('navigation', { name: 'menu' })
      .getByRole('link', { name: 'Respostas rápidas' })
      .click({ timeout: 15_000 })
    await mine.waitForURL(`${app.base}/quick-messages`)
    await mine.getByText('Nenhuma resposta rápida cadastrada.').waitFor()

    await mine.getByRole('button', { name: 'Adicionar', exact: true }).click()
    const dialog = mine.getByRole('dialog')
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click()
    await dialog.getByText('Obrigatório').waitFor()
    await dialog.getByLabel('Atalho').fill('/boasvindas')
    await dialog.getByLabel('Resposta').fill('Olá! Seja bem-vindo à nossa loja.')
    await dialog.getByRole('switch', { name: 'Geral' }).click()
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'catalogo.png', mimeType: 'image/png', buffer: PNG_1PX })
    await dialog.getByTestId('quick-message-media').getByText('catalogo.png').waitFor()
    await app.shot(mine, 'quick-messages-01-dialog')
    await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click()
    await mine.getByText('Atalho salvo com sucesso!').waitFor()
    await dialog.waitFor({ state: 'detached' })

    const saved = row(mine, '/boasvindas')
    await saved.waitFor()
    await saved.getByRole('link', { name: 'catalogo.png' }).waitFor()
    // The signed link serves the very file.
    const href = (await saved.getByRole('link', { name: 'catalogo.png' }).getAttribute('href'))!
    const bytes = await mine.evaluate(async (url) => {
      const r = await fetch(url)
      return r.ok ? Array.from(new Uint8Array(await r.arrayBuffer())) : []
    }, href)
    expect(Buffer.from(bytes)).toEqual(PNG_1PX)
    expect(await saved.getByText('Empresa').count()).toBe(1)
    // Company-wide: the admin's list follows live, with the file.
    await row(admin, '/boasvindas').getByRole('link', { name: 'catalogo.png' }).waitFor()
    await app.shot(mine, 'quick-messages-02-list')
    await Promise.all([context.close(), adminContext.close()])
  })

  it('edits a message, removes the file, searches and deletes it', async () => {
    const me = await anAttendant('Rui Atalhos')
    const shared = await aQuickMessage(
      me,
      { shortcode: 'novidades', message: 'Olá! Veja as novidades da semana.', geral: true },
      { name: 'catalogo.png', mimetype: 'image/png', data: PNG_1PX },
    )
    // Company-wide, so other tests' empty lists need it gone even if this test fails half way.
    onTestFinished(async () => {
      if (await app.t.db('quick_messages').where({ id: shared.id }).first('id'))
        await call('DELETE', `/api/quick-messages/${shared.id}`, fixtures)
    })
    const { page: mine, context } = await app.signedIn(me, '/quick-messages')
    const { page: admin, context: adminContext } = await app.signedIn(ADMIN, '/quick-messages')
    await row(mine, '/novidades').getByRole('link', { name: 'catalogo.png' }).waitFor({ timeout: 15_000 })
    await row(admin, '/novidades').getByRole('link', { name: 'catalogo.png' }).waitFor({ timeout: 15_000 })

    await mine.getByRole('button', { name: 'Editar /novidades' }).click()
    const dialog = mine.getByRole('dialog')
    expect(await dialog.getByLabel('Atalho').inputValue()).toBe('novidades')
    await dialog.getByLabel('Resposta').fill('Olá! Confira nosso catálogo novo.')
    await dialog.getByRole('button', { name: 'Remover anexo' }).click()
    await dialog.getByText('Sem anexo').waitFor()
    await dialog.getByRole('button', { name: 'Salvar' }).click()
    await mine.getByText('Mídia removida.').waitFor()
    await dialog.waitFor({ state: 'detached' })
    await row(mine, 'catálogo novo').waitFor()
    expect(await row(mine, '/novidades').getByTestId('quick-message-media').count()).toBe(0)
    await row(admin, 'catálogo novo').waitFor()
    expect(await row(admin, '/novidades').getByTestId('quick-message-media').count()).toBe(0)
    const stored = await app.t.db('quick_messages').where({ id: shared.id }).first('message', 'mediaPath', 'geral')
    expect(stored).toEqual({ message: 'Olá! Confira nosso catálogo novo.', mediaPath: null, geral: true })

    // A second one, so the search has something to leave out.
    await mine.getByRole('button', { name: 'Adicionar', exact: true }).click()
    const second = mine.getByRole('dialog')
    await second.getByLabel('Atalho').fill('horario')
    await second.getByLabel('Resposta').fill('Atendemos das 8h às 18h.')
    await second.getByRole('button', { name: 'Adicionar', exact: true }).click()
    await row(mine, '/horario').waitFor()
    // Private: the admin never sees it.
    await mine.getByRole('searchbox', { name: 'Pesquisar' }).fill('catálogo')
    await mine.waitForFunction(() => document.querySelectorAll('[data-testid^="quick-message-row-"]').length === 1)
    await row(mine, '/novidades').waitFor()
    await app.shot(mine, 'quick-messages-03-search')
    expect(await row(admin, '/horario').count()).toBe(0)

    await mine.getByRole('button', { name: 'Excluir /novidades' }).click()
    const confirm = mine.getByRole('dialog')
    await confirm.getByText('Excluir /novidades?').waitFor()
    await confirm.getByRole('button', { name: 'Excluir', exact: true }).click()
    await mine.getByText('Resposta rápida excluída.').waitFor()
    await mine.getByText('Nenhuma resposta rápida encontrada para "catálogo".').waitFor()
    await row(admin, '/novidades').waitFor({ state: 'detached' })
    await mine.getByRole('searchbox', { name: 'Pesquisar' }).fill('')
    await row(mine, '/horario').waitFor()
    await Promise.all([context.close(), adminContext.close()])
  })
})
