/**
 * modules/audit in a real browser against the real kernel (issue 22, "Audit log"): an admin's
 * changes made through the API show on /audit newest first, each as a sentence with the fields
 * that changed (a campaign's status, a setting's value, a language); the filters narrow it, the
 * details dialog shows before and after, scrolling loads older entries; an attendant has no such
 * screen; the super user sees every company, filters by one, and is named as the super user.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { SUPER } from '@atende/kernel/testing'
import { aCompany, canRun, openBrowserApp, until, type Account, type BrowserApp } from './support.ts'
import i18next from 'i18next'
import { entrySentence, formatValue, type Translate } from '../../../modules/audit/src/format.ts'
import pt from '../../../modules/audit/src/i18n/pt.json'
import en from '../../../modules/audit/src/i18n/en.json'
import es from '../../../modules/audit/src/i18n/es.json'

type AuditEntry = Parameters<typeof entrySentence>[0]

let app: BrowserApp
let admin: Account & { id: number }
let other: Account & { id: number }
let attendant: Account
let queueId = 0
let campaignId = 0
/** The setting toggled this many times: with the rest, more entries than one answer holds (50). */
const TOGGLES = 56

const table = (p: Page) => p.getByTestId('audit-table')
const rows = (p: Page) => table(p).locator('tbody tr[data-testid^="audit-row-"]')

beforeAll(async () => {
  if (!canRun) return
  app = await openBrowserApp()
  admin = await aCompany(app, 'Auditada Ltda')
  other = await aCompany(app, 'Outra Ltda')
  // Setup through API sessions of their own, before the pages' logins end them.
  const h = (await app.api(admin.cnpj, admin.email, admin.password)).headers
  attendant = { cnpj: admin.cnpj, email: 'atendente@auditada.test', password: 'Senha@123' }
  await app.call('POST', '/api/users', h, { name: 'Atendente', profile: 'user', ...attendant })
  for (let i = 0; i < TOGGLES; i++)
    await app.call('PUT', '/api/settings/userRating', h, { value: i % 2 ? 'disabled' : 'enabled' })
  // Another admin, Ana Souza: a campaign the engine started, which she cancels; her language.
  const ana = { cnpj: admin.cnpj, email: 'ana@auditada.test', password: 'Senha@123' }
  await app.call('POST', '/api/users', h, { name: 'Ana Souza', profile: 'admin', ...ana })
  const a = (await app.api(ana.cnpj, ana.email, ana.password)).headers
  const w = await app.call('POST', '/api/whatsapp', a, { name: 'Simulador', provider: 'simulator' })
  const [list] = await app.t.app.kernel
    .db('contact_lists')
    .insert({ companyId: admin.id, name: 'Clientes' })
    .returning('id')
  campaignId = (
    await app.call('POST', '/api/campaigns', a, {
      name: 'Black Friday',
      message1: 'Olá!',
      scheduledAt: new Date(Date.now() + 3 * 3600_000).toISOString(),
      whatsappId: w.id,
      contactListId: list.id,
    })
  ).id
  await app.t.app.kernel.db('campaigns').where({ id: campaignId }).update({ status: 'EM_ANDAMENTO' })
  await app.call('POST', `/api/campaigns/${campaignId}/cancel`, a)
  await app.call('POST', '/api/users/set-language/es', a)
  queueId = (await app.call('POST', '/api/queue', h, { name: 'Vendas', color: '#aa0000' })).id
  await app.call('PUT', `/api/queue/${queueId}`, h, { name: 'Vendas B2B' })
  const o = (await app.api(other.cnpj, other.email, other.password)).headers
  await app.call('POST', '/api/queue', o, { name: 'Fila da outra', color: '#00aa00' })
  const su = (await app.api(SUPER.cnpj, SUPER.email, SUPER.password)).headers
  await app.call('PUT', `/api/companies/${other.id}`, su, { name: 'Outra Comércio Ltda' })
}, 240_000)

afterAll(async () => {
  await app?.close()
})

afterEach(async (ctx) => {
  await app?.settle('audit', ctx.task)
})

describe('audit module rules (no browser)', () => {
  it('reads each entry as a sentence in pt, en and es, and has the same keys in all three', async () => {
    const translator = async (lng: 'pt' | 'en' | 'es'): Promise<Translate> => {
      const i18n = i18next.createInstance()
      await i18n.init({
        lng,
        resources: { pt: { translation: pt }, en: { translation: en }, es: { translation: es } },
        interpolation: { escapeValue: false },
      })
      return (key, options) => i18n.t(key, options ?? {}) as string
    }
    const [tPt, tEn, tEs] = await Promise.all([translator('pt'), translator('en'), translator('es')])
    const entry: AuditEntry = {
      id: 1,
      companyId: 1,
      userId: 1,
      userName: 'Ana Souza',
      bySuper: false,
      entity: 'campaign',
      entityId: '3',
      entityName: 'Black Friday',
      action: 'update',
      changes: { status: { before: 'EM_ANDAMENTO', after: 'CANCELADA' } },
      createdAt: '2030-01-01T00:00:00.000Z',
    }
    expect(entrySentence(entry, tPt)).toBe('Ana Souza alterou a campanha Black Friday: status EM_ANDAMENTO → CANCELADA')
    expect(entrySentence(entry, tEn)).toBe(
      'Ana Souza changed the campaign Black Friday: status EM_ANDAMENTO → CANCELADA',
    )
    expect(entrySentence(entry, tEs)).toBe(
      'Ana Souza modificó la campaña Black Friday: estado EM_ANDAMENTO → CANCELADA',
    )
    const setting: AuditEntry = {
      ...entry,
      entity: 'setting',
      entityId: 'userRating',
      entityName: null,
      changes: { value: { before: 'disabled', after: 'enabled' } },
    }
    expect(entrySentence(setting, tPt)).toBe('Ana Souza alterou a configuração Avaliações: desabilitado → habilitado')
    expect(entrySentence(setting, tEn)).toBe('Ana Souza changed the setting Ratings: disabled → enabled')
    // The super user is named as such, apart from the name; a removed user is said so.
    const bySuper = { ...entry, userName: 'Super Admin', bySuper: true, action: 'create', changes: {} }
    expect(entrySentence(bySuper, tPt)).toBe('Super Admin (super usuário) criou a campanha Black Friday')
    expect(entrySentence({ ...bySuper, userName: null, bySuper: false, entityName: null }, tEs)).toBe(
      'Usuario eliminado creó la campaña #3',
    )
    // Values in words: nothing, yes/no, a record by its name, weekly hours; never raw JSON for those.
    expect(formatValue('', tPt)).toBe('—')
    expect(formatValue(true, tPt)).toBe('sim')
    expect(formatValue({ id: 1, name: 'Plano Pro' }, tPt)).toBe('Plano Pro')
    expect(formatValue([{ weekday: 'Segunda', weekdayEn: 'monday', startTime: '08:00', endTime: '18:00' }], tPt)).toBe(
      'Segunda 08:00–18:00',
    )
    const keys = (o: object, prefix = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]))
    expect(keys(en).sort()).toEqual(keys(pt).sort())
    expect(keys(es).sort()).toEqual(keys(pt).sort())
  })
})

