/**
 * Contacts API v1 (/api/v1/companies/{companyId}/contacts), for a company API token only: the
 * company in the path must be the token's (403 ERR_API_TOKEN_COMPANY otherwise, whatever the id).
 * Reads and writes go through the contacts plugin's published service (its form's rules, 409 on a
 * duplicate number, its events). bulk-sync upserts up to 10,000 contacts by number in one call.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { AppError, MessageResponse, badRequest, notFound, toIso, type Kernel } from '@atende/sdk'
import type { Contact, ContactsRef } from '@atende/plugin-contacts/api'
import { ERR_API_TOKEN_COMPANY } from './api.ts'
import { callerOf, integratorConfig, security, tags } from './integrator.ts'
import { apiErrors } from './schemas.ts'

export const BULK_MAX = 10_000
export const PAGE_MAX = 100
const ERR_NO_CONTACT_FOUND = 'ERR_NO_CONTACT_FOUND'

const fields = {
  name: Type.String({ maxLength: 200, description: '2 to 50 characters once trimmed' }),
  number: Type.String({ maxLength: 100, description: 'any format; normalised by the contacts rule' }),
  email: Type.String({ maxLength: 254 }),
  cnpj: Type.String({ maxLength: 20 }),
  custumerCode: Type.String({ maxLength: 50 }),
  companyName: Type.String({ maxLength: 100 }),
}
const { name, number, ...optional } = fields
const ContactBody = Type.Object({ name, number, ...Type.Partial(Type.Object(optional)).properties })
const ContactPatch = Type.Partial(ContactBody)
/** A bulk-sync row: sizes checked per row (a row error), so one long field does not refuse the whole call. */
const loose = Type.String({ maxLength: 500 })
const BulkRow = Type.Object({
  name: loose,
  number: loose,
  ...Type.Partial(Type.Object({ email: loose, cnpj: loose, custumerCode: loose, companyName: loose })).properties,
})

export const ContactV1 = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  number: Type.String(),
  email: Type.String(),
  cnpj: Type.String(),
  custumerCode: Type.String(),
  companyName: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
})

const v1 = (c: Contact) => ({
  id: c.id,
  name: c.name,
  number: c.number,
  email: c.email,
  cnpj: c.cnpj,
  custumerCode: c.custumerCode,
  companyName: c.companyName,
  createdAt: toIso(c.createdAt),
  updatedAt: toIso(c.updatedAt),
})

const CompanyParams = Type.Object({ companyId: Type.Integer({ minimum: 1 }) })
const ContactParams = Type.Object({ companyId: Type.Integer({ minimum: 1 }), id: Type.Integer({ minimum: 1 }) })

