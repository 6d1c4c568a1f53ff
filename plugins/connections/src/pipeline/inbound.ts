import type { Kernel } from '@atende/sdk'
import type { Contact, ContactSighting, ContactsRef } from '@atende/plugin-contacts/api'
import type { IngestItem, IngestOutcome, Message, Ticket, TicketsRef } from '@atende/plugin-tickets/api'
import type { ChannelEvents, ConnectionRef, InboundMessage } from '../providers/types.ts'
import { createBatcher } from './batcher.ts'
import { createChangeEvents } from './changes.ts'
import { createLanes } from './lanes.ts'
import { createRoutingOutbox } from './routing-outbox.ts'
import type { createRouting, RoutingContext } from './routing.ts'

export const INBOUND_MAX_BATCH = 500
export const INBOUND_MAX_PENDING = 5000
/** How many conversations' routing chains run at once in this process (ROUTING_CONCURRENCY). */
export const ROUTING_CONCURRENCY = 16
/** Unrouted messages older than this are not replayed to the bots. */
const REPLAY_MAX_AGE_MS = 60 * 60 * 1000
const REPLAY_CHUNK = 50

interface Pending {
  msg: InboundMessage
  media: Promise<{ key: string; name: string } | null>
}
type Outcome = IngestOutcome & { ignored?: boolean; contact?: Contact; routed?: Promise<void> }
type Routable = { contact: Contact; message: Message; ticket: Ticket; isNewTicket?: boolean }

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
  const batchers = new Map<number, ReturnType<typeof createBatcher<Pending, Outcome>>>()
  const lanes = createLanes(Number(process.env.ROUTING_CONCURRENCY) || ROUTING_CONCURRENCY)
  const outbox = createRoutingOutbox(kernel)
  /** Messages whose chain this process has queued or is running. */
  const inFlight = new Set<number>()
  /** Connections whose unrouted messages are being read back (replay). */
  const replays = new Map<number, Promise<void>>()
  /** Per connection with a batch being written: the contacts whose chain finished meanwhile. */
  const writing = new Map<number, Set<number>>()
  /** Each connection's routed messages until their outbox rows are gone. */
  const routes = new Map<number, Set<Promise<void>>>()

  // The kernel keeps settings read for a few seconds, dropped on every write (settings.ts).
  const groupsIgnored = async (companyId: number) =>
    (await kernel.settings.get(companyId, 'CheckMsgIsGroup')) === 'enabled'

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

  const whatsappOf = (conn: ConnectionRef) =>
    kernel
      .tenant(conn.companyId)('whatsapps')
      .where({ id: conn.id })
      .first<{ id: number; name: string; provider: string; expiresTicket: number } | undefined>(
        'id',
        'name',
        'provider',
        'expiresTicket',
      )

  async function write(conn: ConnectionRef, batch: Pending[]): Promise<Outcome[]> {
    // From here the batch's ticket snapshots may age: conversations whose chain finishes meanwhile
    // are noted, and their messages read the ticket again in the lane.
    const finished = new Set<number>()
    writing.set(conn.id, finished)
    try {
      return await writeBatch(conn, batch, finished)
    } finally {
      writing.delete(conn.id)
    }
  }

  async function writeBatch(conn: ConnectionRef, batch: Pending[], finished: Set<number>): Promise<Outcome[]> {
    const media = await Promise.all(batch.map((p) => p.media))
    const whatsapp = await whatsappOf(conn)
    if (!whatsapp) return batch.map(() => ({ duplicate: false, ignored: true })) // deleted meanwhile
    const skipGroups = await groupsIgnored(conn.companyId)
    const keep = batch.map((p) => !(p.msg.isGroup && skipGroups))

    const claimed: number[] = []
    const outcomes = await kernel
      .unitOfWork(conn.companyId, async (uow) => {
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
        // The messages the chain will see go into the outbox with them: a crash before the chain ran
        // leaves their rows, and the connection's next start routes them.
        if (routing.steps().length) {
          const rows = out.flatMap((o, i) =>
            routable(o, batch[i].msg)
              ? [
                  {
                    messageId: o.message.id,
                    whatsappId: whatsapp.id,
                    ticketId: o.ticket.id,
                    contactId: o.contact.id,
                    isNewTicket: !!o.isNewTicket,
                  },
                ]
              : [],
          )
          // This process's from before the commit: a replay reading the outbox meanwhile leaves them.
          for (const r of rows) {
            claimed.push(r.messageId)
            inFlight.add(r.messageId)
          }
          await outbox.add(uow, rows)
        }
        return out
      })
      .catch((err: unknown) => {
        for (const id of claimed) inFlight.delete(id) // rolled back: never stored
        throw err
      })

    // After the commit, away from the batch: each new customer message goes through the routing
    // chain in its conversation's lane (in order within it, side by side across conversations),
    // so a slow bot or a burst of customers never holds the next batch's commit.
    if (routing.steps().length)
      batch.forEach((p, i) => {
        const o = outcomes[i]
        if (routable(o, p.msg)) o.routed = routeInLane(conn, whatsapp, o, { stale: finished.has(o.contact.id) })
      })
    return outcomes
  }

  /** What the chain sees: a customer's new message, stored on a ticket. */
  function routable(o: Outcome, msg: InboundMessage): o is Outcome & Routable {
    return !o.duplicate && !o.ignored && !!o.message && !!o.ticket && !!o.contact && !msg.fromMe
  }

  /**
   * Route a stored message in its conversation's lane. Settles when the chain ran; the message stays
   * this process's (inFlight) until its outbox row is deleted. `stale`: a chain of the conversation
   * finished after the ticket was read. `replayed`: a replayed message (new ones join their lanes
   * only once the connection's replayed ones have).
   */
  function routeInLane(
    conn: ConnectionRef,
    whatsapp: RoutingContext['whatsapp'],
    o: Routable,
    opts: { stale: boolean; replayed?: boolean },
  ): Promise<void> {
    const id = o.message.id
    inFlight.add(id)
    const replayed = (!opts.replayed && replays.get(conn.id)) || undefined
    const enqueue = () =>
      lanes.run(`${conn.id}:${o.contact.id}`, async ({ waited }) => {
        // The ticket as the conversation's earlier messages left it (a queue chosen, a bot done)
        // when their chains ran after this message's batch read it: before it in the lane, or
        // between the read and now.
        const ticket = ((waited || opts.stale) && (await tickets().get(conn.companyId, o.ticket.id))) || o.ticket
        await routing.route({
          companyId: conn.companyId,
          whatsapp,
          ticket,
          contact: o.contact,
          message: o.message,
          isNewTicket: !!o.isNewTicket,
          reply: (body) => reply(conn.companyId, ticket, body),
        })
      })
    // Awaited in arrival order, so new messages keep theirs.
    const routed = (replayed ? replayed.then(enqueue) : enqueue())
      .catch((err: unknown) => {
        // Nobody awaits this but the simulator: a failure is logged, never an unhandled rejection.
        kernel.log.error({ err, whatsappId: conn.id, ticketId: o.ticket.id }, 'routing failed')
      })
      .finally(() => writing.get(conn.id)?.add(o.contact.id))
    track(
      conn.id,
      routed.then(() => outbox.finish(conn.companyId, id)).finally(() => inFlight.delete(id)),
    )
    return routed
  }

  function track(whatsappId: number, done: Promise<void>) {
    let set = routes.get(whatsappId)
    if (!set) routes.set(whatsappId, (set = new Set()))
    const entry = set
    entry.add(done)
    void done.finally(() => {
      entry.delete(done)
      if (!entry.size && routes.get(whatsappId) === entry) routes.delete(whatsappId)
    })
  }

  /** Resolves once what this connection received here is stored, routed and out of the outbox. */
  async function settle(whatsappId: number) {
    await batchers.get(whatsappId)?.flushed()
    for (;;) {
      const pending = [...(routes.get(whatsappId) ?? []), replays.get(whatsappId)].filter(Boolean)
      if (!pending.length) return
      await Promise.all(pending)
    }
  }

  /**
   * A session starts here: the connection's messages a dead process stored but never routed go
   * through the chain now, in order (the ones this process is routing are left to it). Rows older
   * than REPLAY_MAX_AGE_MS are dropped: a bot answering a day-old message helps nobody (the ticket
   * waits for people as any other).
   */
  async function replay(conn: ConnectionRef) {
    if (!routing.steps().length) return
    const rows = (await outbox.pending(conn.companyId, conn.id)).filter((r) => !inFlight.has(r.messageId))
    for (const r of rows) inFlight.add(r.messageId) // another replay of this connection leaves them
    if (!rows.length) return
    const whatsapp = await whatsappOf(conn)
    const oldest = Date.now() - REPLAY_MAX_AGE_MS
    const fresh = whatsapp ? rows.filter((r) => new Date(r.createdAt).getTime() >= oldest) : []
    const drop = (messageId: number) =>
      void outbox.finish(conn.companyId, messageId).finally(() => inFlight.delete(messageId))
    if (fresh.length < rows.length)
      kernel.log.warn(
        { whatsappId: conn.id, count: rows.length - fresh.length },
        'routing outbox: messages too old to route dropped',
      )
    for (const r of rows) if (!fresh.includes(r)) drop(r.messageId)
    // In chunks, so a crashed burst's thousand rows do not take every pooled connection at once.
    const loaded: Array<
      [Awaited<ReturnType<ReturnType<typeof tickets>['getMessage']>>, Ticket | null, Contact | null]
    > = []
    for (let i = 0; i < fresh.length; i += REPLAY_CHUNK)
      loaded.push(
        ...(await Promise.all(
          fresh
            .slice(i, i + REPLAY_CHUNK)
            .map((r) =>
              Promise.all([
                tickets().getMessage(conn.companyId, r.messageId),
                tickets().get(conn.companyId, r.ticketId),
                contacts().get(conn.companyId, r.contactId),
              ]),
            ),
        )),
      )
    // All at once, in their order, ahead of any message that arrived meanwhile.
    fresh.forEach((r, i) => {
      const [message, ticket, contact] = loaded[i]!
      if (!message || !ticket || !contact || !whatsapp) return drop(r.messageId) // deleted meanwhile
      const { mediaKey: _key, ...stored } = message
      const o = { message: stored, ticket, contact, isNewTicket: r.isNewTicket }
      void routeInLane(conn, whatsapp, o, { stale: true, replayed: true })
    })
    if (fresh.length)
      kernel.log.info({ whatsappId: conn.id, count: fresh.length }, 'routing outbox: unrouted messages routed')
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
      const replayed = replay(conn)
        .catch((err) => kernel.log.error({ err, whatsappId: conn.id }, 'routing outbox: replay failed'))
        .finally(() => {
          if (replays.get(conn.id) === replayed) replays.delete(conn.id)
        })
      replays.set(conn.id, replayed)
      return {
        async inbound(msg) {
          const o = await batcherFor(conn).push({ msg, media: storeMedia(conn, msg) })
          return { duplicate: o.duplicate, message: o.message, routed: o.routed }
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
    /** Resolves when everything received so far is stored and routed. */
    async flushed() {
      await Promise.all([...new Set([...batchers.keys(), ...routes.keys(), ...replays.keys()])].map(settle))
    },
    /** Before a connection's lease goes: another process's replay must not find what is still ours. */
    settle,
    forget(whatsappId: number) {
      batchers.delete(whatsappId)
    },
  }
}
export type InboundPipeline = ReturnType<typeof createInboundPipeline>
