import { Worker } from 'node:worker_threads'
import { badRequest } from '@atende/sdk'

/** The caller's error codes (each plugin keeps its own): all are a 400 on `file`. */
export interface SpreadsheetErrors {
  /** Not a spreadsheet the library can read (or the thread died: heap limit, crash). */
  invalid: string
  /** The thread ran past `timeoutMs`. */
  timeout: string
  /** More than `maxRows` data rows. */
  tooLarge: string
}

export interface ParseOptions {
  /** Data rows taken (the header aside); one more is a `tooLarge` error. */
  maxRows: number
  /** How long the parsing thread may run; counted from the thread's start, not from the queue. */
  timeoutMs: number
  errors: SpreadsheetErrors
}

type WorkerAnswer =
  { ok: true; rows: string[][]; truncated: boolean; firstRow: number } | { ok: false; message: string }

/** Parsing threads one process runs at once, whichever plugin asks; more imports wait their turn. */
const PARALLEL = 2
let running = 0
const queue: (() => void)[] = []

/**
 * The first sheet's rows as strings, parsed in a worker thread (xlsx-worker.mjs) with frozen
 * prototypes, a heap limit and a time limit: a crafted or huge file costs at most that thread.
 * `firstRow` is the sheet's first row number as Excel shows it.
 */
export async function parseSpreadsheet(
  data: Buffer,
  options: ParseOptions,
): Promise<{ rows: string[][]; firstRow: number }> {
  if (running < PARALLEL) running++
  else await new Promise<void>((go) => queue.push(go))
  try {
    return await parseInWorker(data, options)
  } finally {
    // A finished parse hands its slot straight to the next in line.
    const next = queue.shift()
    if (next) next()
    else running--
  }
}

function parseInWorker(
  data: Buffer,
  { maxRows, timeoutMs, errors }: ParseOptions,
): Promise<{ rows: string[][]; firstRow: number }> {
  const unreadable = () => badRequest('file', 'The spreadsheet could not be read', errors.invalid)
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./xlsx-worker.mjs', import.meta.url), {
      workerData: { data, maxRows },
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
      () => done(() => reject(badRequest('file', 'The spreadsheet took too long to read', errors.timeout))),
      timeoutMs,
    )
    worker.on('message', (m: WorkerAnswer) =>
      done(() => {
        if (!m.ok) return reject(unreadable())
        if (m.truncated)
          return reject(badRequest('file', `The spreadsheet has more than ${maxRows} rows`, errors.tooLarge))
        resolve({ rows: m.rows, firstRow: m.firstRow })
      }),
    )
    worker.on('error', () => done(() => reject(unreadable())))
    worker.on('exit', () => done(() => reject(unreadable())))
  })
}
