import { badRequest } from '@atende/sdk'
import * as spreadsheet from '@atende/spreadsheet'
import {
  ERR_PARTS_COLUMNS,
  ERR_PARTS_FILE_INVALID,
  ERR_PARTS_FILE_TYPE,
  ERR_PARTS_TIMEOUT,
  ERR_PARTS_TOO_LARGE,
  PART_COLUMNS,
} from './api.ts'

/** Data rows one import takes (the header aside). */
export const IMPORT_MAX_ROWS = 20_000
/** Bytes of one uploaded spreadsheet. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024
/** PARTS_IMPORT_TIMEOUT_MS: how long the parsing thread may run (read at each import). */
const timeoutMs = () => Number(process.env.PARTS_IMPORT_TIMEOUT_MS) || 20_000

/** .xlsx or .xls by name and first bytes (@atende/spreadsheet), refused with this plugin's code. */
export const assertSpreadsheet = (fileName: string, data: Buffer) =>
  spreadsheet.assertSpreadsheet(fileName, data, ERR_PARTS_FILE_TYPE, 'Send an .xlsx or .xls spreadsheet')

/** The first sheet's rows as strings, parsed in @atende/spreadsheet's limited worker thread. */
export const parseSpreadsheet = (data: Buffer) =>
  spreadsheet.parseSpreadsheet(data, {
    maxRows: IMPORT_MAX_ROWS,
    timeoutMs: timeoutMs(),
    errors: { invalid: ERR_PARTS_FILE_INVALID, timeout: ERR_PARTS_TIMEOUT, tooLarge: ERR_PARTS_TOO_LARGE },
  })

const key = spreadsheet.headerKey

/** One data row, its cells by column (trimmed), with its row number as Excel shows it. */
export interface SheetRow {
  row: number
  cells: string[]
}

/**
 * The data rows of a sheet whose first non-empty row is the 11 headers in order (case, accents and
 * punctuation ignored; columns after the 11th are ignored). Anything else: 400 on `file` naming
 * the expected order. Blank rows are skipped.
 */
export function rowsOfSheet(rows: string[][], firstRow = 1): SheetRow[] {
  const headerAt = rows.findIndex((r) => r.some((c) => c.trim()))
  const header = headerAt < 0 ? [] : rows[headerAt]
  if (PART_COLUMNS.some((name, i) => key(header[i] ?? '') !== key(name)))
    throw badRequest('file', `The columns must be, in order: ${PART_COLUMNS.join(', ')}`, ERR_PARTS_COLUMNS)
  const out: SheetRow[] = []
  for (let i = headerAt + 1; i < rows.length; i++) {
    const r = rows[i]
    if (!r.some((c) => c.trim())) continue
    out.push({ row: i + firstRow, cells: PART_COLUMNS.map((_, c) => (r[c] ?? '').trim()) })
  }
  return out
}
