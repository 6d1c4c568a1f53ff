import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { IdParams, MessageResponse, StreamedFile, badRequest, errorResponses } from '@atende/sdk'
import {
  ContactList,
  ContactListBody,
  ContactListChoices,
  ContactListItem,
  ContactListItemBody,
  ContactListItemUpdateBody,
  ContactListItemsPage,
  ContactListItemsQuery,
  ContactListsPage,
  ContactListsQuery,
  ERR_SPREADSHEET_TOO_LARGE,
  ImportResult,
} from './api.ts'
import { exampleSpreadsheet, EXAMPLE_FILE_NAME } from './example.ts'
import type { ContactListService } from './service.ts'
import { IMPORT_MAX_BYTES, assertSpreadsheet, parseSpreadsheet, rowsByHeader } from './spreadsheet.ts'
import type {} from '@atende/sdk/multipart'

const tags = ['contact-lists']
const admin = { admin: true }
const errors = errorResponses()
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/** The multipart `file` part, read whole (up to IMPORT_MAX_BYTES); other parts are drained. */
async function uploadedFile(request: FastifyRequest): Promise<{ fileName: string; data: Buffer }> {
  if (!request.isMultipart())
    throw badRequest('file', 'Send the spreadsheet as multipart/form-data in the field "file"')
  let file: { fileName: string; data: Buffer } | undefined
  for await (const part of request.parts({ limits: { fileSize: IMPORT_MAX_BYTES } })) {
    if (part.type !== 'file') continue
    if (part.fieldname !== 'file' || file) {
      part.file.resume()
      continue
    }
    const chunks: Buffer[] = []
    for await (const c of part.file) chunks.push(c as Buffer)
    if (part.file.truncated)
      throw badRequest('file', `The spreadsheet is larger than ${IMPORT_MAX_BYTES} bytes`, ERR_SPREADSHEET_TOO_LARGE)
    file = { fileName: part.filename, data: Buffer.concat(chunks) }
  }
  if (!file) throw badRequest('file', 'A spreadsheet is required')
  return file
}

/** Contact lists and items under /api, for admins. */
export function registerContactListRoutes(root: FastifyInstance, service: ContactListService) {
  const app = root.withTypeProvider<TypeBoxTypeProvider>()

  app.get(
    '/contact-lists',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Contact lists by name with their contacts count, searchable, a page at a time',
        querystring: ContactListsQuery,
        response: { 200: ContactListsPage, ...errors },
      },
    },
    async (req) => service.page(req.auth.companyId, req.query.searchParam, req.query.pageNumber),
  )
  app.get(
    '/contact-lists/list',
    {
      config: admin,
      schema: {
        tags,
        summary: "Every list's id and name (pickers)",
        response: { 200: ContactListChoices, ...errors },
      },
    },
    async (req) => service.choices(req.auth.companyId),
  )
  app.get(
    '/contact-lists/example',
    {
      config: admin,
      schema: {
        tags,
        summary: 'The example spreadsheet to import (.xlsx: Nome, Numero, Email)',
        response: { 200: StreamedFile('an .xlsx file'), ...errors },
      },
    },
    async (_req, reply) =>
      reply
        .type(XLSX_TYPE)
        .header('content-disposition', `attachment; filename="${EXAMPLE_FILE_NAME}"`)
        .send(await exampleSpreadsheet()),
  )
  app.get(
    '/contact-lists/:id',
    {
      config: admin,
      schema: { tags, summary: 'One contact list', params: IdParams, response: { 200: ContactList, ...errors } },
    },
    async (req) => service.get(req.auth.companyId, req.params.id),
  )
  app.post(
    '/contact-lists',
    {
      config: admin,
      schema: { tags, summary: 'Add a contact list', body: ContactListBody, response: { 200: ContactList, ...errors } },
    },
    async (req) => service.create(req.auth.companyId, req.body),
  )
  app.put(
    '/contact-lists/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Rename a contact list',
        params: IdParams,
        body: ContactListBody,
        response: { 200: ContactList, ...errors },
      },
    },
    async (req) => service.update(req.auth.companyId, req.params.id, req.body),
  )
  app.delete(
    '/contact-lists/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Delete a contact list and its contacts',
        params: IdParams,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (req) => {
      await service.remove(req.auth.companyId, req.params.id)
      return { message: 'Contact list deleted' }
    },
  )
  app.post(
    '/contact-lists/:id/upload',
    {
      config: admin,
      schema: {
        tags,
        summary:
          'Import an .xls/.xlsx spreadsheet (multipart `file`; columns nome, numero, email by header): rows upserted by number, row errors reported',
        consumes: ['multipart/form-data'],
        params: IdParams,
        response: { 200: ImportResult, ...errors },
      },
    },
    async (req) => {
      const companyId = req.auth.companyId
      await service.assertList(companyId, req.params.id)
      const file = await uploadedFile(req)
      assertSpreadsheet(file.fileName, file.data)
      const { rows, firstRow } = await parseSpreadsheet(file.data)
      return service.importRows(companyId, req.params.id, rowsByHeader(rows, firstRow))
    },
  )

  app.get(
    '/contact-list-items',
    {
      config: admin,
      schema: {
        tags,
        summary: "A list's contacts by name, searchable by name, number or email, a page at a time",
        querystring: ContactListItemsQuery,
        response: { 200: ContactListItemsPage, ...errors },
      },
    },
    async (req) =>
      service.items(req.auth.companyId, req.query.contactListId, req.query.searchParam, req.query.pageNumber),
  )
  app.get(
    '/contact-list-items/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'One contact of a list',
        params: IdParams,
        response: { 200: ContactListItem, ...errors },
      },
    },
    async (req) => service.getItem(req.auth.companyId, req.params.id),
  )
  app.post(
    '/contact-list-items',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Add a contact to a list (its number normalised as contacts are)',
        body: ContactListItemBody,
        response: { 200: ContactListItem, ...errors },
      },
    },
    async (req) => service.createItem(req.auth.companyId, req.body),
  )
  app.put(
    '/contact-list-items/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Edit a contact of a list',
        params: IdParams,
        body: ContactListItemUpdateBody,
        response: { 200: ContactListItem, ...errors },
      },
    },
    async (req) => service.updateItem(req.auth.companyId, req.params.id, req.body),
  )
  app.delete(
    '/contact-list-items/:id',
    {
      config: { permission: 'contacts-page:deleteContact' },
      schema: {
        tags,
        summary: 'Delete a contact of a list (permission contacts-page:deleteContact)',
        params: IdParams,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (req) => {
      await service.removeItem(req.auth.companyId, req.params.id)
      return { message: 'Contact deleted' }
    },
  )
}
