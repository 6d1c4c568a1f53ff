import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { IdParams, MessageResponse, badRequest } from '@atende/sdk'
import type { QuickMessageService } from './service.ts'
import { CreateBody, LookupQuery, PageQuery, QuickMessage, RecordsPage, UpdateBody, errors } from './schemas.ts'
import type {} from '@atende/sdk/multipart'

const tags = ['quick-messages']

/**
 * Quick message routes (including GET /quick-messages/list for the composer).
 * Everyone sees their own and the company-wide ones; the author or an admin changes one.
 */
export function registerQuickMessageRoutes(root: FastifyInstance, service: QuickMessageService) {
  const app = root.withTypeProvider<TypeBoxTypeProvider>()
  const id = (req: { params: IdParams }) => req.params.id

  /** The multipart `file` part, streamed into storage by the service; other parts (typeArch) are read and ignored. */
  async function withUploadedFile<T>(
    request: FastifyRequest,
    use: (file: { data: NodeJS.ReadableStream; fileName: string; mimetype: string }) => Promise<T>,
  ): Promise<T> {
    if (!request.isMultipart()) throw badRequest('file', 'Send the file as multipart/form-data in the field "file"')
    let result: { value: T } | undefined
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue
      if (part.fieldname !== 'file' || result) {
        part.file.resume()
        continue
      }
      result = { value: await use({ data: part.file, fileName: part.filename, mimetype: part.mimetype }) }
    }
    if (!result) throw badRequest('file', 'A file is required')
    return result.value
  }

  app.get(
    '/quick-messages',
    {
      schema: {
        tags,
        summary: "The caller's and the company-wide quick messages by shortcode, searchable, a page at a time",
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
    '/quick-messages/list',
    {
      schema: {
        tags,
        summary: 'The composer\'s "/" suggestions: active quick messages the caller sees, bounded by limit',
        querystring: LookupQuery,
        response: { 200: Type.Array(QuickMessage), ...errors },
      },
    },
    async (request) => {
      const { searchParam, limit } = request.query
      return service.lookup(request.auth, searchParam, limit)
    },
  )

  app.get(
    '/quick-messages/:id',
    {
      schema: {
        tags,
        summary: 'One quick message (own or company-wide)',
        params: IdParams,
        response: { 200: QuickMessage, ...errors },
      },
    },
    async (request) => service.get(request.auth, id(request)),
  )

  app.post(
    '/quick-messages',
    {
      schema: {
        tags,
        summary: 'Add a quick message (its author is the caller); media follows through media-upload',
        body: CreateBody,
        response: { 200: QuickMessage, ...errors },
      },
    },
    async (request) => service.create(request.auth, request.body),
  )

  app.put(
    '/quick-messages/:id',
    {
      schema: {
        tags,
        summary: 'Edit a quick message (its author or an admin)',
        params: IdParams,
        body: UpdateBody,
        response: { 200: QuickMessage, ...errors },
      },
    },
    async (request) => service.update(request.auth, id(request), request.body),
  )

  app.delete(
    '/quick-messages/:id',
    {
      schema: {
        tags,
        summary: 'Delete a quick message and its file (its author or an admin)',
        params: IdParams,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      await service.remove(request.auth, id(request))
      return { message: 'Quick message deleted' }
    },
  )

  app.post(
    '/quick-messages/:id/media-upload',
    {
      schema: {
        tags,
        summary: 'Attach a file (multipart: file, typeArch ignored); replaces the one it had',
        consumes: ['multipart/form-data'],
        params: IdParams,
        response: { 200: QuickMessage, ...errors },
      },
    },
    async (request) => {
      // Who may change it is settled before a byte of the file is stored.
      await service.assertEditable(request.auth, id(request))
      return withUploadedFile(request, (file) => service.attach(request.auth, id(request), file))
    },
  )

  app.delete(
    '/quick-messages/:id/media-upload',
    {
      schema: {
        tags,
        summary: 'Remove the attached file',
        params: IdParams,
        response: { 200: QuickMessage, ...errors },
      },
    },
    async (request) => service.detach(request.auth, id(request)),
  )
}
