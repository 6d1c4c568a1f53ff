/** How the ticket and message events (events.ts) reach sockets. */
import type { Kernel, RealtimeDelivery } from '@atende/sdk'
import { createAudience, usersOf, type Audience, type Place } from './audience.ts'
import { canSee, loadViewer } from './access.ts'
import type { Attendants } from './attendants.ts'
import type { MessageFrame, TicketFrame } from './api.ts'
import { registerTicketJoins } from './joins.ts'

const userRooms = (ids: Iterable<number>) => [...ids].map((id) => `user-${id}`)

/**
 * Ticket and message frames go only to the users allowed to see the ticket (access.ts
 * canSee): each socket is in its `user-{id}` room, so the audience is a list of those.
 * Every process maps the bus events for its own sockets, with its own audience cache (audience.ts).
 */
export function mapRealtime(
  kernel: Kernel,
  attendants: Attendants,
  audience: Audience = createAudience(kernel, attendants),
) {
  registerTicketJoins(kernel)
  // The spec's chat box (`joinChatBox`, room `ticket-{id}`): only for a ticket the user may see.
  kernel.realtime.authorizeRoom('ticket-', async (auth, room) => {
    const id = Number(room.slice('ticket-'.length))
    if (!Number.isInteger(id) || id <= 0) return false
    const row = await kernel.tenant(auth.companyId)('tickets').where({ id }).first('queueId', 'userId')
    return !!row && canSee(await loadViewer(kernel, attendants, auth), row)
  })

  // A user's profile, allTicket or queues may have changed: the next frame reads them again.
  const forget = ({ companyId }: { companyId: number }) => {
    audience.forget(companyId)
  }
  kernel.bus.on('user.created', forget)
  kernel.bus.on('user.updated', forget)
  kernel.bus.on('user.deleted', forget)
  // A deleted queue or connection changes attendants' rows: releaseQueue / releaseConnection
  // announce those users (user.updated above).

  kernel.realtime.map('ticket.updated', async ({ companyId, ticket, previous }) => {
    const place = placeOf(ticket)
    // Synchronously, so places follow event order; the last seen place also covers moves made
    // without `previous` (routing, chatbot). A stale one only adds a harmless delete.
    const seen = audience.remember(companyId, ticket.id, place)
    const a = await audience.of(companyId)
    const now = usersOf(a, place)
    const out: RealtimeDelivery[] = [
      {
        rooms: userRooms(now),
        event: `company-${companyId}-ticket`,
        data: { action: 'update', ticket } satisfies TicketFrame,
      },
    ]
    const gone = new Set<number>()
    for (const before of [previous, seen])
      if (before) for (const id of usersOf(a, before)) if (!now.has(id)) gone.add(id)
    if (gone.size)
      out.push({
        rooms: userRooms(gone),
        event: `company-${companyId}-ticket`,
        data: { action: 'delete', ticketId: ticket.id } satisfies TicketFrame,
      })
    return out
  })

  // Only an id, of a ticket whose place is gone with it: harmless to anyone in the company.
  kernel.realtime.map('ticket.deleted', ({ companyId, ticketId }) => {
    audience.forgetTicket(companyId, ticketId)
    return {
      rooms: [`company-${companyId}`],
      event: `company-${companyId}-ticket`,
      data: { action: 'delete', ticketId } satisfies TicketFrame,
    }
  })

  kernel.realtime.map('message.created', async ({ companyId, message, ticket }) => {
    const place = placeOf(ticket)
    audience.remember(companyId, ticket.id, place)
    const users = usersOf(await audience.of(companyId), place)
    return {
      rooms: userRooms(users),
      event: `company-${companyId}-appMessage`,
      data: { action: 'create', message, ticket, contact: ticket.contact } satisfies MessageFrame,
    }
  })

  // Acks and edits carry no ticket: its place comes from recent events, else from one read.
  kernel.realtime.map('message.updated', async ({ companyId, message }) => {
    const { audience: a, place } = await audience.ofTicket(companyId, message.ticketId)
    if (!place) return null
    return {
      rooms: userRooms(usersOf(a, place)),
      event: `company-${companyId}-appMessage`,
      data: { action: 'update', message } satisfies MessageFrame,
    }
  })
}

const placeOf = (t: Place): Place => ({ queueId: t.queueId ?? null, userId: t.userId ?? null })
