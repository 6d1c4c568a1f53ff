import { randomBytes } from 'node:crypto'
import { AppError, badRequest, notFound, type Kernel, type StoredFile } from '@atende/sdk'
import type { ContactsRef } from '@atende/plugin-contacts/api'
import type { Message, Ticket, TicketsRef } from '@atende/plugin-tickets/api'
import type { SessionRpc } from './session-rpc.ts'
import { SessionUnreachable } from './session-rpc.ts'
import { ERR_SENDING_WAPP_MSG } from './pipeline/outbound.ts'
import { vcard } from './vcard.ts'
import { ERR_WAPP_NOT_INITIALIZED } from './sessions.ts'
import { ERR_NO_WAPP_FOUND } from './service.ts'

export const ERR_NO_TICKET_FOUND = 'ERR_NO_TICKET_FOUND'
export const ERR_TICKET_CLOSED = 'ERR_TICKET_CLOSED'
export const ERR_NO_MESSAGE_FOUND = 'ERR_NO_MESSAGE_FOUND'
export const ERR_EDITING_WAPP_MSG = 'ERR_EDITING_WAPP_MSG'
export const ERR_DELETE_WAPP_MSG = 'ERR_DELETE_WAPP_MSG'
export const ERR_NO_CONTACT_FOUND = 'ERR_NO_CONTACT_FOUND'

/** WhatsApp Web's own id shape, so the provider can send under the id we stored first. */
export const newProviderId = () => `3EB0${randomBytes(10).toString('hex').toUpperCase()}`

export interface Draft {
  body: string
  mediaType?: string | null
  media?: StoredFile | null
  quotedMsgId?: number | null
}

/**
 * Outgoing messages: validate against the ticket and its connection, store each as pending in one
 * unit of work, then ask the session's owner to send and wait (a bounded time) for the outcome.
 */
