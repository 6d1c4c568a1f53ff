import { Worker } from 'node:worker_threads'
import { badRequest } from '@atende/sdk'
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

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04])
const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])

/** .xlsx (a zip) or .xls (an OLE2 compound file), by name and by first bytes; anything else is refused unread. */
export function assertSpreadsheet(fileName: string, data: Buffer) {
  const ext = /\.(xlsx?)$/i.exec(fileName)?.[1]?.toLowerCase()
  const magic = ext === 'xlsx' ? ZIP : ext === 'xls' ? OLE2 : null
  if (!magic) throw badRequest('file', 'Send an .xls or .xlsx spreadsheet', ERR_SPREADSHEET_INVALID)
  if (!data.subarray(0, magic.length).equals(magic))
    throw badRequest('file', `The file is not an .${ext} spreadsheet`, ERR_SPREADSHEET_INVALID)
}

type WorkerAnswer =
  { ok: true; rows: string[][]; truncated: boolean; firstRow: number } | { ok: false; message: string }

/** Parsing threads one process runs at once; more imports wait their turn (their time limit starts with the thread). */
const PARALLEL = 2
let running = 0
const queue: (() => void)[] = []

/**
 * The first sheet's rows as strings, parsed in a worker thread (xlsx-worker.mjs) with frozen
 * prototypes, a heap limit and a time limit: a crafted or huge file costs at most that thread.
 */
export async function parseSpreadsheet(data: Buffer): Promise<{ rows: string[][]; firstRow: number }> {
  // A finished parse hands its slot straight to the next in line.
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
      () => done(() => reject(badRequest('file', 'The spreadsheet took too long to read', ERR_SPREADSHEET_TIMEOUT))),
      timeoutMs(),
    )
    worker.on('message', (m: WorkerAnswer) =>
      done(() => {
        if (!m.ok) return reject(badRequest('file', 'The spreadsheet could not be read', ERR_SPREADSHEET_INVALID))
        if (m.truncated)
          return reject(
            badRequest('file', `The spreadsheet has more than ${IMPORT_MAX_ROWS} rows`, ERR_SPREADSHEET_TOO_LARGE),
          )
        resolve({ rows: m.rows, firstRow: m.firstRow })
      }),
    )
    worker.on('error', () =>
      done(() => reject(badRequest('file', 'The spreadsheet could not be read', ERR_SPREADSHEET_INVALID))),
    )
    worker.on('exit', () =>
      done(() => reject(badRequest('file', 'The spreadsheet could not be read', ERR_SPREADSHEET_INVALID))),
    )
  })
}

/** Lower case, no accents, no spaces or punctuation: "Número" → "numero", "E-mail" → "email". */
const key = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')

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
