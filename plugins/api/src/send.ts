/**
 * POST /api/messages/send: an integrator's message to a number. The number is normalised by the
 * contacts rule, the contact found or created (contacts.upsertMany) and the message stored on the
 * ticket tickets' outreachTicket picks (the active one, else the latest, else a new closed one: a
 * message the company starts waits in nobody's queue until the customer answers), all in one unit
 * of work; then the connection's outbound queue (messaging.flush) sends it, paced by its rate limiter.
 *
 * Idempotency-Key: the key's claim (a unique row per company and key) is written in that same unit
 * of work with the answer. A retry after the commit replays the answer without sending; a concurrent
 * duplicate waits on the unique index until the first commits, then replays; a failed request rolls
 * its claim back, so a retry tries again. Keys are kept 24 h.
 */
import { randomBytes } from 'node:crypto'
import { AppError, badRequest, type Kernel, type StoredFile } from '@atende/sdk'
import type { ContactsRef } from '@atende/plugin-contacts/api'
import type { MessagingRef, ConnectionsRef } from '@atende/plugin-connections/api'
import type { TicketsRef } from '@atende/plugin-tickets/api'
import type { SendResult } from './api.ts'
import type { Caller } from './integrator.ts'

export const KEYS_TABLE = 'api_idempotency_keys'
export const BODY_MAX = 4096
export const KEY_MAX = 255
const KEY_TTL_MS = 24 * 3600_000
const KINDS = ['image', 'audio', 'video'] as const
const mediaTypeOf = (mimetype: string) => KINDS.find((k) => mimetype.startsWith(`${k}/`)) ?? 'document'
const newProviderId = () => `3EB0${randomBytes(10).toString('hex').toUpperCase()}`

export interface SendInput {
  number: string
  body: string
  files: StoredFile[]
  idempotencyKey?: string
}

export function createSender(kernel: Kernel) {
  const contacts = () => kernel.services.get<ContactsRef>('contacts')
  const connections = () => kernel.services.get<ConnectionsRef>('connections')
  const tickets = () => kernel.services.get<TicketsRef>('tickets')
  const messaging = () => kernel.services.find<MessagingRef>('messaging')

  /** Checks that cost no write, before anything is claimed. */
  async function prepare(caller: Caller, input: SendInput) {
    const number = contacts().normaliseNumber(String(input.number ?? ''))
    if (number.length < 8 || number.length > 50)
      throw badRequest('number', 'Invalid number: 8 to 50 digits with country and area code', 'ERR_INVALID_NUMBER')
    const body = String(input.body ?? '').trim()
    if (!body && !input.files.length) throw badRequest('body', 'The message is empty')
    if (body.length > BODY_MAX) throw badRequest('body', `At most ${BODY_MAX} characters`)
    const key = input.idempotencyKey?.trim()
    if (key !== undefined && (!key || key.length > KEY_MAX))
      throw badRequest('Idempotency-Key', `1 to ${KEY_MAX} characters`)
    const { companyId } = caller
    const whatsappId = caller.whatsappId ?? (await connections().defaultId(companyId))
    if (!whatsappId)
      throw new AppError('ERR_NO_DEF_WAPP_FOUND', 400, 'The company has no default connection', {
        field: 'number',
      })
    const conn = await connections().get(companyId, whatsappId)
    if (conn.status !== 'CONNECTED')
      throw new AppError('ERR_WAPP_NOT_INITIALIZED', 400, 'The connection is not connected', {
        extra: { whatsappId },
      })
    return { number, body, key, whatsappId }
  }

  return {
    /** Drops keys past their 24 h (the purge job); a reused old key is also freed when claimed. */
    async purgeKeys(now = Date.now()) {
      // Platform-wide housekeeping: every company's expired keys, by the createdAt index.
      return kernel
        .db(KEYS_TABLE)
        .where('createdAt', '<', new Date(now - KEY_TTL_MS))
        .delete()
    },

    async send(caller: Caller, input: SendInput): Promise<SendResult> {
      const { companyId } = caller
      const { number, body, key, whatsappId } = await prepare(caller, input)
      const outcome = await kernel.unitOfWork(companyId, async (uow) => {
        if (key) {
          // A key older than its 24 h is free again.
          await uow
            .t(KEYS_TABLE)
            .where({ key })
            .where('createdAt', '<', new Date(Date.now() - KEY_TTL_MS))
            .delete()
          const claimed = await uow.t
            .insert(KEYS_TABLE, { key })
            .onConflict(['companyId', 'key'])
            .ignore()
            .returning('id')
          if (!claimed.length) {
            const prior = await uow.t(KEYS_TABLE).where({ key }).first('response')
            return { replay: prior.response as SendResult }
          }
        }
        const [{ contact }] = await contacts().upsertMany(uow, [{ number, whatsappId }])
        const ticket = await tickets().outreachTicket(uow, { contactId: contact.id, whatsappId })
        const drafts = input.files.length
          ? input.files.map((f, i) => ({ body: i === 0 ? body : '', media: f }))
          : [{ body, media: null }]
        const messages: SendResult['messages'] = []
        for (const d of drafts) {
          const m = await tickets().addOutgoing(uow, ticket, {
            providerId: newProviderId(),
            body: d.body,
            userId: null,
            ...(d.media
              ? { mediaType: mediaTypeOf(d.media.mimetype), mediaKey: d.media.key, mediaName: d.media.fileName }
              : {}),
          })
          messages.push({ id: m.id, ticketId: ticket.id, contactId: contact.id })
        }
        const result: SendResult = { message: 'Message queued', messages }
        if (key)
          await uow
            .t(KEYS_TABLE)
            .where({ key })
            .update({ response: JSON.stringify(result) })
        return { sent: result }
      })
      if ('replay' in outcome) {
        // A retry: what it uploaded is not needed.
        await Promise.all(input.files.map((f) => kernel.storage.remove(f.key).catch(() => undefined)))
        return outcome.replay!
      }
      messaging()?.flush(companyId, whatsappId)
      return outcome.sent
    },
  }
}

export type Sender = ReturnType<typeof createSender>
