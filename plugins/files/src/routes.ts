import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { AppError, IdParams, isAppError, MessageResponse, badRequest, tooLong, type Kernel } from '@atende/sdk'
import { FileList, MANAGE_PERMISSION, OPTIONS_MAX, OPTION_NAME_MAX } from './api.ts'
import { CreateBody, FilesPage, PageQuery, UpdateBody, errors } from './schemas.ts'
import type { FileListService, StoredUpload } from './service.ts'
import { nameForType, sniffUpload } from './sniff.ts'
import type {} from '@atende/sdk/multipart'

const tags = ['files']
const manage = { permission: MANAGE_PERMISSION }
/** Where the lists' files live in kernel.storage. */
const AREA = 'file-lists'

/**
 * File-list routes under /api. `GET /api/files/{id}` and the
 * kernel's legacy signed-media wildcard `GET /api/files/*` share a prefix: the router prefers this
 * parametric route, so a numeric id always lands here (core/kernel/src/storage/routes.ts).
 */
export function registerFileListRoutes(root: FastifyInstance, kernel: Kernel, service: FileListService) {
  const app = root.withTypeProvider<TypeBoxTypeProvider>()
  const one = { 200: FileList, ...errors }

  /**
   * POST /files/uploadList/{id}, multipart: every `files` part is stored as it streams in (type
   * read from its bytes, kernel.storage's size limit); the text fields `name` and `id` are
   * per file, the n-th value going with the n-th file wherever it stands in the body. `mediaType`,
   * `fileId` and `typeArch` (sent by the spec's client) are read and ignored.
   */
  async function readUpload(request: FastifyRequest, companyId: number): Promise<StoredUpload[]> {
    if (!request.isMultipart()) throw badRequest('files', 'Send the files as multipart/form-data in the field "files"')
    const stored: { file: StoredUpload['file']; uploadedName: string }[] = []
    const names: string[] = []
    const ids: string[] = []
    try {
      for await (const part of request.parts()) {
        if (part.type !== 'file') {
          const value = typeof part.value === 'string' ? part.value : ''
          if (part.fieldname === 'name') names.push(value)
          else if (part.fieldname === 'id') ids.push(value)
          continue
        }
        if (part.fieldname !== 'files') {
          part.file.resume()
          continue
        }
        if (stored.length >= OPTIONS_MAX) {
          part.file.resume()
          throw badRequest('files', `At most ${OPTIONS_MAX} files at a time`)
        }
        const { mimetype, stream } = await sniffUpload(part.file, part.mimetype, 'files')
        const file = await kernel.storage.put(companyId, {
          data: stream,
          fileName: nameForType(part.filename || 'file', mimetype),
          mimetype,
          area: AREA,
        })
        stored.push({ file, uploadedName: part.filename || file.fileName })
      }
    } catch (err) {
      await service.discard(stored.map((s) => s.file.key))
      // kernel.storage names its own field (`file`); this form's is `files`.
      if (isAppError(err) && err.details?.field === 'file')
        throw new AppError(err.code, err.statusCode, err.message, { ...err.details, field: 'files' })
      throw err
    }
    if (!stored.length) throw badRequest('files', 'At least one file is required')
    // A name over the limit is refused, never cut (the form's box holds the same 100).
    const long = names.findIndex((n, i) => i < stored.length && n.trim().length > OPTION_NAME_MAX)
    if (long >= 0) {
      await service.discard(stored.map((s) => s.file.key))
      throw tooLong(`options.${long}.name`, OPTION_NAME_MAX)
    }
    return stored.map((s, i) => {
      const rawId = (ids[i] ?? '').trim()
      const optionId = /^[1-9][0-9]{0,9}$/.test(rawId) ? Number(rawId) : null
      return { ...s, optionId, name: (names[i] ?? '').trim() }
    })
  }

  app.get(
    '/files',
    {
      schema: {
        tags,
        summary: "The company's file lists by name, searchable (name, message), a page at a time",
        querystring: PageQuery,
        response: { 200: FilesPage, ...errors },
      },
    },
    async (request) => {
      const { searchParam, pageNumber } = request.query
      return service.page(request.auth.companyId, searchParam, pageNumber)
    },
  )

  app.get(
    '/files/:id',
    { schema: { tags, summary: 'One file list with its options', params: IdParams, response: one } },
    async (request) => service.get(request.auth.companyId, request.params.id),
  )

  app.post(
    '/files',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Add a file list (name, message, options by name); files follow through uploadList',
        body: CreateBody,
        response: one,
      },
    },
    async (request) => service.create(request.auth.companyId, request.body),
  )

  app.put(
    '/files/:id',
    {
      config: manage,
      schema: {
        tags,
        summary:
          'Edit a file list; `options`, when sent, is the whole new set (options left out are deleted with their files)',
        params: IdParams,
        body: UpdateBody,
        response: one,
      },
    },
    async (request) => service.update(request.auth.companyId, request.params.id, request.body),
  )

  app.delete(
    '/files/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Delete a file list with its options and their stored files',
        params: IdParams,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      await service.remove(request.auth.companyId, request.params.id)
      return { message: 'File list deleted' }
    },
  )

  app.post(
    '/files/uploadList/:id',
    {
      config: manage,
      schema: {
        tags,
        summary:
          'Upload files to a list (multipart: files, and per file name and id — the option it replaces the file of; without id a new option)',
        consumes: ['multipart/form-data'],
        params: IdParams,
        response: one,
      },
    },
    async (request) => {
      const { companyId } = request.auth
      // Which list is settled before a byte is stored.
      await service.assertExists(companyId, request.params.id)
      const uploads = await readUpload(request, companyId)
      return service.attach(companyId, request.params.id, uploads)
    },
  )
}
