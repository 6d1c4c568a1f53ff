import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { IdParams, MessageResponse, badRequest } from '@atende/sdk'
import { Schedule } from './api.ts'
import { CreateBody, PageQuery, SchedulesPage, UpdateBody, errors } from './schemas.ts'
import type { ScheduleService } from './service.ts'
import type {} from '@atende/sdk/multipart'

const tags = ['schedules']

/** The multipart `file` part, read whole (images only, bounded by MEDIA_MAX_BYTES); other parts are ignored. */
async function uploadedFile(request: FastifyRequest) {
  if (!request.isMultipart()) throw badRequest('file', 'Send the file as multipart/form-data in the field "file"')
  let found: { bytes: Buffer; fileName: string } | undefined
  for await (const part of request.parts()) {
    if (part.type !== 'file') continue
    if (part.fieldname !== 'file' || found) {
      part.file.resume()
      continue
    }
    found = { bytes: await part.toBuffer(), fileName: part.filename }
  }
  if (!found) throw badRequest('file', 'A file is required')
  return found
}

/**
 * The schedules routes under /api. Every user of the company reads them and
 * adds their own; the author or an admin edits; an admin deletes any, the author
 * only while it is not sent.
 */
export function registerSchedulesRoutes(root: FastifyInstance, service: ScheduleService) {
  const app = root.withTypeProvider<TypeBoxTypeProvider>()

  app.get(
    '/schedules',
    {
      schema: {
        tags,
        summary:
          "The company's schedules by scheduleDate, searchable (body, description, contact), filtered by status and date range, a page at a time, with counters per status",
        querystring: PageQuery,
        response: { 200: SchedulesPage, ...errors },
      },
    },
    async (request) => service.page(request.auth.companyId, request.query),
  )

  app.get(
    '/schedules/:id',
    { schema: { tags, summary: 'One schedule', params: IdParams, response: { 200: Schedule, ...errors } } },
    async (request) => service.get(request.auth.companyId, request.params.id),
  )

  app.post(
    '/schedules',
    {
      schema: {
        tags,
        summary: 'Schedule a message to a contact (its author is the caller); an image follows through media-upload',
        body: CreateBody,
        response: { 200: Schedule, ...errors },
      },
    },
    async (request) => service.create(request.auth, request.body),
  )

  app.put(
    '/schedules/:id',
    {
      schema: {
        tags,
        summary:
          'Edit a schedule (its author or an admin): a sent one takes date changes only and goes back to PENDENTE',
        params: IdParams,
        body: UpdateBody,
        response: { 200: Schedule, ...errors },
      },
    },
    async (request) => service.update(request.auth, request.params.id, request.body),
  )

  app.delete(
    '/schedules/:id',
    {
      schema: {
        tags,
        summary: 'Delete a schedule (an admin; its author while not sent: ERR_NO_SCHEDULE_FOUND once sent)',
        params: IdParams,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      await service.remove(request.auth, request.params.id)
      return { message: 'Schedule deleted' }
    },
  )

  app.post(
    '/schedules/:id/media-upload',
    {
      schema: {
        tags,
        summary: 'Attach an image (multipart `file`: png, jpg or jpeg, read from its bytes); replaces the one it had',
        consumes: ['multipart/form-data'],
        params: IdParams,
        response: { 200: Schedule, ...errors },
      },
    },
    async (request) => {
      // Who may change it is settled before a byte of the file is read.
      await service.assertMediaEditable(request.auth, request.params.id)
      return service.attach(request.auth, request.params.id, await uploadedFile(request))
    },
  )

  app.delete(
    '/schedules/:id/media-upload',
    {
      schema: { tags, summary: 'Remove the attached image', params: IdParams, response: { 200: Schedule, ...errors } },
    },
    async (request) => service.detach(request.auth, request.params.id),
  )
}
