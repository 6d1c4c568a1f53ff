/**
 * modules/schedules in a real browser against the real kernel:
 * an admin opens /schedules, adds a schedule through the form for a simulator contact due now, and
 * watches its event turn ENVIADA live when the sender (SCHEDULE_TICK_MS 300, set before the app
 * boots) sends it; the simulator's phone holds it once. `?contactId=` and the ticket's schedule button
 * open the form for that contact.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { aCompany, canRun, openBrowserApp, until, type Account, type BrowserApp } from './support.ts'
import { defaultDates, toLocalInput } from '../../../modules/schedules/src/dates.ts'
import pt from '../../../modules/schedules/src/i18n/pt.json'
import en from '../../../modules/schedules/src/i18n/en.json'
import es from '../../../modules/schedules/src/i18n/es.json'

let app: BrowserApp
let admin: Account
let whatsappId: number
let contact: { id: number; name: string; number: string }

beforeAll(async () => {
  if (!canRun) return
  process.env.SCHEDULE_TICK_MS = '300'
  app = await openBrowserApp()
  admin = await aCompany(app, 'Agenda Ltda')
  const h = (await app.api(admin.cnpj, admin.email, admin.password)).headers
  const w = await app.call('POST', '/api/whatsapp', h, { name: 'Simulador', provider: 'simulator' })
  whatsappId = w.id
  await app.call('POST', '/api/simulator/' + w.id + '/scan', h, {})
  contact = await app.call('POST', '/api/contacts', h, { name: 'Carla Cliente', number: '5547991234567' })
}, 240_000)

afterAll(async () => {
  delete process.env.SCHEDULE_TICK_MS
  await app?.close()
})

describe('schedule rules (no browser)', () => {
  it('has the same keys in pt, en and es, the drawer item and the spec messages', () => {
    const keys = (o: Record<string, unknown>, p = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) =>
        v && typeof v === 'object' ? keys(v as Record<string, unknown>, `${p}${k}.`) : [`${p}${k}`],
      )
    expect(keys(en)).toEqual(keys(pt))
    expect(keys(es)).toEqual(keys(pt))
    expect(pt.menu.schedules).toBe('Agendamentos')
    expect([pt.schedules.validation.required, pt.schedules.validation.bodyShort]).toEqual([
      'Obrigatório',
      'Mensagem muito curta',
    ])
    expect([pt.schedules.validation.date, pt.schedules.validation.descriptionShort]).toEqual([
      'Data inválida',
      'Descrição muito curta',
    ])
  })

  it('defaults sendAt to one hour before the chosen time, never to sending at once', () => {
    const now = new Date(2030, 0, 2, 10, 0)
    expect(defaultDates(new Date(2030, 0, 3, 15, 30), now)).toEqual({
      scheduleDate: '2030-01-03T15:30',
      sendAt: '2030-01-03T14:30',
    })
    // Under an hour ahead: at the chosen time; in the past: one hour from now.
    expect(defaultDates(new Date(2030, 0, 2, 10, 30), now).sendAt).toBe('2030-01-02T10:30')
    expect(defaultDates(new Date(2030, 0, 1, 9, 0), now).sendAt).toBe('2030-01-02T11:00')
    // No slot: one hour ahead.
    expect(defaultDates(null, now)).toEqual({ scheduleDate: '2030-01-02T11:00', sendAt: '2030-01-02T11:00' })
  })
})

describe.skipIf(!canRun)('schedules', () => {
  afterEach(async (ctx) => {
    await app.settle('schedules', ctx.task)
  })

  it('a schedule made in the form for now goes out once and turns ENVIADA live', async () => {
    const { page, context } = await app.signedIn(admin, '/schedules')
    await page.getByTestId('schedules-calendar').waitFor()
    await page.getByRole('button', { name: 'Novo agendamento' }).click()
    const form = page.getByTestId('schedule-form')
    // Every field the form requires is marked (an asterisk beside its label, `required` on the
    // control, a note saying what * means); the two dates and the description say what they are.
    const fields = await form.evaluate((f) =>
      Object.fromEntries(
        [...f.querySelectorAll('label')].map((l) => {
          const control = document.getElementById(l.htmlFor)
          const describedBy = control?.getAttribute('aria-describedby')
          return [
            l.textContent,
            {
              marked: l.nextElementSibling?.textContent === '*',
              required: !!control?.hasAttribute('required'),
              hint: (describedBy && document.getElementById(describedBy)?.textContent) || null,
            },
          ]
        }),
      ),
    )
    const f = pt.schedules.form
    expect(fields).toEqual({
      [f.contact]: { marked: true, required: true, hint: null },
      [f.body]: { marked: true, required: true, hint: f.bodyHint },
      [f.description]: { marked: true, required: true, hint: f.descriptionHint },
      [f.scheduleDate]: { marked: true, required: true, hint: f.scheduleDateHint },
      [f.sendAt]: { marked: true, required: true, hint: f.sendAtHint },
    })
    expect([f.scheduleDate, f.sendAt]).toEqual(['Data no calendário', 'Data de envio'])
    expect(f.scheduleDateHint).toContain('calendário')
    expect(f.sendAtHint).toContain('Quando a mensagem vai para o contato')
    expect(await form.getByTestId('schedule-required-note').textContent()).toBe('Campos com * são obrigatórios.')
    await app.shot(page, 'schedules-form')
    await form.getByLabel('Contato').fill('Carla')
    await page.getByRole('option', { name: /Carla Cliente/ }).click()
    await expect.poll(() => form.getByTestId('schedule-contact').textContent()).toContain('Carla Cliente')
    await form.getByLabel('Mensagem').fill('Olá {{firstName}}, seu horário é hoje!')
    await form.getByLabel('Descrição').fill('Confirmar horário')
    const now = toLocalInput(new Date())
    await form.getByLabel('Data no calendário').fill(now)
    await form.getByLabel('Data de envio').fill(now)
    await page.getByRole('button', { name: 'Adicionar' }).click()
    const event = page.locator('.rbc-event', { hasText: 'Confirmar horário' })
    await event.waitFor()
    // Sent by the repeating sender; the calendar follows company-{id}-schedule.
    await expect.poll(() => event.textContent(), { timeout: 20_000 }).toContain('Enviada')
    // The page's own session (a second login of the admin would end it).
    const outbox = async () =>
      (await app.callAs(page, 'GET', `/api/simulator/${whatsappId}/outbox`)).messages as { body: string }[]
    const box = await until(outbox, (m) => m.length > 0)
    await new Promise((r) => setTimeout(r, 1000))
    const again = await outbox()
    expect(box.map((m) => m.body)).toEqual(['Olá Carla, seu horário é hoje!'])
    expect(again.map((m) => m.body)).toEqual(['Olá Carla, seu horário é hoje!'])
    await app.shot(page, 'schedules-sent')
    // ?contactId= opens the form for that contact.
    await page.goto(`${app.base}/schedules?contactId=${contact.id}`)
    await expect
      .poll(() => page.getByTestId('schedule-form').getByTestId('schedule-contact').textContent())
      .toContain('Carla Cliente')
    // From the ticket the message went on: the chat header's schedule button (ticket.actions) opens
    // the same form for the ticket's contact.
    const [sent] = (await app.callAs(page, 'GET', '/api/schedules?searchParam=Confirmar')).schedules
    await page.goto(`${app.base}/tickets/${sent.ticketId}`)
    await page.getByTestId('ticket-schedule').click()
    const fromTicket = page.getByTestId('schedule-form')
    await expect.poll(() => fromTicket.getByTestId('schedule-contact').textContent()).toContain('Carla Cliente')
    await fromTicket.getByLabel('Mensagem').fill('Retorno agendado pelo ticket')
    await fromTicket.getByLabel('Descrição').fill('Retorno do ticket')
    await page.getByRole('button', { name: 'Adicionar' }).click()
    const made = await until(
      async () => (await app.callAs(page, 'GET', '/api/schedules?searchParam=Retorno%20do%20ticket')).schedules,
      (list: { contactId: number }[]) => list.length === 1,
    )
    expect(made[0]).toMatchObject({ contactId: contact.id, status: 'PENDENTE' })
    await context.close()
  }, 120_000)
})
