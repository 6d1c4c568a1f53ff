import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { IdParams, MessageResponse, badRequest } from '@atende/sdk'
import { Announcement } from './api.ts'
import { CreateBody, PageQuery, RecordsPage, RichUpload, UpdateBody, errors } from './schemas.ts'
import type { AnnouncementService } from './service.ts'
import type {} from '@atende/sdk/multipart'

const tags = ['announcements']
/** Only the platform's super user manages announcements (403 ERR_NO_PERMISSION for anyone else). */
const superOnly = { super: true }

/** The multipart file part named `field`, read whole (bounded by MEDIA_MAX_BYTES), and the text fields. */
async function uploadedFile(request: FastifyRequest, field: string) {
  if (!request.isMultipart()) throw badRequest(field, `Send the file as multipart/form-data in the field "${field}"`)
  let found: { bytes: Buffer; fileName: string } | undefined
  const values: Record<string, string> = {}
  for await (const part of request.parts()) {
    if (part.type !== 'file') {
      if (typeof part.value === 'string') values[part.fieldname] = part.value
      continue
    }
    if (part.fieldname !== field || found) {
      part.file.resume()
      continue
    }
    found = { bytes: await part.toBuffer(), fileName: part.filename }
  }
  if (!found) throw badRequest(field, 'A file is required')
  return { ...found, values }
}

/** The announcements routes under /api. */
export function registerAnnouncementsRoutes(root: FastifyInstance, service: AnnouncementService) {
  const app = root.withTypeProvider<TypeBoxTypeProvider>()
  const one = { 200: Announcement, ...errors }

  app.get(
    '/announcements',
    {
      schema: {
        tags,
        summary:
          'Announcements by priority (1 first) then newest, searchable (title, text), a page at a time: the super user sees all, everyone else the active ones',
        querystring: PageQuery,
        response: { 200: RecordsPage, ...errors },
      },
    },
    async (request) => {
      const { searchParam, pageNumber } = request.query
      return service.page(request.auth, searchParam, pageNumber)
    },
  )

  app.get(
    '/announcements/:id',
    {
      schema: {
        tags,
        summary: 'One announcement (an inactive one only for the super user)',
        params: IdParams,
        response: one,
      },
    },
    async (request) => service.get(request.auth, request.params.id),
  )

  app.post(
    '/announcements',
    {
      config: superOnly,
      schema: { tags, summary: 'Publish an announcement (super user)', body: CreateBody, response: one },
    },
    async (request) => service.create(request.body),
  )

  app.put(
    '/announcements/:id',
    {
      config: superOnly,
      schema: {
        tags,
        summary: 'Edit an announcement (super user); richContent, when sent, is the whole new block list',
        params: IdParams,
        body: UpdateBody,
        response: one,
      },
    },
    async (request) => service.update(request.params.id, request.body),
  )

  app.delete(
    '/announcements/:id',
    {
      config: superOnly,
      schema: {
        tags,
        summary: 'Delete an announcement with its files (super user)',
        params: IdParams,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      await service.remove(request.params.id)
      return { message: 'Announcement deleted' }
    },
  )

  app.post(
    '/announcements/:id/media-upload',
    {
      config: superOnly,
      schema: {
        tags,
        summary: 'Attach a file (multipart `file`: png, jpg or jpeg, read from its bytes); replaces the one it had',
        consumes: ['multipart/form-data'],
        params: IdParams,
        response: one,
      },
    },
    async (request) => {
      await service.assertExists(request.params.id)
      const upload = await uploadedFile(request, 'file')
      return service.attach(request.auth, request.params.id, upload)
    },
  )

  app.delete(
    '/announcements/:id/media-upload',
    {
      config: superOnly,
      schema: { tags, summary: 'Remove the attached file (super user)', params: IdParams, response: one },
    },
    async (request) => service.detach(request.params.id),
  )

  app.post(
    '/announcements/:id/rich-content-upload',
    {
      config: superOnly,
      schema: {
        tags,
        summary:
          'Upload an image for a rich content block (multipart `richContentImage`, images only by their bytes; `blockId`): returns the signed URL to put in the block',
        consumes: ['multipart/form-data'],
        params: IdParams,
        response: { 200: RichUpload, ...errors },
      },
    },
    async (request) => {
      await service.assertExists(request.params.id)
      const upload = await uploadedFile(request, 'richContentImage')
      const url = await service.richImage(request.auth, upload)
      return { url, blockId: upload.values.blockId?.slice(0, 64) ?? null }
    },
  )
}
