/**
 * Writes a small .xlsx (the example spreadsheet the import dialog offers; the browser test makes
 * its files with it too). Writing is not parsing: no untrusted input reaches xlsx here.
 */
import { utils, write } from 'xlsx'

export function rowsToXlsx(rows: (string | number)[][], sheetName = 'Contatos'): Uint8Array {
  const wb = utils.book_new()
  utils.book_append_sheet(wb, utils.aoa_to_sheet(rows), sheetName)
  return new Uint8Array(write(wb, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer)
}

export const TEMPLATE_ROWS: (string | number)[][] = [
  ['name', 'number', 'email'],
  ['Maria Silva', '5547999998888', 'maria@exemplo.com'],
  ['João Souza', '(47) 98888-7777', ''],
]
