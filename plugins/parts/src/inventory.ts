import { likePattern, type Kernel } from '@atende/sdk'
import { PART_COLUMNS, type ImportResult } from './api.ts'
import type { SheetRow } from './spreadsheet.ts'

/** A part as stored (the sheet's columns, ID as `sheetId`). */
export interface PartRecord {
  sheetId: string
  name: string
  position: string
  side: string
  year: string
  brand: string
  model: string
  type: string
  specificPart: string
  inStock: boolean
  branch: string
}

type Text = Exclude<keyof PartRecord, 'inStock'>
/** Column index → field and its length limit (the table's). */
const TEXT_FIELDS: [number, Text, number][] = [
  [0, 'sheetId', 50],
  [1, 'name', 200],
  [2, 'position', 100],
  [3, 'side', 100],
  [4, 'year', 50],
  [5, 'brand', 100],
  [6, 'model', 100],
  [7, 'type', 100],
  [8, 'specificPart', 200],
  [10, 'branch', 100],
]
const STOCK_COLUMN = 9
const YES = new Set(['sim', 's', 'yes', 'y', 'si', 'x', '1', 'true', 'verdadeiro'])
const NO = new Set(['nao', 'não', 'n', 'no', '0', 'false', 'falso', ''])
/** A year, or a range of years ("2010-2015", "2010 a 2015", "2010/2015"). */
const YEAR = /^(\d{4})(?:\s*(?:-|–|a|até|ate|\/|to)\s*(\d{4}))?$/i

type RowError = ImportResult['errors'][number]

/** The row as a record, or the first thing wrong with it (one error per row, naming the column). */
export function partOfRow({ row, cells }: SheetRow): PartRecord | RowError {
  const out = {} as PartRecord
  for (const [i, field, max] of TEXT_FIELDS) {
    const value = cells[i]
    if (value.length > max)
      return { row, field: PART_COLUMNS[i], code: 'tooLong', message: `At most ${max} characters` }
    out[field] = value
  }
  if (!out.sheetId) return { row, field: 'ID', code: 'required', message: 'The ID is required' }
  if (!out.name) return { row, field: 'Peça', code: 'required', message: 'The part name is required' }
  if (out.year && !YEAR.test(out.year))
    return { row, field: 'Ano', code: 'year', message: 'A year (2015) or a range of years (2010-2015)' }
  const stock = cells[STOCK_COLUMN].toLowerCase()
  if (YES.has(stock)) out.inStock = true
  else if (NO.has(stock)) out.inStock = false
  else return { row, field: 'Em Estoque?', code: 'stock', message: 'Sim or Não' }
  return out
}

/** Rows one statement writes (Postgres allows 65,535 bound values; 11 columns each). */
const BATCH = 1000

/** Does a part's Ano (a year or a range) cover this year? Blank Ano covers every year. */
export function coversYear(partYear: string, year: number): boolean {
  if (!partYear) return true
  const m = YEAR.exec(partYear)
  if (!m) return false
  const from = Number(m[1])
  const to = m[2] ? Number(m[2]) : from
  return year >= Math.min(from, to) && year <= Math.max(from, to)
}

/** The words of an answer worth matching (two characters or more), at most five. */
const words = (s: string) =>
  s
    .split(/\s+/)
    .filter((w) => w.length >= 2)
    .slice(0, 5)

export function createInventory(kernel: Kernel) {
  return {
    /**
     * Upsert the good rows by the sheet's ID (a later row with the same ID in one sheet is an error),
     * in one transaction: `imported` counts new IDs, `updated` the ones already there.
     */
    async importRows(companyId: number, rows: SheetRow[]): Promise<ImportResult> {
      const errors: RowError[] = []
      const parts = new Map<string, PartRecord>()
      for (const r of rows) {
        const part = partOfRow(r)
        if ('row' in part) errors.push(part)
        else if (parts.has(part.sheetId))
          errors.push({ row: r.row, field: 'ID', code: 'duplicate', message: 'This ID is repeated in the spreadsheet' })
        else parts.set(part.sheetId, part)
      }
      const all = [...parts.values()]
      let updated = 0
      await kernel.unitOfWork(companyId, async ({ t }) => {
        for (let i = 0; i < all.length; i += BATCH) {
          const batch = all.slice(i, i + BATCH)
          const known: { sheetId: string }[] = await t('parts')
            .whereIn(
              'sheetId',
              batch.map((p) => p.sheetId),
            )
            .select('sheetId')
          updated += known.length
          const now = new Date()
          await t
            .insert(
              'parts',
              batch.map((p) => ({ ...p, updatedAt: now })),
            )
            .onConflict(['companyId', 'sheetId'])
            .merge([...TEXT_FIELDS.map(([, f]) => f), 'inStock', 'updatedAt'])
        }
      })
      return { imported: all.length - updated, updated, errors }
    },

    /**
     * Parts whose name (or specific part) holds `part`, whose brand holds `model` or whose model
     * holds one of its words, covering `year` when it
     * is a number, in stock first: at most `limit`.
     */
    async search(companyId: number, q: { part: string; model: string; year: string }, limit: number) {
      const rows: (PartRecord & { id: number })[] = await kernel
        .tenant(companyId)('parts')
        .where((w) => w.whereILike('name', likePattern(q.part)).orWhereILike('specificPart', likePattern(q.part)))
        .where((w) => {
          // "VW Gol" finds model Gol; "Volkswagen" finds the brand's parts.
          w.whereILike('brand', likePattern(q.model))
          for (const word of words(q.model)) w.orWhereILike('model', likePattern(word))
        })
        .orderBy([{ column: 'inStock', order: 'desc' }, { column: 'name' }, { column: 'id' }])
        // A bounded read; the year is matched here since Ano holds ranges.
        .limit(500)
        .select(
          'id',
          'sheetId',
          'name',
          'position',
          'side',
          'year',
          'brand',
          'model',
          'type',
          'specificPart',
          'inStock',
          'branch',
        )
      const year = Number(/\d{4}/.exec(q.year)?.[0])
      return rows.filter((r) => !Number.isFinite(year) || coversYear(r.year, year)).slice(0, limit)
    },
  }
}

export type Inventory = ReturnType<typeof createInventory>
