/**
 * Ratings (1 unsatisfied, 2 satisfied, 3 very satisfied). Closing a ticket with the
 * userRating setting on asks the customer (auto-messages.ts → askRating) and leaves a ticket_ratings
 * row with a null rate. The customer's next message on that connection answers it when it is 1, 2
 * or 3 within RATING_WINDOW_MS; anything else drops the question and flows on normally.
 *
 * The answer is caught by a step of the connections pipeline's routing chain, registered through the
 * `inbound` service ahead of every other step (DDD routing is 100, the queues chatbot 400). By then
 * the pipeline has committed the answer on a fresh pending ticket: the chain runs after the commit,
 * and the write path (tickets' ingest, one fixed set of statements per batch) stays free of a
 * per-message rating lookup. The step therefore moves the answer into the rated conversation and
 * deletes the fresh ticket (announced as ticket.deleted), so nothing is left open for it. Only new
 * tickets can carry an answer (the rated ticket was the contact's active one), so other messages
 * cost no query at all.
 */
import type { Kernel, ServiceRef } from '@atende/sdk'
import type { Message, Ticket } from './api.ts'
import type { MessagingService, MessagingRef } from './messaging-api.ts'
import { messageView, publicMessage } from './views.ts'
import type { TicketRow } from './rows.ts'

export const RATING_WINDOW_MS = 24 * 3_600_000
export const RATING_STEP_ORDER = 50
export const RATING_INTRO = 'Por favor, avalie o nosso atendimento respondendo com o número da opção:'
export const RATING_OPTIONS = '1 - Insatisfeito\n2 - Satisfeito\n3 - Muito satisfeito'
export const RATING_THANKS = 'Obrigado pela sua avaliação!'

/** The connection's ratingMessage (or our intro) followed by the scale, so the answer is always a number. */
export function ratingQuestion(custom: string) {
  return `${custom.trim() || RATING_INTRO}\n\n${RATING_OPTIONS}`
}

/** '3', ' 3 ', '*3*', '3.' → 3; anything else is not an answer. */
export function parseRate(body: string): 1 | 2 | 3 | null {
  const m = /^\*?\s*([1-3])\s*\*?[.!]?$/.exec(body.trim())
  return m ? (Number(m[1]) as 1 | 2 | 3) : null
}

/** Ask, then remember the question: stored after the message is, so no answer can arrive before it. */
export async function askRating(
  kernel: Kernel,
  messaging: MessagingService,
  ticket: Pick<TicketRow, 'id' | 'companyId' | 'contactId' | 'whatsappId' | 'userId' | 'queueId'>,
  custom: string,
) {
  const { companyId } = ticket
  await messaging.send(companyId, ticket.id, ratingQuestion(custom))
  const t = kernel.tenant(companyId)
  // One question at a time per customer and connection: an older unanswered one is void.
  await t('ticket_ratings')
    .where({ contactId: ticket.contactId, whatsappId: ticket.whatsappId })
    .whereNull('rate')
    .whereNot({ ticketId: ticket.id })
    .delete()
  await t
    .insert('ticket_ratings', {
      ticketId: ticket.id,
      contactId: ticket.contactId,
      whatsappId: ticket.whatsappId,
      userId: ticket.userId,
      queueId: ticket.queueId,
      rate: null,
      askedAt: new Date(),
      ratedAt: null,
    })
    .onConflict('ticketId')
    .merge(['contactId', 'whatsappId', 'userId', 'queueId', 'rate', 'askedAt', 'ratedAt'])
}

/** What the step reads of the pipeline's RoutingContext (connections' routing.ts; not imported: connections depends on this plugin). */
export interface RatingContext {
  companyId: number
  whatsapp: { id: number }
  ticket: Ticket
  message: Message
  isNewTicket: boolean
}

export function createRatingStep(kernel: Kernel, now: () => number = Date.now) {
  return {
    name: 'ticket-rating',
    order: RATING_STEP_ORDER,
    async run(ctx: RatingContext): Promise<boolean> {
      if (!ctx.isNewTicket || ctx.ticket.isGroup || ctx.message.fromMe) return false
      const { companyId } = ctx
      const t = kernel.tenant(companyId)
      const where = { contactId: ctx.ticket.contactId, whatsappId: ctx.whatsapp.id }
      const awaiting = await t('ticket_ratings')
        .where(where)
        .whereNull('rate')
        .orderBy('askedAt', 'desc')
        .first('id', 'ticketId', 'askedAt')
      if (!awaiting) return false

      const rate = parseRate(ctx.message.body ?? '')
      let answers = rate !== null && now() - new Date(awaiting.askedAt).getTime() <= RATING_WINDOW_MS
      if (answers) {
        // The rated ticket is still closed and no other conversation came between it and this one.
        const since: { id: number; status: string }[] = await t('tickets')
          .where(where)
          .where('id', '>=', awaiting.ticketId)
          .whereNot('id', ctx.ticket.id)
          .select('id', 'status')
        answers = since.length === 1 && since[0].id === awaiting.ticketId && since[0].status === 'closed'
      }
      if (!answers) {
        await t('ticket_ratings').where(where).whereNull('rate').delete()
        return false
      }

      const taken = await kernel.unitOfWork(companyId, async (uow) => {
        const n = await uow
          .t('ticket_ratings')
          .where({ id: awaiting.id })
          .whereNull('rate')
          .update({ rate, ratedAt: uow.db.fn.now() })
        if (!n) return false // another message of the customer answered first
        const [moved] = await uow
          .t('messages')
          .where({ id: ctx.message.id })
          .update({ ticketId: awaiting.ticketId })
          .returning('*')
        if (moved) uow.emit('message.updated', { companyId, message: publicMessage(messageView(kernel, moved)) })
        // Another message of the same batch may share the fresh ticket: then it stays, for that one.
        if (!(await uow.t('messages').where({ ticketId: ctx.ticket.id }).first('id'))) {
          await uow.t('tickets').where({ id: ctx.ticket.id }).delete()
          uow.emit('ticket.deleted', { companyId, ticketId: ctx.ticket.id })
        }
        return true
      })
      if (!taken) return false

      const messaging = kernel.services.find<MessagingRef>('messaging')
      try {
        await messaging?.send(companyId, awaiting.ticketId, RATING_THANKS)
      } catch (err) {
        kernel.log.warn({ err, ticketId: awaiting.ticketId }, 'rating thank-you not sent')
      }
      return true
    },
  }
}

/**
 * At onReady: the connections plugin (which publishes `inbound`) registers after this one. Without
 * it there is no pipeline, so no answers to catch.
 */
export function registerRatingStep(kernel: Kernel) {
  const inbound =
    kernel.services.find<ServiceRef<'inbound', { register(step: ReturnType<typeof createRatingStep>): void }>>(
      'inbound',
    )
  if (!inbound) {
    kernel.log.debug('no inbound service (connections plugin absent): ratings are not collected')
    return
  }
  inbound.register(createRatingStep(kernel))
}
