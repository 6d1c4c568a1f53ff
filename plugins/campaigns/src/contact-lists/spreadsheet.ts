import { badRequest } from '@atende/sdk'
import * as spreadsheet from '@atende/spreadsheet'
import {
  ERR_SPREADSHEET_INVALID,
  ERR_SPREADSHEET_NO_NUMBER_COLUMN,
  ERR_SPREADSHEET_TIMEOUT,
  ERR_SPREADSHEET_TOO_LARGE,
} from './api.ts'

/** Data rows one import takes (the header aside); 5,000 is the size the screen is meant for. */
export const IMPORT_MAX_ROWS = 10_000
/** Bytes of one uploaded spreadsheet. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024
/** CONTACT_LIST_IMPORT_TIMEOUT_MS: how long the parsing thread may run (read at each import). */
const timeoutMs = () => Number(process.env.CONTACT_LIST_IMPORT_TIMEOUT_MS) || 20_000

/** .xls or .xlsx by name and first bytes (@atende/spreadsheet), refused with this plugin's code. */
export const assertSpreadsheet = (fileName: string, data: Buffer) =>
  spreadsheet.assertSpreadsheet(fileName, data, ERR_SPREADSHEET_INVALID, 'Send an .xls or .xlsx spreadsheet')

/** The first sheet's rows as strings, parsed in @atende/spreadsheet's limited worker thread. */
export const parseSpreadsheet = (data: Buffer) =>
  spreadsheet.parseSpreadsheet(data, {
    maxRows: IMPORT_MAX_ROWS,
    timeoutMs: timeoutMs(),
    errors: { invalid: ERR_SPREADSHEET_INVALID, timeout: ERR_SPREADSHEET_TIMEOUT, tooLarge: ERR_SPREADSHEET_TOO_LARGE },
  })

const key = spreadsheet.headerKey

type Field = 'name' | 'number' | 'email'
/** Header names (after `key`) and the field each is; a Map, so "constructor" is no header. */
const HEADERS = new Map<string, Field>([
  ['nome', 'name'],
  ['name', 'name'],
  ['numero', 'number'],
  ['number', 'number'],
  ['telefone', 'number'],
  ['phone', 'number'],
  ['whatsapp', 'number'],
  ['email', 'email'],
])

export interface SheetRow {
  /** The spreadsheet's row number, as Excel shows it. */
  row: number
  name: string
  number: string
  email: string
}

/**
 * Rows by header name (the example spreadsheet's Nome, Numero, Email; case and accents ignored):
 * the first non-empty row is the header; blank rows are skipped. No number column: 400 on `file`.
 */
export function rowsByHeader(rows: string[][], firstRow = 1): SheetRow[] {
  const headerAt = rows.findIndex((r) => r.some((c) => c.trim()))
  if (headerAt < 0) return []
  const columns = new Map<Field, number>()
  rows[headerAt].forEach((c, i) => {
    const field = HEADERS.get(key(c))
    if (field && !columns.has(field)) columns.set(field, i)
  })
  if (!columns.has('number'))
    throw badRequest(
      'file',
      'The spreadsheet needs a header row with a "numero" (or "number") column',
      ERR_SPREADSHEET_NO_NUMBER_COLUMN,
    )
  const cell = (r: string[], f: Field) => {
    const i = columns.get(f)
    return i === undefined ? '' : (r[i] ?? '').trim()
  }
  const out: SheetRow[] = []
  for (let i = headerAt + 1; i < rows.length; i++) {
    const r = rows[i]
    if (!r.some((c) => c.trim())) continue
    out.push({ row: i + firstRow, name: cell(r, 'name'), number: cell(r, 'number'), email: cell(r, 'email') })
  }
  return out
}
