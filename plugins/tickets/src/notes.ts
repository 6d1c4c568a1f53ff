import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { AppError, IdParams, MessageResponse, badRequest, notFound, type Kernel } from '@atende/sdk'
import { loadViewer, noPermission, visibleRow } from './access.ts'
import type { Attendants } from './attendants.ts'
import { byId, userNames } from './names.ts'
import { NoteBody, NotesQuery, NoteView, errors } from './schemas.ts'
import { Type } from '@sinclair/typebox'

const tags = ['ticket-notes']
type Row = {
  id: number
  note: string
  ticketId: number
  contactId: number
  userId: number | null
  createdAt: Date | string
  userName?: string | null
}
const view = (r: Row) => ({
  id: r.id,
  note: r.note,
  ticketId: r.ticketId,
  contactId: r.contactId,
  user: r.userId ? { id: r.userId, name: r.userName ?? '' } : null,
  createdAt: new Date(r.createdAt).toISOString(),
})

/**
 * Ticket notes (/ticket-notes): internal remarks on a
 * conversation, never sent to the customer. Whoever may see the ticket reads and adds them; the
 * author or an admin deletes.
 */
export function registerNoteRoutes(root: FastifyInstance, kernel: Kernel, attendants: Attendants) {
  const app = root.withTypeProvider<TypeBoxTypeProvider>()
  const viewer = (req: { auth: Parameters<typeof loadViewer>[2] }) => loadViewer(kernel, attendants, req.auth)
  /** Notes with their authors' names (one more query through kernel.accounts, not per note). */
  const withNames = async (companyId: number, rows: Row[]) => {
    const names = await userNames(
      kernel,
      companyId,
      rows.map((r) => r.userId),
    )
    return rows.map((r) => view({ ...r, userName: byId(names, r.userId) ?? null }))
  }

  app.get(
    '/ticket-notes/list',
    {
      schema: {
        tags,
        summary: "A ticket's notes (or all of a contact's), newest first",
        querystring: NotesQuery,
        response: { 200: Type.Array(NoteView), ...errors },
      },
    },
    async (request) => {
      const v = await viewer(request)
      const { ticketId, contactId } = request.query
      if (!ticketId && !contactId) throw badRequest('ticketId', 'ticketId or contactId is required')
      const q = kernel.tenant(v.companyId)('ticket_notes').orderBy('ticket_notes.id', 'desc').limit(200)
      if (ticketId) {
        const ticket = await visibleRow(kernel, v, { id: ticketId })
        if (contactId && contactId !== ticket.contactId) return []
        // The contact's notes across its tickets: the history of the relationship.
        q.where('ticket_notes.contactId', ticket.contactId)
      } else {
        if (!v.admin) throw noPermission()
        q.where('ticket_notes.contactId', contactId!)
      }
      return withNames(v.companyId, await q)
    },
  )

  app.post(
    '/ticket-notes',
    {
      schema: { tags, summary: 'Add a note to a ticket', body: NoteBody, response: { 200: NoteView, ...errors } },
    },
    async (request) => {
      const v = await viewer(request)
      const body = request.body
      const note = body.note.trim()
      if (note.length < 2) throw badRequest('note', 'The note needs at least 2 characters')
      const ticket = await visibleRow(kernel, v, { id: body.ticketId })
      if (body.contactId && body.contactId !== ticket.contactId)
        throw badRequest('contactId', "Not the ticket's contact")
      const [row] = await kernel
        .tenant(v.companyId)
        .insert('ticket_notes', { ticketId: ticket.id, contactId: ticket.contactId, userId: v.userId, note })
        .returning('*')
      return (await withNames(v.companyId, [row]))[0]!
    },
  )

  app.delete(
    '/ticket-notes/:id',
    {
      schema: {
        tags,
        summary: 'Delete a note (its author or an admin)',
        params: IdParams,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      const v = await viewer(request)
      const { id } = request.params
      const t = kernel.tenant(v.companyId)
      const row = await t('ticket_notes').where({ id }).first()
      if (!row) throw notFound('ERR_NO_NOTE_FOUND', 'Note not found')
      await visibleRow(kernel, v, { id: row.ticketId })
      if (!v.admin && row.userId !== v.userId)
        throw new AppError('ERR_NO_PERMISSION', 403, 'Only its author or an admin deletes a note')
      await t('ticket_notes').where({ id }).delete()
      return { message: 'Note deleted' }
    },
  )
}
