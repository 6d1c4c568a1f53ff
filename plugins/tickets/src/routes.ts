import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { IdParams, MessageResponse, renderVariables, type Kernel } from '@atende/sdk'
import { Type } from '@sinclair/typebox'
import { variables } from './auto-messages.ts'
import type { ConnectionsPort } from './neighbours-api.ts'
import { loadViewer, visibleRow } from './access.ts'
import type { Attendants } from './attendants.ts'
import { hydrate } from './hydrate.ts'
import type { TicketRow } from './rows.ts'
import { countTickets, listTickets } from './list.ts'
import { createTicket } from './create.ts'
import { registerNoteRoutes } from './notes.ts'
import { createReadMarks, markRead, messagePage } from './message-page.ts'
import { removeTicket, transition } from './transitions.ts'
import {
  CountsQuery,
  CountsResult,
  CreateBody,
  ListQuery,
  ListResult,
  MessagesQuery,
  MessagesResult,
  TicketIdParams,
  TicketView,
  CreatedTicket,
  UpdateBody,
  UuidParams,
  errors,
} from './schemas.ts'

const tags = ['tickets']

/** The spec also names pending 'aguardando' and open 'attending': accepted on input, answered as the canonical status. */
const STATUS_ALIASES: Record<string, string> = { aguardando: 'pending', attending: 'open' }
function canonicalStatus(part: unknown) {
  const o = part as { status?: unknown } | null
  if (o && typeof o === 'object' && typeof o.status === 'string')
    o.status = STATUS_ALIASES[o.status.toLowerCase()] ?? o.status
}

/** Ticket and message-history routes; every one applies the access rule. */
export function registerTicketRoutes(root: FastifyInstance, kernel: Kernel, attendants: Attendants) {
  const app = root.withTypeProvider<TypeBoxTypeProvider>()
  const reads = createReadMarks(kernel)
  const viewer = (req: FastifyRequest) => loadViewer(kernel, attendants, req.auth)
  const one = async (companyId: number, row: TicketRow) => (await hydrate(kernel, companyId, [row]))[0]
  app.addHook('preValidation', async (request) => {
    canonicalStatus(request.query)
    canonicalStatus(request.body)
  })

  app.get(
    '/tickets',
    {
      schema: {
        tags,
        summary: 'The tickets the caller may see, newest activity first (20 per page)',
        querystring: ListQuery,
        response: { 200: ListResult, ...errors },
      },
    },
    async (request) => listTickets(kernel, await viewer(request), request.query),
  )

  app.get(
    '/tickets/counts',
    {
      schema: {
        tags,
        summary: "The open tab's badges: open and pending tickets under the list's rules",
        querystring: CountsQuery,
        response: { 200: CountsResult, ...errors },
      },
    },
    async (request) => countTickets(kernel, await viewer(request), request.query),
  )

  app.post(
    '/tickets',
    {
      schema: {
        tags,
        summary:
          "Start a conversation with a contact: a new ticket (outcome TICKET_CREATED), or the contact's ticket on that connection closed in the last 2 hours reopened as the caller's (TICKET_REOPENED); 409 ERR_OTHER_OPEN_TICKET naming the active ticket's owner and queue",
        body: CreateBody,
        response: { 200: CreatedTicket, ...errors },
      },
    },
    async (request) => {
      const v = await viewer(request)
      const { row, outcome } = await createTicket(kernel, attendants, v, request.body)
      return { ...(await one(v.companyId, row)), outcome }
    },
  )

  app.get(
    '/tickets/:id',
    {
      schema: {
        tags,
        summary: 'One ticket (403 outside the access rule)',
        params: IdParams,
        response: { 200: TicketView, ...errors },
      },
    },
    async (request) => {
      const v = await viewer(request)
      return one(v.companyId, await visibleRow(kernel, v, { id: request.params.id }))
    },
  )

  app.post(
    '/tickets/:id/render',
    {
      schema: {
        tags,
        summary:
          "A text with the ticket's message variables filled in ({{firstName}}, {{protocol}}…): the composer's quick messages",
        params: IdParams,
        body: Type.Object({ text: Type.String({ maxLength: 10_000 }) }),
        response: { 200: Type.Object({ text: Type.String() }), ...errors },
      },
    },
    async (request) => {
      const v = await viewer(request)
      const row = await visibleRow(kernel, v, { id: request.params.id })
      const [named] = row.whatsappId
        ? ((await kernel.services.find<ConnectionsPort>('connections')?.namesByIds(v.companyId, [row.whatsappId])) ??
          [])
        : []
      const connection = named ? { name: named.name, complationMessage: null, ratingMessage: null } : null
      return { text: renderVariables(request.body.text, await variables(kernel, v.companyId, row, connection)) }
    },
  )

  app.get(
    '/tickets/u/:uuid',
    {
      schema: { tags, summary: 'One ticket by its uuid', params: UuidParams, response: { 200: TicketView, ...errors } },
    },
    async (request) => {
      const v = await viewer(request)
      return one(v.companyId, await visibleRow(kernel, v, { uuid: request.params.uuid.toLowerCase() }))
    },
  )

  app.put(
    '/tickets/:id',
    {
      schema: {
        tags,
        summary: 'Accept, return, close, reopen or transfer a ticket (409 when another attendant moved it first)',
        params: IdParams,
        body: UpdateBody,
        response: { 200: TicketView, ...errors },
      },
    },
    async (request) => {
      const v = await viewer(request)
      return one(v.companyId, await transition(kernel, v, request.params.id, request.body))
    },
  )

  app.put(
    '/tickets/:id/close-without-message',
    {
      schema: {
        tags,
        summary: 'Close a ticket without the closing message',
        params: IdParams,
        response: { 200: TicketView, ...errors },
      },
    },
    async (request) => {
      const v = await viewer(request)
      return one(v.companyId, await transition(kernel, v, request.params.id, { status: 'closed' }, { silent: true }))
    },
  )

  app.post(
    '/tickets/:id/read',
    {
      schema: {
        tags,
        summary: 'Mark the ticket read (the attendant has it open while the customer writes)',
        params: IdParams,
        response: { 200: TicketView, ...errors },
      },
    },
    async (request) => {
      const v = await viewer(request)
      const { id } = request.params
      const row = await visibleRow(kernel, v, { id })
      return one(v.companyId, (await markRead(kernel, v.companyId, id)) ?? row)
    },
  )

  app.delete(
    '/tickets/:id',
    {
      config: { permission: 'ticket-options:deleteTicket' },
      schema: {
        tags,
        summary: 'Delete a ticket and its messages',
        params: IdParams,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      await removeTicket(kernel, await viewer(request), request.params.id)
      return { message: 'Ticket deleted' }
    },
  )

  registerNoteRoutes(app, kernel, attendants)

  app.get(
    '/messages/:ticketId',
    {
      schema: {
        tags: ['messages'],
        summary: "A page of the ticket's messages (page 1 newest; each page oldest-first); marks them read",
        params: TicketIdParams,
        querystring: MessagesQuery,
        response: { 200: MessagesResult, ...errors },
      },
    },
    async (request) =>
      messagePage(kernel, reads, await viewer(request), request.params.ticketId, request.query.pageNumber),
  )
}
