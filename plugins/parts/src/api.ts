/**
 * The parts plugin's published contract, version 1: the wire types of its routes (for the parts
 * module) and its error codes. TypeBox only (no SDK), so the front end's types stay small.
 * `import type { ImportResult } from '@atende/plugin-parts/api'`.
 */
import { Type, type Static } from '@sinclair/typebox'

export { PART_COLUMNS } from './values.ts'

/** Why a row was refused, for the screen's words: a required cell empty, a cell too long, a bad year, a bad stock answer, an ID seen earlier in the sheet. */
export const ROW_ERROR_CODES = ['required', 'tooLong', 'year', 'stock', 'duplicate'] as const
export type RowErrorCode = (typeof ROW_ERROR_CODES)[number]

/** One refused spreadsheet row: its number as Excel shows it, the column (a PART_COLUMNS name), why (code) and in English. */
export const ImportRowError = Type.Object({
  row: Type.Integer(),
  field: Type.String(),
  code: Type.Union(ROW_ERROR_CODES.map((c) => Type.Literal(c))),
  message: Type.String(),
})
export const ImportResult = Type.Object({
  imported: Type.Integer({ description: 'rows whose ID was new to the company' }),
  updated: Type.Integer({ description: 'rows whose ID was already there: replaced by the sheet' }),
  errors: Type.Array(ImportRowError),
})
export type ImportResult = Static<typeof ImportResult>

/** GET /part-inventory/access: may the caller's company use the parts import and consult? */
/** The company setting mirroring the grant ('true'/'false'): the drawer's item shows only with it. */
export const GRANTED_SETTING = 'partsGranted'
export const Access = Type.Object({ granted: Type.Boolean() })
export type Access = Static<typeof Access>

/** The super user's grant of one company. */
export const Grant = Type.Object({ companyId: Type.Integer(), granted: Type.Boolean() })
export type Grant = Static<typeof Grant>
export const GrantList = Type.Object({ companyIds: Type.Array(Type.Integer()) })
export type GrantList = Static<typeof GrantList>

export const ConsultStarted = Type.Object({ ticketId: Type.Integer(), started: Type.Boolean() })
export type ConsultStarted = Static<typeof ConsultStarted>

/** Who may import (admins; the super user holds every permission). Firing a consult is every user's. */
export const IMPORT_PERMISSION = 'parts:import'

/** Error codes the module translates (modules/parts/src/i18n, `errors.`). */
export const ERR_PARTS_NOT_GRANTED = 'ERR_PARTS_NOT_GRANTED'
export const ERR_PARTS_FILE_TYPE = 'ERR_PARTS_FILE_TYPE'
export const ERR_PARTS_COLUMNS = 'ERR_PARTS_COLUMNS'
export const ERR_PARTS_FILE_INVALID = 'ERR_PARTS_FILE_INVALID'
export const ERR_PARTS_TOO_LARGE = 'ERR_PARTS_TOO_LARGE'
export const ERR_PARTS_TIMEOUT = 'ERR_PARTS_TIMEOUT'
export const ERR_PARTS_OTHER_COMPANY = 'ERR_PARTS_OTHER_COMPANY'
export const ERR_NO_PENDING_TICKET = 'ERR_NO_PENDING_TICKET'
export const ERR_NO_COMPANY_FOUND = 'ERR_NO_COMPANY_FOUND'
