import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { forbidden } from '@atende/sdk'
import {
  Access,
  ConsultStarted,
  ERR_PARTS_OTHER_COMPANY,
  Grant,
  GrantList,
  IMPORT_PERMISSION,
  ImportResult,
} from './api.ts'
import { CompanyParams, ConsultBody, errors } from './schemas.ts'
import type { Grants } from './grants.ts'
import type { Inventory } from './inventory.ts'
import { assertSpreadsheet, parseSpreadsheet, rowsOfSheet } from './spreadsheet.ts'
import { readUpload } from './upload.ts'
import type { createConsult } from './consult.ts'

const tags = ['part-inventory']
const superOnly = { super: true }

interface Deps {
  grants: Grants
  inventory: Inventory
  consult: ReturnType<typeof createConsult>
}

/** /api/part-inventory (parts import): the import, the consult, the grants. */
export function registerPartsRoutes(root: FastifyInstance, { grants, inventory, consult }: Deps) {
  const app = root.withTypeProvider<TypeBoxTypeProvider>()

  app.get(
    '/part-inventory/access',
    {
      schema: {
        tags,
        summary: "Whether the caller's company holds the parts grant (the screen and the ticket button ask)",
        response: { 200: Access, ...errors },
      },
    },
    async (req) => ({ granted: await grants.granted(req.auth.companyId) }),
  )

  app.get(
    '/part-inventory/grants',
    {
      config: superOnly,
      schema: {
        tags,
        summary: 'The companies holding the parts grant (super user)',
        response: { 200: GrantList, ...errors },
      },
    },
    async () => ({ companyIds: await grants.list() }),
  )

  app.get(
    '/part-inventory/grants/:companyId',
    {
      config: superOnly,
      schema: {
        tags,
        summary: 'Whether one company holds the parts grant (super user)',
        params: CompanyParams,
        response: { 200: Grant, ...errors },
      },
    },
    async (req) => ({ companyId: req.params.companyId, granted: await grants.granted(req.params.companyId) }),
  )

  app.put(
    '/part-inventory/grants/:companyId',
    {
      config: superOnly,
      schema: {
        tags,
        summary: 'Give a company the parts import and consult (super user; the spec\'s "special company")',
        params: CompanyParams,
        response: { 200: Grant, ...errors },
      },
    },
    async (req) => {
      await grants.grant(req.params.companyId)
      return { companyId: req.params.companyId, granted: true }
    },
  )

  app.delete(
    '/part-inventory/grants/:companyId',
    {
      config: superOnly,
      schema: {
        tags,
        summary: "Withdraw a company's parts grant (super user); its imported parts are kept",
        params: CompanyParams,
        response: { 200: Grant, ...errors },
      },
    },
    async (req) => {
      await grants.revoke(req.params.companyId)
      return { companyId: req.params.companyId, granted: false }
    },
  )

  app.post(
    '/part-inventory/import-parts-excel',
    {
      config: { permission: IMPORT_PERMISSION },
      schema: {
        tags,
        summary:
          "Import an .xlsx/.xls parts spreadsheet (multipart `file` and `companyId`, the caller's own; the 11 columns in order): rows upserted by ID, row errors reported",
        consumes: ['multipart/form-data'],
        response: { 200: ImportResult, ...errors },
      },
    },
    async (req) => {
      const own = req.auth.companyId
      await grants.assert(own)
      const { file, companyId } = await readUpload(req)
      if (companyId !== own)
        throw forbidden(ERR_PARTS_OTHER_COMPANY, 'The spreadsheet must be imported into your own company')
      assertSpreadsheet(file.fileName, file.data)
      const { rows, firstRow } = await parseSpreadsheet(file.data)
      return inventory.importRows(own, rowsOfSheet(rows, firstRow))
    },
  )

  app.post(
    '/part-inventory/start-parts-consult-flow',
    {
      schema: {
        tags,
        summary:
          'Start the parts consult on the pending ticket of this number: the customer is asked the part, model and year and answered from the inventory',
        body: ConsultBody,
        response: { 200: ConsultStarted, ...errors },
      },
    },
    async (req) => {
      await grants.assert(req.auth.companyId)
      return consult.start(req.auth.companyId, req.body.whatsappNumber)
    },
  )
}
