/**
 * modules/tasks in a real browser against the real kernel: an
 * admin adds a task for an attendant through the form (text, datetime-local, the users
 * multi-select); the attendant's /todolist shows it live under its day, and not a task of another
 * attendant; the attendant ticks it done (struck through) and the admin's screen follows live.
 * One company of the file's own; each user signs in once.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { aCompany, canRun, openBrowserApp, until, type Account, type BrowserApp } from './support.ts'
import { dayKey, formatDay, fromLocalInput, toLocalInput } from '../../../modules/tasks/src/dates.ts'
import { byDay } from '../../../modules/tasks/src/useTasks.ts'
import pt from '../../../modules/tasks/src/i18n/pt.json'
import en from '../../../modules/tasks/src/i18n/en.json'
import es from '../../../modules/tasks/src/i18n/es.json'
import type { Task } from '../../../modules/tasks/src/types.ts'

let app: BrowserApp
let admin: Account
let ana: Account
let bia: Account

const item = (p: Page, text: string) => p.getByTestId('task-item').filter({ hasText: text })
const struck = (p: Page, text: string) =>
  item(p, text)
    .getByTestId('task-text')
    .evaluate((el) => getComputedStyle(el).textDecorationLine)

beforeAll(async () => {
  if (!canRun) return
  app = await openBrowserApp()
  const company = await aCompany(app, 'Tarefas Ltda')
  admin = company
  // Setup through an API session of the admin's own, before any UI login ends it.
  const h = (await app.api(company.cnpj, company.email, company.password)).headers
  ana = { cnpj: company.cnpj, email: 'ana@tarefas.test', password: company.password }
  bia = { cnpj: company.cnpj, email: 'bia@tarefas.test', password: company.password }
  await app.call('POST', '/api/users', h, { name: 'Ana Atendente', ...ana, profile: 'user' })
  const b = await app.call('POST', '/api/users', h, { name: 'Bia Atendente', ...bia, profile: 'user' })
  await app.call('POST', '/api/tasks', h, { text: 'Tarefa só da Bia', userid: [b.id] })
}, 240_000)

afterAll(async () => {
  await app?.close()
})

describe('todo list rules (no browser)', () => {
  it('orders and groups as the server does, and reads dates in local time', () => {
    const task = (id: number, day: string | null) => ({ id, day }) as Task
    const order = [
      task(3, null),
      task(2, '2030-01-02T10:00:00.000Z'),
      task(1, null),
      task(4, '2030-01-01T10:00:00.000Z'),
    ]
    expect(order.sort(byDay).map((x) => x.id)).toEqual([4, 2, 1, 3])
    const iso = fromLocalInput('2030-12-24T10:30')!
    expect(toLocalInput(iso)).toBe('2030-12-24T10:30')
    expect(dayKey(iso)).toBe('2030-12-24')
    expect(formatDay(new Date(iso))).toBe('24/12/2030')
    expect([fromLocalInput(''), dayKey(null), toLocalInput(null)]).toEqual([null, null, ''])
  })

  it('has the same keys in pt, en and es, with the drawer item and the spec alert', () => {
    const keys = (o: Record<string, unknown>, p = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) =>
        v && typeof v === 'object' ? keys(v as Record<string, unknown>, `${p}${k}.`) : [`${p}${k}`],
      )
    expect(keys(en)).toEqual(keys(pt))
    expect(keys(es)).toEqual(keys(pt))
    expect([pt.menu.tasks, en.menu.tasks, es.menu.tasks]).toEqual(['Tarefas', 'Tasks', 'Tareas'])
    expect([pt.tasks.noDate, en.tasks.noDate, es.tasks.noDate]).toEqual(['Sem data', 'No date', 'Sin fecha'])
    expect(pt.tasks.noSessionUser).toBe('Usuário não encontrado na sessão!')
  })
})

describe.skipIf(!canRun)('todo list', () => {
  afterEach(async (ctx) => {
    await app.settle('tasks', ctx.task)
  })

  it('an admin assigns a task, the attendant sees it live and marks it done, the admin sees that live', async () => {
    const adminPage = (await app.signedIn(admin, '/todolist')).page
    const anaPage = (await app.signedIn(ana, '/todolist')).page

    // The admin sees every task; Ana only hers (none yet).
    await item(adminPage, 'Tarefa só da Bia').waitFor()
    await anaPage.getByText('Nenhuma tarefa.').waitFor()

    // A 10,000-character text is not cut silently: the box holds the server's 5,000 and says so.
    const box = adminPage.getByLabel('Tarefa', { exact: true })
    expect(await box.getAttribute('maxlength')).toBe('5000')
    await box.fill('x'.repeat(10_000))
    await adminPage.getByText('Texto cortado: este campo aceita no máximo 5.000 caracteres.').waitFor()
    expect((await box.inputValue()).length).toBe(5_000)

    const text = 'Ligar para o cliente Souza'
    await box.fill(text)
    await adminPage.getByLabel('Data', { exact: true }).fill('2030-12-24T10:30')
    await adminPage.getByLabel('Responsáveis', { exact: true }).click()
    await adminPage.getByRole('checkbox', { name: 'Ana Atendente' }).check()
    await adminPage.getByRole('button', { name: 'Adicionar' }).click()
    await item(adminPage, text).waitFor()

    // Live on Ana's screen, under its day, with its users; Bia's task never shows.
    const mine = item(anaPage, text)
    await mine.waitFor()
    expect(await anaPage.getByRole('heading', { name: '24/12/2030' }).count()).toBe(1)
    expect(await mine.textContent()).toContain('Responsáveis: Ana Atendente')
    expect(await mine.textContent()).toContain('24/12/2030 10:30')
    expect(await item(anaPage, 'Tarefa só da Bia').count()).toBe(0)
    expect(await struck(anaPage, text)).toBe('none')

    // Ana ticks it done: struck through on her screen, and live on the admin's.
    // A controlled box: it turns checked when the server has answered.
    await mine.getByRole('checkbox').click()
    await until(
      () => struck(anaPage, text),
      (v) => v === 'line-through',
    )
    await until(
      () => struck(adminPage, text),
      (v) => v === 'line-through',
    )
    expect(await item(adminPage, text).getByRole('checkbox').isChecked()).toBe(true)
    expect(await item(anaPage, 'Tarefa só da Bia').count()).toBe(0)
    await app.shot(adminPage, 'tasks-admin')
  })
})