export function createMessaging(kernel: Kernel, rpc: SessionRpc, opts: { waitMs: number }) {
  const tickets = () => kernel.services.get<TicketsRef>('tickets')
  const contacts = () => kernel.services.get<ContactsRef>('contacts')

  async function ticketFor(companyId: number, ticketId: number) {
    const ticket = await tickets().get(companyId, ticketId)
    if (!ticket) throw notFound(ERR_NO_TICKET_FOUND, 'Ticket not found')
    if (ticket.status === 'closed')
      throw new AppError(ERR_TICKET_CLOSED, 400, 'A message cannot be sent on a closed ticket')
    return ticket
  }

  async function connectedWhatsapp(companyId: number, whatsappId: number | null) {
    const w = whatsappId
      ? await kernel.tenant(companyId)('whatsapps').where({ id: whatsappId }).first('id', 'status')
      : null
    if (!w) throw notFound(ERR_NO_WAPP_FOUND, 'The ticket has no connection')
    if (w.status !== 'CONNECTED') throw new AppError(ERR_WAPP_NOT_INITIALIZED, 400, 'The connection is not connected')
    return w
  }

  /** Hand a stored message to the session owner and report its fate. */
  async function dispatch(companyId: number, m: Message): Promise<Message> {
    try {
      const r = await rpc.invoke<{ ok: boolean; error?: string }>(
        companyId,
        m.whatsappId!,
        'send',
        { messageId: m.id },
        opts.waitMs + 2000,
      )
      if (!r.ok)
        throw new AppError(ERR_SENDING_WAPP_MSG, 400, r.error || 'The message could not be sent', {
          extra: { messageId: m.id },
        })
    } catch (err) {
      // Nobody runs the session right now: it stays pending and goes out when the session runs.
      if (!(err instanceof SessionUnreachable)) throw err
    }
    return (await tickets().getMessage(companyId, m.id))!
  }

  async function store(companyId: number, ticket: Ticket, userId: number | null, drafts: Draft[]) {
    return kernel.unitOfWork(companyId, async (uow) => {
      const out: Message[] = []
      for (const d of drafts) {
        out.push(
          await tickets().addOutgoing(uow, ticket, {
            providerId: newProviderId(),
            body: d.body,
            userId,
            mediaType: d.mediaType ?? null,
            mediaKey: d.media?.key ?? null,
            mediaName: d.media?.fileName ?? null,
            quotedMsgId: d.quotedMsgId ?? null,
          }),
        )
      }
      return out
    })
  }

  async function sendAll(companyId: number, messages: Message[]) {
    const sent: Message[] = []
    for (const m of messages) sent.push(await dispatch(companyId, m))
    return sent
  }

  /** The bot's answer (routing steps): no user, no waiting for the network; it goes out in order. */
  async function reply(companyId: number, ticket: Ticket, body: string) {
    const [m] = await store(companyId, ticket, null, [{ body }])
    void rpc.invoke(companyId, m.whatsappId!, 'kick', {}).catch(() => {})
    return m
  }

  return {
    reply,

    /**
     * The `messaging` service's send (other plugins' automatic messages): like `reply`, by ticket id.
     * Closed tickets too: the completion and rating messages follow the close.
     */
    async botMessage(companyId: number, ticketId: number, body: string) {
      if (!body.trim()) throw badRequest('body', 'The message is empty')
      const ticket = await tickets().get(companyId, ticketId)
      if (!ticket) throw notFound(ERR_NO_TICKET_FOUND, 'Ticket not found')
      if (!ticket.whatsappId) throw notFound(ERR_NO_WAPP_FOUND, 'The ticket has no connection')
      await reply(companyId, ticket, body)
    },

    /** POST /messages/:ticketId and its variants. */
    async send(companyId: number, userId: number, ticketId: number, drafts: Draft[]) {
      if (!drafts.length || drafts.every((d) => !d.body.trim() && !d.media && d.mediaType !== 'vcard'))
        throw badRequest('body', 'The message is empty')
      const ticket = await ticketFor(companyId, ticketId)
      await connectedWhatsapp(companyId, ticket.whatsappId)
      for (const d of drafts) {
        if (d.quotedMsgId) {
          const q = await tickets().getMessage(companyId, d.quotedMsgId)
          if (!q || (q.ticketId !== ticket.id && q.contactId !== ticket.contactId))
            throw badRequest('quotedMsg', 'The quoted message is not in this conversation')
        }
      }
      return sendAll(companyId, await store(companyId, ticket, userId, drafts))
    },

    async sendContact(companyId: number, userId: number, ticketId: number, contactId: number) {
      const c = await contacts().get(companyId, contactId)
      if (!c) throw notFound(ERR_NO_CONTACT_FOUND, 'Contato inválido')
      return this.send(companyId, userId, ticketId, [{ body: vcard(c.name, c.number), mediaType: 'vcard' }])
    },

    async forwardByPhone(companyId: number, userId: number, messageId: number, phone: string) {
      const original = await tickets().getMessage(companyId, messageId)
      if (!original) throw notFound(ERR_NO_MESSAGE_FOUND, 'Message not found')
      if (original.isDeleted) throw badRequest('messageId', 'A deleted message cannot be forwarded')
      const source = await tickets().get(companyId, original.ticketId)
      await connectedWhatsapp(companyId, source?.whatsappId ?? null)
      const number = contacts().normaliseNumber(phone)
      if (number.length < 8) throw badRequest('phone', 'Invalid phone number')
      const [stored] = await kernel.unitOfWork(companyId, async (uow) => {
        const [{ contact }] = await contacts().upsertMany(uow, [{ number, whatsappId: source!.whatsappId! }])
        const ticket = await tickets().findOrOpen(uow, {
          contactId: contact.id,
          whatsappId: source!.whatsappId!,
          userId,
          isGroup: contact.isGroup,
        })
        return [
          await tickets().addOutgoing(uow, ticket, {
            providerId: newProviderId(),
            body: original.body,
            userId,
            mediaType: original.mediaType,
            mediaKey: original.mediaKey,
            mediaName: original.mediaName,
          }),
        ]
      })
      return sendAll(companyId, [stored])
    },

    async edit(companyId: number, messageId: number, body: string) {
      const m = await this.ownSent(companyId, messageId)
      if (!body.trim()) throw badRequest('body', 'The message is empty')
      if (m.mediaType) throw badRequest('body', 'Only text messages can be edited')
      try {
        await rpc.invoke(companyId, m.whatsappId!, 'edit', { messageId, body })
      } catch (err) {
        throw new AppError(ERR_EDITING_WAPP_MSG, 400, (err as Error).message || 'The message could not be edited')
      }
      return tickets().markEdited(companyId, messageId, body)
    },

    async remove(companyId: number, messageId: number) {
      const m = await this.ownSent(companyId, messageId)
      try {
        await rpc.invoke(companyId, m.whatsappId!, 'delete', { messageId })
      } catch (err) {
        throw new AppError(ERR_DELETE_WAPP_MSG, 400, (err as Error).message || 'The message could not be deleted')
      }
      return tickets().markDeleted(companyId, messageId)
    },

    /** Edits and deletes apply to our own messages that reached the network. */
    async ownSent(companyId: number, messageId: number) {
      const m = await tickets().getMessage(companyId, messageId)
      if (!m) throw notFound(ERR_NO_MESSAGE_FOUND, 'Message not found')
      if (!m.fromMe || m.sendStatus !== 'sent' || !m.providerId || !m.whatsappId)
        throw badRequest('id', 'Only messages you sent can be changed')
      if (m.isDeleted) throw badRequest('id', 'The message was deleted')
      await ticketFor(companyId, m.ticketId)
      return m
    },
  }
}
export type Messaging = ReturnType<typeof createMessaging>
