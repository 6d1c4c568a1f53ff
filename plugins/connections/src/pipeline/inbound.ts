import type { Kernel } from '@atende/sdk'
import type { Contact, ContactSighting, ContactsRef } from '@atende/plugin-contacts/api'
import type { IngestItem, IngestOutcome, Message, Ticket, TicketsRef } from '@atende/plugin-tickets/api'
import type { ChannelEvents, ConnectionRef, InboundMessage } from '../providers/types.ts'
import { createBatcher } from './batcher.ts'
import { createChangeEvents } from './changes.ts'
import type { createRouting } from './routing.ts'

export const INBOUND_MAX_BATCH = 500
export const INBOUND_MAX_PENDING = 5000
const SETTING_TTL_MS = 5000

interface Pending {
  msg: InboundMessage
  media: Promise<{ key: string; name: string } | null>
}
type Outcome = IngestOutcome & { ignored?: boolean; contact?: Contact }

/**
 * The inbound hot path (ARCHITECTURE.md "Channels"): provider event → contact upsert → ticket
 * find-or-create → idempotent message insert → ticket bump, one transaction per batch of a
 * connection's queue, then events, then the routing chain. `inbound()` resolves after the commit,
 * which is when a provider may acknowledge the message to its network.
 */
export function createInboundPipeline(
  kernel: Kernel,
  routing: ReturnType<typeof createRouting>,
  reply: (companyId: number, ticket: Ticket, body: string) => Promise<Message>,
) {
  const contacts = () => kernel.services.get<ContactsRef>('contacts')
  const tickets = () => kernel.services.get<TicketsRef>('tickets')
  const ignoreGroups = new Map<number, { value: boolean; at: number }>()
  const batchers = new Map<number, ReturnType<typeof createBatcher<Pending, Outcome>>>()

  kernel.bus.on('setting.updated', (p) => {
    if (p.key === 'CheckMsgIsGroup') ignoreGroups.delete(p.companyId)
  })

  async function groupsIgnored(companyId: number) {
    const hit = ignoreGroups.get(companyId)
    if (hit && Date.now() - hit.at < SETTING_TTL_MS) return hit.value
    const value = (await kernel.settings.get(companyId, 'CheckMsgIsGroup')) === 'enabled'
    ignoreGroups.set(companyId, { value, at: Date.now() })
    return value
  }

  /** Download and store media; a failed download still records the message (without the file). */
  async function storeMedia(conn: ConnectionRef, msg: InboundMessage) {
    if (!msg.media) return null
    try {
      const data = await msg.media.load()
      const name = msg.media.fileName || `${msg.mediaType ?? 'file'}`
      const stored = await kernel.storage.put(conn.companyId, {
        data,
        fileName: name,
        mimetype: msg.media.mimetype,
        area: 'media',
      })
      return { key: stored.key, name: stored.fileName }
    } catch (err) {
      kernel.log.warn(
        { err, whatsappId: conn.id, messageId: msg.id },
        'ERR_WAPP_DOWNLOAD_MEDIA: inbound media not stored',
      )
      return null
    }
  }

  async function write(conn: ConnectionRef, batch: Pending[]): Promise<Outcome[]> {
    const media = await Promise.all(batch.map((p) => p.media))
    const whatsapp = await kernel
      .tenant(conn.companyId)('whatsapps')
      .where({ id: conn.id })
      .first('id', 'name', 'provider', 'expiresTicket')
    if (!whatsapp) return batch.map(() => ({ duplicate: false, ignored: true })) // deleted meanwhile
    const skipGroups = await groupsIgnored(conn.companyId)
    const keep = batch.map((p) => !(p.msg.isGroup && skipGroups))

    const outcomes = await kernel.unitOfWork(conn.companyId, async (uow) => {
      const sightings: ContactSighting[] = []
      const slots: Array<{ chat: number; sender?: number }> = []
      batch.forEach(({ msg }, i) => {
        if (!keep[i]) {
          slots.push({ chat: -1 })
          return
        }
        const chat =
          sightings.push({
            number: msg.chatId,
            lid: msg.isGroup ? undefined : msg.lid,
            isGroup: msg.isGroup,
            name: msg.isGroup ? msg.groupName : msg.fromMe ? undefined : msg.name,
            profilePicUrl: msg.isGroup ? undefined : msg.profilePicUrl,
            whatsappId: conn.id,
          }) - 1
        const sender =
          msg.isGroup && msg.participant
            ? sightings.push({
                number: msg.participant.number,
                lid: msg.participant.lid,
                name: msg.participant.name,
                whatsappId: conn.id,
              }) - 1
            : undefined
        slots.push({ chat, sender })
      })
      const people = await contacts().upsertMany(uow, sightings)
      const items: IngestItem[] = []
      const index: number[] = []
      batch.forEach(({ msg }, i) => {
        if (!keep[i]) return
        const s = slots[i]
        index.push(i)
        items.push({
          contact: people[s.chat].contact,
          sender: s.sender !== undefined ? people[s.sender].contact : undefined,
          isGroup: msg.isGroup,
          providerId: msg.id,
          body: msg.body,
          fromMe: msg.fromMe,
          mediaType: msg.mediaType ?? null,
          mediaKey: media[i]?.key ?? null,
          mediaName: media[i]?.name ?? msg.media?.fileName ?? null,
          quotedProviderId: msg.quotedId,
          participant: msg.participant?.number,
          createdAt: msg.timestamp,
        })
      })
      const written = await tickets().ingest(uow, { id: whatsapp.id, expiresTicket: whatsapp.expiresTicket }, items)
      const out: Outcome[] = batch.map(() => ({ duplicate: false, ignored: true }))
      written.forEach((o, j) => {
        out[index[j]] = { ...o, contact: items[j].contact }
      })
      return out
    })

    // After the commit: the routing chain sees each new customer message, in order.
    if (routing.steps().length) {
      for (let i = 0; i < batch.length; i++) {
        const o = outcomes[i]
        if (o.duplicate || o.ignored || !o.message || !o.ticket || batch[i].msg.fromMe || !o.contact) continue
        const ticket = o.ticket
        await routing.route({
          companyId: conn.companyId,
          whatsapp,
          ticket,
          contact: o.contact,
          message: o.message,
          isNewTicket: !!o.isNewTicket,
          reply: (body) => reply(conn.companyId, ticket, body),
        })
      }
    }
    return outcomes
  }

  function batcherFor(conn: ConnectionRef) {
    let b = batchers.get(conn.id)
    if (!b) {
      b = createBatcher<Pending, Outcome>({
        maxBatch: INBOUND_MAX_BATCH,
        maxPending: INBOUND_MAX_PENDING,
        write: (batch) => write(conn, batch),
      })
      batchers.set(conn.id, b)
    }
    return b
  }

  return {
    /** The ChannelEvents a session of this connection reports to. */
    eventsFor(conn: ConnectionRef): ChannelEvents {
      return {
        async inbound(msg) {
          const o = await batcherFor(conn).push({ msg, media: storeMedia(conn, msg) })
          return { duplicate: o.duplicate, message: o.message }
        },
        async ack(u) {
          await tickets().applyAcks(conn.companyId, conn.id, [{ providerId: u.id, ack: u.ack }])
        },
        async findMessage(id) {
          const m = await tickets().findByProviderId(conn.companyId, conn.id, id)
          return m ? { body: m.body, fromMe: m.fromMe } : null
        },
        ...createChangeEvents(kernel, conn),
      }
    },
    async flushed() {
      await Promise.all([...batchers.values()].map((b) => b.flushed()))
    },
    forget(whatsappId: number) {
      batchers.delete(whatsappId)
    },
  }
}
export type InboundPipeline = ReturnType<typeof createInboundPipeline>
