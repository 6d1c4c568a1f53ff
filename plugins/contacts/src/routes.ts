import { Readable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { AppError, IdParams, MessageResponse, StreamedFile, type Kernel } from '@atende/sdk'
import type { AddressBookSource, AddressBookRef } from './api.ts'
import { CSV_FILENAME, csvChunks } from './csv.ts'
import { checkFilter, createContactQueries } from './queries.ts'
import {
  ContactSummary,
  ContactView,
  ContactsPage,
  CreateBody,
  ImportResult,
  ListQuery,
  LookupQuery,
  UPLOAD_MAX_ROWS,
  UpdateBody,
  UploadBody,
  UploadResult,
  errors,
} from './schemas.ts'
import { upsertContacts } from './upsert.ts'
import { uploadContacts } from './upload.ts'
import { createContactWriter } from './write.ts'

export const ERR_ADDRESS_BOOK_UNAVAILABLE = 'ERR_ADDRESS_BOOK_UNAVAILABLE'
const tags = ['contacts']
const FilterQuery = Type.Omit(ListQuery, ['pageNumber'])

export function registerContactRoutes(root: FastifyInstance, kernel: Kernel) {
  const app = root.withTypeProvider<TypeBoxTypeProvider>()
  const queries = createContactQueries(kernel)
  const writer = createContactWriter(kernel)

  app.get(
    '/contacts',
    {
      schema: {
        tags,
        summary: 'Contacts page by page (20), searched and filtered by creation date; count on page 1, up to 10,000',
        querystring: ListQuery,
        response: { 200: ContactsPage, ...errors },
      },
    },
    async (req) => queries.page(req.auth.companyId, req.query),
  )

  app.get(
    '/contacts/list',
    {
      schema: {
        tags,
        summary: 'Up to 50 contacts matching a search, for pickers',
        querystring: LookupQuery,
        response: { 200: Type.Array(ContactSummary), ...errors },
      },
    },
    async (req) => queries.lookup(req.auth.companyId, req.query.searchParam),
  )

  app.get(
    '/contacts/export',
    {
      schema: {
        tags,
        summary: `The contacts matching the filters as ${CSV_FILENAME} (UTF-8 with BOM, ";" separated, CRLF)`,
        querystring: FilterQuery,
        produces: ['text/csv'],
        response: { 200: StreamedFile('CSV file'), ...errors },
      },
    },
    async (req, reply) => {
      const filter = req.query
      checkFilter(filter) // bad dates answer 400 before the first byte goes out
      const stream = Readable.from(csvChunks(queries.batches(req.auth.companyId, filter)))
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${CSV_FILENAME}"`)
        .header('cache-control', 'no-store')
        .send(stream)
    },
  )

  app.get(
    '/contacts/:id',
    {
      schema: {
        tags,
        summary: 'One contact with its extra information',
        params: IdParams,
        response: { 200: ContactView, ...errors },
      },
    },
    async (req) => queries.one(req.auth.companyId, req.params.id),
  )

  app.post(
    '/contacts',
    {
      schema: {
        tags,
        summary: 'Create a contact; a number already in the company is 409 ERR_DUPLICATED_CONTACT naming that contact',
        body: CreateBody,
        response: { 201: ContactView, ...errors },
      },
    },
    async (req, reply) => reply.status(201).send(await writer.create(req.auth.companyId, req.body)),
  )

  app.put(
    '/contacts/:id',
    {
      schema: {
        tags,
        summary: 'Edit a contact (extraInfo, when sent, replaces the list)',
        params: IdParams,
        body: UpdateBody,
        response: { 200: ContactView, ...errors },
      },
    },
    async (req) => writer.update(req.auth.companyId, req.params.id, req.body),
  )

  app.delete(
    '/contacts/:id',
    {
      config: { permission: 'contacts-page:deleteContact' },
      schema: {
        tags,
        summary:
          'Delete a contact and, through the tickets plugin, its tickets (permission contacts-page:deleteContact)',
        params: IdParams,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (req) => {
      await writer.remove(req.auth.companyId, req.params.id)
      return { message: 'Contact deleted' }
    },
  )

  app.post(
    '/contacts/upload',
    {
      // 10,000 rows of long names and emails stay under this.
      bodyLimit: 16 * 1024 * 1024,
      schema: {
        tags,
        summary: `Import spreadsheet rows read by the screen (at most ${UPLOAD_MAX_ROWS} per request): new contacts and the rejected rows with their reasons`,
        body: UploadBody,
        response: { 200: UploadResult, ...errors },
      },
    },
    async (req) => uploadContacts(kernel, req.auth.companyId, req.body),
  )

  app.post(
    '/contacts/import',
    {
      schema: {
        tags,
        summary: "Import the phone's address book through the default connection, when its provider can read it",
        response: { 200: ImportResult, ...errors },
      },
    },
    async (req) => {
      const companyId = req.auth.companyId
      const source = addressBook(kernel)
      const sightings = source ? await source.read(companyId) : null
      if (!sightings)
        throw new AppError(
          ERR_ADDRESS_BOOK_UNAVAILABLE,
          400,
          "No connection of the company can read the phone's address book (its provider does not offer it)",
        )
      const results = await kernel.unitOfWork(companyId, (uow) =>
        upsertContacts(
          uow,
          sightings.filter((s) => s.number),
        ),
      )
      return { total: new Set(results.map((r) => r.contact.id)).size, changed: results.filter((r) => r.changed).length }
    },
  )
}

function addressBook(kernel: Kernel): AddressBookSource | null {
  return kernel.services.find<AddressBookRef>('contacts.addressBook') ?? null
}