export function registerContactsV1(root: FastifyInstance, kernel: Kernel) {
  const app = root.withTypeProvider<TypeBoxTypeProvider>()
  const contacts = () => kernel.services.get<ContactsRef>('contacts')
  const base = '/v1/companies/:companyId/contacts'

  /** The token's company, which must be the one in the path. */
  const companyOf = (request: FastifyRequest) => {
    const caller = callerOf(request)
    const { companyId } = request.params as { companyId: number }
    if (caller.companyId !== companyId)
      throw new AppError(ERR_API_TOKEN_COMPANY, 403, 'The API token is not one of this company')
    return companyId
  }
  const found = async (companyId: number, id: number) => {
    const [c] = await contacts().byIds(companyId, [id])
    if (!c || c.isGroup) throw notFound(ERR_NO_CONTACT_FOUND, 'Contact not found')
    return c
  }

  app.post(
    base,
    {
      config: integratorConfig(),
      schema: {
        tags,
        security,
        summary: 'Create a contact (409 ERR_DUPLICATED_CONTACT when the number exists)',
        params: CompanyParams,
        body: ContactBody,
        response: { 201: ContactV1, ...apiErrors },
      },
    },
    async (request, reply) => {
      const companyId = companyOf(request)
      reply.code(201)
      return v1(await contacts().create(companyId, request.body))
    },
  )

  app.get(
    base,
    {
      config: integratorConfig(),
      schema: {
        tags,
        security,
        summary: `The company's contacts by id, ${PAGE_MAX} at most a page`,
        params: CompanyParams,
        querystring: Type.Object({
          page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGE_MAX, default: 20 })),
        }),
        response: {
          200: Type.Object({ contacts: Type.Array(ContactV1), count: Type.Integer(), hasMore: Type.Boolean() }),
          ...apiErrors,
        },
      },
    },
    async (request) => {
      const companyId = companyOf(request)
      const { page = 1, limit = 20 } = request.query
      const r = await contacts().page(companyId, { page, limit })
      return { ...r, contacts: r.contacts.map(v1) }
    },
  )

  app.get(
    `${base}/find`,
    {
      config: integratorConfig(),
      schema: {
        tags,
        security,
        summary: 'The contact with this number (any format) or, without one, this e-mail',
        params: CompanyParams,
        querystring: Type.Object({
          number: Type.Optional(Type.String({ maxLength: 100 })),
          email: Type.Optional(Type.String({ maxLength: 254 })),
        }),
        response: { 200: ContactV1, ...apiErrors },
      },
    },
    async (request) => {
      const companyId = companyOf(request)
      const { number, email } = request.query
      if (!number?.trim() && !email?.trim()) throw badRequest('number', 'Give number or email')
      const c = await contacts().findOne(companyId, { number: number?.trim() || undefined, email })
      if (!c) throw notFound(ERR_NO_CONTACT_FOUND, 'Contact not found')
      return v1(c)
    },
  )

  app.get(
    `${base}/stats`,
    {
      config: integratorConfig(),
      schema: {
        tags,
        security,
        summary: 'Counters: total, created in the last 30 days, with an e-mail, with company information',
        params: CompanyParams,
        response: {
          200: Type.Object({
            total: Type.Integer(),
            createdLast30Days: Type.Integer(),
            withEmail: Type.Integer(),
            withCompanyInfo: Type.Integer(),
          }),
          ...apiErrors,
        },
      },
    },
    async (request) => contacts().stats(companyOf(request)),
  )

  app.post(
    `${base}/bulk-sync`,
    {
      config: integratorConfig(),
      bodyLimit: 16 * 1024 * 1024,
      schema: {
        tags,
        security,
        summary: `Create or update up to ${BULK_MAX} contacts by number; the outcome of each row`,
        params: CompanyParams,
        body: Type.Object({ contacts: Type.Array(BulkRow, { minItems: 1, maxItems: BULK_MAX }) }),
        response: {
          200: Type.Object({
            created: Type.Integer(),
            updated: Type.Integer(),
            errors: Type.Integer(),
            results: Type.Array(
              Type.Object({
                row: Type.Integer({ description: 'its position in `contacts`, from 1' }),
                status: Type.Union([Type.Literal('created'), Type.Literal('updated'), Type.Literal('error')]),
                id: Type.Optional(Type.Integer()),
                error: Type.Optional(
                  Type.Object({ code: Type.String(), field: Type.String(), message: Type.String() }),
                ),
              }),
            ),
          }),
          ...apiErrors,
        },
      },
    },
    async (request) => {
      const companyId = companyOf(request)
      const results = await contacts().bulkUpsert(companyId, request.body.contacts)
      const n = (s: string) => results.filter((r) => r.status === s).length
      return { created: n('created'), updated: n('updated'), errors: n('error'), results }
    },
  )

  app.get(
    `${base}/:id`,
    {
      config: integratorConfig(),
      schema: {
        tags,
        security,
        summary: 'One contact',
        params: ContactParams,
        response: { 200: ContactV1, ...apiErrors },
      },
    },
    async (request) => v1(await found(companyOf(request), request.params.id)),
  )

  app.put(
    `${base}/:id`,
    {
      config: integratorConfig(),
      schema: {
        tags,
        security,
        summary: 'Change a contact (fields left out are kept)',
        params: ContactParams,
        body: ContactPatch,
        response: { 200: ContactV1, ...apiErrors },
      },
    },
    async (request) => {
      const companyId = companyOf(request)
      await found(companyId, request.params.id)
      return v1(await contacts().update(companyId, request.params.id, request.body))
    },
  )

  app.delete(
    `${base}/:id`,
    {
      config: integratorConfig(),
      schema: {
        tags,
        security,
        summary: 'Delete a contact (its tickets go with it)',
        params: ContactParams,
        response: { 200: MessageResponse, ...apiErrors },
      },
    },
    async (request) => {
      const companyId = companyOf(request)
      await found(companyId, request.params.id)
      await contacts().remove(companyId, request.params.id)
      return { message: 'Contact deleted' }
    },
  )
}