describe.runIf(canRun)('audit screen', () => {
  it("shows the admin's changes newest first, filters them, details them and scrolls to older ones", async () => {
    const { page } = await app.signedIn(admin, '/audit')
    await rows(page).first().waitFor()
    expect(await rows(page).count()).toBeGreaterThan(10)
    // Newest first, each a sentence: the queue's rename with only the name changed, Ana's language
    // (the language alone, not the company her user carries), her cancel of the campaign the engine
    // had started (no "Nenhum campo registrado"), the setting's last toggle.
    const sentences = await rows(page).getByTestId('audit-sentence').allTextContents()
    expect(sentences.slice(0, 3)).toEqual([
      'Auditada Ltda alterou a fila Vendas B2B: nome Vendas → Vendas B2B',
      'Auditada Ltda criou a fila Vendas',
      'Ana Souza alterou o usuário Ana Souza: idioma — → espanhol',
    ])
    expect(sentences).toContain('Ana Souza alterou a campanha Black Friday: status EM_ANDAMENTO → CANCELADA')
    expect(sentences).toContain('Ana Souza criou a campanha Black Friday')
    expect(sentences).toContain('Auditada Ltda alterou a configuração Avaliações: habilitado → desabilitado')
    expect(sentences.join(' ')).not.toContain('Nenhum campo registrado')

    const first = rows(page).first()
    await first.getByRole('button', { name: 'Detalhes' }).click()
    const details = page.getByTestId('audit-details')
    await details.waitFor()
    const cells = await details.locator('tbody tr').first().locator('td').allTextContents()
    expect(cells).toEqual(['nome', 'Vendas', 'Vendas B2B'])
    expect(await page.getByRole('dialog').getByRole('heading').first().textContent()).toBe(
      'Auditada Ltda alterou a fila Vendas B2B',
    )
    await page.keyboard.press('Escape')
    await details.waitFor({ state: 'detached' })

    // Scrolling to the end loads the older entries (one answer holds 50).
    await until(
      async () => {
        await table(page).evaluate((el) => {
          el.scrollTop = el.scrollHeight
        })
        return table(page).locator('table').getAttribute('aria-rowcount')
      },
      (n) => Number(n) > TOGGLES,
    )

    // By kind of record: only the queue's two entries.
    await page.getByLabel('Registro').selectOption('queue')
    await until(
      () => rows(page).count(),
      (n) => n === 2,
    )
    expect(await rows(page).nth(1).textContent()).toContain('Auditada Ltda criou a fila Vendas')
    // A day range after today: nothing, and the screen says so.
    const tomorrow = new Date(Date.now() + 86_400_000)
    const day = `${tomorrow.getFullYear()}-${String(tomorrow.getMonth() + 1).padStart(2, '0')}-${String(tomorrow.getDate()).padStart(2, '0')}`
    await page.getByLabel('De').fill(day)
    await page.getByText('Nenhuma alteração encontrada com esses filtros.').waitFor()
    await app.shot(page, 'audit-admin-filtered')
  })

  it('is no screen for attendants: no drawer item, and the API refuses them', async () => {
    const { page } = await app.signedIn(attendant, '/audit')
    await page.getByText('Não foi possível carregar o registro de auditoria.').waitFor()
    expect(await page.getByRole('navigation', { name: 'menu' }).getByText('Auditoria').count()).toBe(0)
  })

  it('shows the super user every company, with a company column and filter', async () => {
    const { page } = await app.signedIn(SUPER, '/audit')
    await rows(page).first().waitFor()
    await page.getByLabel('Empresa (ID)').fill(String(other.id))
    await until(
      () => rows(page).allTextContents(),
      (texts) => texts.length > 0 && texts.every((t) => t.includes(`#${other.id}`)),
    )
    const texts = (await rows(page).allTextContents()).join(' ')
    expect(texts).toContain('Outra Ltda criou a fila Fila da outra')
    expect(texts).not.toContain('Vendas B2B')
    // The super user's own change: named apart from the name, the company's name alone changed.
    expect(texts).toContain(
      'Super Admin (super usuário) alterou a empresa Outra Comércio Ltda: nome Outra Ltda → Outra Comércio Ltda',
    )
    expect(texts).not.toContain('Super AdminSuper')
    await app.shot(page, 'audit-super')
  })
})
