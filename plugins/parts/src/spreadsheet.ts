import { Worker } from 'node:worker_threads'
import { badRequest } from '@atende/sdk'
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

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04])
const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])

/** .xlsx (a zip) or .xls (an OLE2 compound file), by name and by first bytes; anything else is refused unread. */
export function assertSpreadsheet(fileName: string, data: Buffer) {
  const ext = /\.(xlsx?)$/i.exec(fileName)?.[1]?.toLowerCase()
  const magic = ext === 'xlsx' ? ZIP : ext === 'xls' ? OLE2 : null
  if (!magic) throw badRequest('file', 'Send an .xlsx or .xls spreadsheet', ERR_PARTS_FILE_TYPE)
  if (!data.subarray(0, magic.length).equals(magic))
    throw badRequest('file', `The file is not an .${ext} spreadsheet`, ERR_PARTS_FILE_TYPE)
}

type WorkerAnswer =
  { ok: true; rows: string[][]; truncated: boolean; firstRow: number } | { ok: false; message: string }

/** Parsing threads one process runs at once; more imports wait their turn. */
const PARALLEL = 2
let running = 0
const queue: (() => void)[] = []

/**
 * The first sheet's rows as strings, parsed in a worker thread (xlsx-worker.mjs) with frozen
 * prototypes, a heap limit and a time limit: a crafted or huge file costs at most that thread.
 */
export async function parseSpreadsheet(data: Buffer): Promise<{ rows: string[][]; firstRow: number }> {
  if (running < PARALLEL) running++
  else await new Promise<void>((go) => queue.push(go))
  try {
    return await parseInWorker(data)
  } finally {
    const next = queue.shift()
    if (next) next()
    else running--
  }
}

function parseInWorker(data: Buffer): Promise<{ rows: string[][]; firstRow: number }> {
  const unreadable = () => badRequest('file', 'The spreadsheet could not be read', ERR_PARTS_FILE_INVALID)
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./xlsx-worker.mjs', import.meta.url), {
      workerData: { data, maxRows: IMPORT_MAX_ROWS },
      resourceLimits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32 },
      stdout: true,
      stderr: true,
    })
    let settled = false
    const done = (fn: () => void) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      void worker.terminate()
      fn()
    }
    const timer = setTimeout(
      () => done(() => reject(badRequest('file', 'The spreadsheet took too long to read', ERR_PARTS_TIMEOUT))),
      timeoutMs(),
    )
    worker.on('message', (m: WorkerAnswer) =>
      done(() => {
        if (!m.ok) return reject(unreadable())
        if (m.truncated)
          return reject(
            badRequest('file', `The spreadsheet has more than ${IMPORT_MAX_ROWS} rows`, ERR_PARTS_TOO_LARGE),
          )
        resolve({ rows: m.rows, firstRow: m.firstRow })
      }),
    )
    worker.on('error', () => done(() => reject(unreadable())))
    worker.on('exit', () => done(() => reject(unreadable())))
  })
}

/** Lower case, no accents, no spaces or punctuation: "Em Estoque?" → "emestoque". */
const key = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')

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
