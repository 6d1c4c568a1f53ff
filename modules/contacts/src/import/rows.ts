/**
 * Spreadsheet rows (arrays of cells) → the rows POST /api/contacts/upload takes. Pure, so the worker
 * and the tests share it. A first row whose cells name the columns (name/nome, number/número/
 * telefone/celular/whatsapp, email/e-mail, in any case and with or without accents) is a header;
 * otherwise columns A, B, C are name, number, email and the first row is data. Blank rows are skipped;
 * `row` is the line as the spreadsheet shows it.
 */
import type { SheetRow } from '../types.ts'

const ALIASES: Record<'name' | 'number' | 'email', string[]> = {
  name: ['name', 'nome', 'nombre', 'contato', 'contact', 'contacto'],
  number: ['number', 'numero', 'telefone', 'telefono', 'phone', 'celular', 'whatsapp', 'fone', 'tel', 'mobile'],
  email: ['email', 'correo', 'mail'],
}
const key = (v: unknown) =>
  String(v ?? '')
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '')

/** A cell as text: whole numbers without exponent (a phone typed as a number), dates as ISO. */
export function cellText(v: unknown): string {
  if (v == null) return ''
  if (typeof v === 'number') return Number.isInteger(v) && Math.abs(v) >= 1e21 ? BigInt(v).toString() : String(v)
  if (v instanceof Date) return v.toISOString()
  return String(v).trim()
}

export function toSheetRows(cells: unknown[][], firstLine = 1): SheetRow[] {
  const head = (cells[0] ?? []).map(key)
  const find = (field: keyof typeof ALIASES) => head.findIndex((h) => ALIASES[field].includes(h))
  const cols = { name: find('name'), number: find('number'), email: find('email') }
  const hasHeader = cols.name >= 0 || cols.number >= 0
  const at = hasHeader ? cols : { name: 0, number: 1, email: 2 }
  const out: SheetRow[] = []
  cells.forEach((line, i) => {
    if (hasHeader && i === 0) return
    const get = (c: number) => (c >= 0 ? cellText(line?.[c]) : '')
    const row = { row: firstLine + i, name: get(at.name), number: get(at.number), email: get(at.email) }
    if (row.name || row.number || row.email) out.push(row)
  })
  return out
}
