import { notFound, type Kernel } from '@atende/sdk'
import type { ContactsRef } from '@atende/plugin-contacts/api'
import type { TicketsRef, MessagingRef } from '@atende/plugin-tickets/api'
import type { RoutingStep } from '@atende/plugin-connections/api'
import { ERR_NO_PENDING_TICKET, GRANTED_SETTING } from './api.ts'
import { ASK_MODEL, ASK_PART, ASK_YEAR, MAX_RESULTS, answerText } from './consult-texts.ts'
import type { Grants } from './grants.ts'
import type { Inventory } from './inventory.ts'

type Step = 'part' | 'model' | 'year'
interface ConsultRow {
  id: number
  ticketId: number
  step: Step
  part: string
  model: string
}

/**
 * The built-in parts consult (fired for pending tickets of the granted company): one
 * question at a time — part, model, year — then the answer from the imported inventory, and the
 * ticket stays pending for an attendant. State is one `part_consults` row per ticket; the replies
 * are consumed by an inbound routing step (order 90, before flows, prompts and the queue chatbot)
 * while that row exists. The flow runtime is not used: it runs a company's saved graph, and a fixed
 * three-question exchange reads simpler as this small state machine.
 */
export function createConsult(kernel: Kernel, grants: Grants, inventory: Inventory) {
  const tickets = () => kernel.services.get<TicketsRef>('tickets')
  const contacts = () => kernel.services.get<ContactsRef>('contacts')
  const messaging = () => kernel.services.get<MessagingRef>('messaging')

  /** The newest pending ticket of the company's contact with this number (normalised as contacts do). */
  async function pendingTicketOf(companyId: number, whatsappNumber: string) {
    const number = contacts().normaliseNumber(whatsappNumber)
    if (number) {
      const ids = await contacts().searchIds(companyId, number, 20)
      const exact = (await contacts().byIds(companyId, ids)).filter((c) => c.number === number).map((c) => c.id)
      const ticket = await tickets().pendingOf(companyId, exact)
      if (ticket) return ticket
    }
    throw notFound(ERR_NO_PENDING_TICKET, 'No pending ticket for this number')
  }

  return {
    /** Start (or restart from the first question) the consult on the number's pending ticket. */
    async start(companyId: number, whatsappNumber: string) {
      const ticket = await pendingTicketOf(companyId, whatsappNumber)
      const t = kernel.tenant(companyId)
      await t
        .insert('part_consults', { ticketId: ticket.id, step: 'part', part: '', model: '' })
        .onConflict('ticketId')
        .merge({ step: 'part', part: '', model: '', updatedAt: new Date() })
      await messaging().send(companyId, ticket.id, ASK_PART)
      return { ticketId: ticket.id, started: true }
    },

    /** The inbound step: a customer's message on a ticket with a consult is its answer. */
    step: {
      name: 'parts-consult',
      order: 90,
      async run(ctx) {
        if (ctx.message.fromMe) return false
        // Every customer message of every company passes here: the grant's mirrored setting (kept by
        // the kernel for a few seconds, dropped on change) spares the others a query. A revoke
        // removes the consults with the grant.
        if ((await kernel.settings.get(ctx.companyId, GRANTED_SETTING)) !== 'true') return false
        const t = kernel.tenant(ctx.companyId)
        const row: ConsultRow | undefined = await t('part_consults').where({ ticketId: ctx.ticket.id }).first()
        if (!row) return false
        // Taken by an attendant, closed, or the grant withdrawn: the consult is over.
        if (ctx.ticket.status !== 'pending' || !(await grants.granted(ctx.companyId))) {
          await t('part_consults').where({ id: row.id }).delete()
          return false
        }
        const answer = ctx.message.body.trim().slice(0, 100)
        const ask = { part: ASK_PART, model: ASK_MODEL, year: ASK_YEAR }[row.step]
        if (!answer) {
          await ctx.reply(ask) // a picture or a sticker: the same question again
          return true
        }
        if (row.step === 'part' || row.step === 'model') {
          const next: Step = row.step === 'part' ? 'model' : 'year'
          // Conditional on the step: of two quick messages only the first answers it.
          const moved = await t('part_consults')
            .where({ id: row.id, step: row.step })
            .update({ [row.step]: answer, step: next, updatedAt: new Date() })
            .returning('id')
          if (moved.length) await ctx.reply(next === 'model' ? ASK_MODEL : ASK_YEAR)
          return true
        }
        const done = await t('part_consults').where({ id: row.id, step: 'year' }).delete().returning('id')
        if (!done.length) return true
        const q = { part: row.part, model: row.model, year: answer }
        const found = await inventory.search(ctx.companyId, q, MAX_RESULTS + 1)
        await ctx.reply(answerText(q, found.slice(0, MAX_RESULTS), found.length > MAX_RESULTS))
        return true
      },
    } satisfies RoutingStep,
  }
}
