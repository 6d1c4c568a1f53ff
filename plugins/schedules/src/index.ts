import { definePlugin } from '@atende/sdk'
import { TICK_JOB, createDispatcher } from './dispatch.ts'
import { mapScheduleRealtime } from './events.ts'
import { registerSchedulesRoutes } from './routes.ts'
import { createScheduleService } from './service.ts'
// Listens to the contacts plugin's contact.deleted: declared by its contract.
import type {} from '@atende/plugin-contacts/api'

/** SCHEDULE_TICK_MS: how often due schedules are looked for (5 s; 0 turns the repeating tick off, for tests). */
const tickMs = () => Number(process.env.SCHEDULE_TICK_MS ?? 5000)

/** The events this plugin emits; it hears them too (frames for its sockets, work for its other processes). */
const EVENTS = ['schedule.deleted', 'schedule.saved']

/**
 * Schedules (plan flag useSchedules): messages to a contact
 * sent later, exactly once. Live through `company-{id}-schedule` (create / update / delete).
 *
 * Decisions where the spec is silent:
 * - Who: every user of the company sees every schedule and adds their own (the author is the caller);
 *   the author or an admin edits; an admin deletes any, the author only while it is not sent (a sent
 *   one: 403 ERR_NO_SCHEDULE_FOUND, the spec's "cannot delete a schedule already sent"). Another
 *   company's id is simply not found (404 ERR_NO_SCHEDULE_FOUND); contactId must be the company's
 *   (400 ERR_NO_CONTACT_FOUND naming contactId).
 * - Dates: scheduleDate is the appointment the message is about (where the calendar shows it); sendAt
 *   is when it goes out. Both YYYY-MM-DDTHH:mm at least (ISO with offset from the browser), else
 *   'Data inválida'. The form's default (modules/schedules/src/dates.ts): the chosen time is the clicked
 *   slot, else one hour ahead; sendAt one hour before it while that is ahead, else the chosen time, else
 *   one hour from now — a new form never defaults to sending at once.
 * - Status: PENDENTE → ENVIADA (sentAt) or ERRO (error says why). A change to a sent or failed schedule
 *   puts it back to PENDENTE (sentAt, error cleared) and it goes out again at its sendAt with a new
 *   providerId (a `round` counter); a sent one takes date changes only (400 ERR_SCHEDULE_ALREADY_SENT
 *   naming the field; the same for its image). A save that changes nothing changes no status.
 * - Lateness: a schedule due more than 24 h ago (SCHEDULE_MAX_LATE_MS) when the sender looks — the
 *   service was down — is not sent: ERRO 'expired'. Anything later than that goes out when it is back.
 * - Sending (src/dispatch.ts): the claim, the stored message and ENVIADA in one transaction; then the
 *   connection's outbound queue sends it once. Through the contact's connection (the one it last wrote
 *   on), else the company's default; none: ERRO. The ticket is the one tickets' outreachTicket picks
 *   (the active one, else the latest on that connection, else a new closed one: no pending ticket for
 *   attendants until the customer answers). Body rendered by the shared renderer ({{name}},
 *   {{firstName}}, {{greeting}}, {{protocol}}, {{date}}, {{hour}}, plus {{email}}, {{number}}).
 * - Media: one image per schedule (png, jpg, jpeg, checked from the bytes, not the name or the declared
 *   type: 400 ERR_FILE_TYPE_NOT_ALLOWED) through POST /schedules/{id}/media-upload; answers carry a signed
 *   URL (24 h). It goes with the message.
 * - Lists: GET /schedules also takes status, contactId, from/to (scheduleDate range) and limit (≤ 500,
 *   for a calendar month), and answers counters per status for the same search and range.
 */
export default definePlugin({
  name: 'schedules',
  version: '1.0.0',
  events: { emits: EVENTS, listens: [...EVENTS, 'contact.deleted', 'message.updated'] },
  host: '^1.0.0',
  planFlag: 'useSchedules',
  essential: false,
  module: true,
  moduleRoutes: ['/schedules'],
  dependsOn: ['tickets', 'connections', 'contacts'],
  services: {
    provides: ['schedules.dispatcher'],
    requires: ['tickets', 'contacts', 'connections'],
    optional: ['messaging'],
  },
  migrations: new URL('../migrations', import.meta.url),
  async register(app, kernel) {
    const service = createScheduleService(kernel)
    mapScheduleRealtime(kernel, (companyId, id) => service.get(companyId, id))
    registerSchedulesRoutes(app, service)
    const dispatcher = createDispatcher(kernel)
    kernel.services.provide('schedules.dispatcher', dispatcher)
    kernel.jobs.define(TICK_JOB, async () => {
      await dispatcher.tick()
    })
    if (tickMs() > 0) await kernel.jobs.add(TICK_JOB, {}, { jobId: 'schedules-tick', repeat: { every: tickMs() } })
    // A deleted contact's schedules go with it (no foreign key crosses plugins). Idempotent: every
    // process may run it; each removal reaches the calendars.
    kernel.bus.on('contact.deleted', async ({ companyId, contactId }) => {
      const gone: { id: number }[] = await kernel
        .tenant(companyId)('schedules')
        .where({ contactId })
        .delete()
        .returning('id')
      for (const { id } of gone) await kernel.bus.emit('schedule.deleted', { companyId, scheduleId: id })
    })
  },
})
