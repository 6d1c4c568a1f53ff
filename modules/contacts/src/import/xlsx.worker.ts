/// <reference lib="webworker" />
/**
 * Reads an untrusted spreadsheet off the main thread (contact import). The
 * prototypes are frozen before xlsx is evaluated (./freeze.ts comes first), the file's formulas,
 * styles and HTML are not parsed, and only plain rows go back. The screen gives it a time limit and
 * terminates it past that (a crafted file can make the parser spin: xlsx 0.18.5's ReDoS advisory).
 */
import './freeze.ts'
import { read, utils } from 'xlsx'
import { toSheetRows } from './rows.ts'

export type WorkerAnswer = { ok: true; rows: import('../types.ts').SheetRow[] } | { ok: false; error: string }

self.onmessage = (e: MessageEvent<ArrayBuffer>) => {
  let answer: WorkerAnswer
  try {
    const wb = read(new Uint8Array(e.data), {
      type: 'array',
      raw: true,
      cellFormula: false,
      cellHTML: false,
      cellStyles: false,
      cellDates: false,
      sheetRows: 200_001,
    })
    const sheet = wb.Sheets[wb.SheetNames[0] ?? '']
    if (!sheet) answer = { ok: true, rows: [] }
    else {
      const cells = utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: '', blankrows: true })
      const first = sheet['!ref'] ? utils.decode_range(sheet['!ref']).s.r + 1 : 1
      // Plain data only: a structured clone of strings and numbers.
      answer = {
        ok: true,
        rows: toSheetRows(cells, first).map((r) => ({ row: r.row, name: r.name, number: r.number, email: r.email })),
      }
    }
  } catch (err) {
    answer = { ok: false, error: err instanceof Error ? err.message : String(err) }
  }
  ;(self as unknown as Worker).postMessage(answer)
}
