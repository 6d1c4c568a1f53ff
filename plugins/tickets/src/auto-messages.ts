/**
 * Automatic messages on ticket moves (settings sendGreetingAccepted,
 * sendMsgTransfTicket, userRating): the greeting on accept, the transfer notice, and on close the
 * connection's completion message and the rating question. They go out after the move commits,
 * without the move's answer waiting for them: a failed send is logged, never undoes the move (the
 * `messaging` service stores each message before the network sees it, so a slow network loses nothing).
 */
import { renderVariables, type Kernel, type VariableContext } from '@atende/sdk'
import type { ContactsRef } from '@atende/plugin-contacts/api'
import type { MessagingRef } from './messaging-api.ts'
import { askRating } from './rating.ts'
import { byId, queuesById, userNames } from './names.ts'
import type { ConnectionMessages, ConnectionsPort } from './neighbours-api.ts'
import type { TicketRow } from './rows.ts'

export type Move = 'accept' | 'return' | 'close' | 'reopen' | 'transfer' | 'edit'

export const GREETING_ACCEPTED =
  '{{greeting}}, {{firstName}}! Meu nome é *{{userName}}* e agora vou prosseguir com o seu atendimento.'
export const TRANSFER_TO_QUEUE =
  '*Mensagem automática*:\nVocê foi transferido para o departamento *{{queueName}}*\nAguarde, já vamos te atender!'
export const TRANSFER_TO_USER =
  '*Mensagem automática*:\nVocê foi transferido para o atendente *{{userName}}* do departamento *{{queueName}}*\nAguarde, já vamos te atender!'

export interface MoveDone {
  companyId: number
  move: Move
  /** The ticket row before and after the move. */
  before: Pick<TicketRow, 'queueId' | 'userId'>
  after: TicketRow
  /** PUT /tickets/{id}/close-without-message: no completion or rating message. */
  silent?: boolean
}

/** Called once the move committed; returns at once (the sends run on their own). */
export function afterMove(kernel: Kernel, done: MoveDone): void {
  if (done.silent || !['accept', 'transfer', 'close'].includes(done.move)) return
  void autoMessages(kernel, done).catch((err) => {
    kernel.log.warn({ err, ticketId: done.after.id, move: done.move }, 'automatic message not sent')
  })
}

/** Exported for tests: the same work, awaited. */
export async function autoMessages(
  kernel: Kernel,
  { companyId, move, before, after: ticket }: MoveDone,
): Promise<void> {
  if (ticket.isGroup || !ticket.whatsappId) return
  const messaging = kernel.services.find<MessagingRef>('messaging')
  if (!messaging) {
    kernel.log.debug({ ticketId: ticket.id }, 'no messaging service (connections plugin absent): no automatic messages')
    return
  }
  const enabled = async (key: string) => (await kernel.settings.get(companyId, key)) === 'enabled'
  const send = (body: string) => messaging.send(companyId, ticket.id, body)

  if (move === 'accept') {
    if (ticket.origin === 'landingpage' || !(await enabled('sendGreetingAccepted'))) return
    await send(renderVariables(GREETING_ACCEPTED, await variables(kernel, companyId, ticket)))
    return
  }

  if (move === 'transfer') {
    const toUser = ticket.userId && ticket.userId !== before.userId
    if ((ticket.queueId === before.queueId && !toUser) || !(await enabled('sendMsgTransfTicket'))) return
    const vars = await variables(kernel, companyId, ticket)
    if (!vars.queueName && !toUser) return
    await send(renderVariables(toUser ? TRANSFER_TO_USER : TRANSFER_TO_QUEUE, vars))
    return
  }

  // close
  const connection = await connectionOf(kernel, companyId, ticket.whatsappId)
  const vars = await variables(kernel, companyId, ticket, connection)
  const completion = renderVariables(connection?.complationMessage ?? '', vars).trim()
  if (completion) await send(completion)
  if (await enabled('userRating'))
    await askRating(kernel, messaging, ticket, renderVariables(connection?.ratingMessage ?? '', vars))
}

async function connectionOf(kernel: Kernel, companyId: number, whatsappId: number): Promise<ConnectionMessages | null> {
  const lookup = kernel.services.find<ConnectionsPort>('connections')
  try {
    return lookup ? await lookup.get(companyId, whatsappId) : null
  } catch {
    return null
  } // deleted meanwhile
}

/** What the templates may name, read only when a message is about to go out. */
/** The ticket's message variables (also for the composer's quick messages: POST /tickets/{id}/render). */
export async function variables(
  kernel: Kernel,
  companyId: number,
  ticket: TicketRow,
  connection?: ConnectionMessages | null,
): Promise<VariableContext> {
  const contact = await kernel.services.get<ContactsRef>('contacts').get(companyId, ticket.contactId)
  const [users, queues] = await Promise.all([
    userNames(kernel, companyId, [ticket.userId]),
    queuesById(kernel, companyId, [ticket.queueId]),
  ])
  return {
    contactName: contact?.name ?? '',
    ticketId: ticket.id,
    ticketCreatedAt: ticket.createdAt,
    userName: byId(users, ticket.userId) ?? '',
    queueName: byId(queues, ticket.queueId)?.name ?? '',
    connectionName: connection?.name ?? '',
  }
}
