/**
 * The contacts export (semicolon separator, file contatos.csv), written for
 * Excel: a UTF-8 byte-order mark (so accents show right), `;` (the list separator of Brazilian
 * Excel), CRLF line ends and RFC 4180 quoting. Two Excel-specific guards:
 * - a cell starting with = + - @ (or a tab / carriage return) gets a leading apostrophe, so a name
 *   like "=HYPERLINK(…)" is shown as text, never run as a formula (CSV injection);
 * - Brazilian numbers are written "55 (47) 99999-9999": plain digits would show as 5.5479E+12,
 *   and a leading "+" would be read as a formula. The import reads either form back (digits only).
 * Columns are the spec's field names, which the import recognises. Extra information is left out.
 */
import type { Contact } from './api.ts'

export const CSV_FILENAME = 'contatos.csv'
export const CSV_BOM = '\uFEFF'
export const CSV_COLUMNS = ['name', 'number', 'email', 'cnpj', 'custumerCode', 'companyName'] as const
const SEP = ';'
const EOL = '\r\n'

export function csvCell(value: unknown): string {
  let s = value == null ? '' : String(value)
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`
  return /[";\r\n]|^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s
}

export const csvLine = (cells: unknown[]) => cells.map(csvCell).join(SEP) + EOL

/** "5547999999999" → "55 (47) 99999-9999", "554733334444" → "55 (47) 3333-4444"; other numbers as they are. */
export function exportNumber(n: string): string {
  const m = /^55(\d{2})(\d{4,5})(\d{4})$/.exec(n)
  return m && n.length >= 12 ? `55 (${m[1]}) ${m[2]}-${m[3]}` : n
}

export const csvHeader = () => CSV_BOM + csvLine([...CSV_COLUMNS])

export const csvRow = (c: Pick<Contact, (typeof CSV_COLUMNS)[number]>) =>
  csvLine([c.name, exportNumber(c.number), c.email, c.cnpj, c.custumerCode, c.companyName])

/** The whole file, batch by batch, as text chunks for a stream. */
export async function* csvChunks(batches: AsyncIterable<Contact[]>): AsyncGenerator<string> {
  yield csvHeader()
  for await (const rows of batches) yield rows.map(csvRow).join('')
}
