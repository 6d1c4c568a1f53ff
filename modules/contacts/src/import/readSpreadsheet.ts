import type { SheetRow } from '../types.ts'
import type { WorkerAnswer } from './xlsx.worker.ts'

/** A spreadsheet that takes longer than this to read is given up (its worker is terminated). */
export const READ_TIME_LIMIT_MS = 30_000

export class SheetError extends Error {
  constructor(
    public readonly kind: 'timeout' | 'unreadable',
    message: string,
  ) {
    super(message)
  }
}

/** Reads a spreadsheet file in a Web Worker with a time limit; resolves to its plain rows. */
export async function readSpreadsheet(file: Blob, timeLimitMs = READ_TIME_LIMIT_MS): Promise<SheetRow[]> {
  const buffer = await file.arrayBuffer()
  const worker = new Worker(new URL('./xlsx.worker.ts', import.meta.url), { type: 'module' })
  try {
    return await new Promise<SheetRow[]>((resolve, reject) => {
      const timer = setTimeout(() => reject(new SheetError('timeout', `not read in ${timeLimitMs} ms`)), timeLimitMs)
      worker.onmessage = (e: MessageEvent<WorkerAnswer>) => {
        clearTimeout(timer)
        if (e.data.ok) resolve(e.data.rows)
        else reject(new SheetError('unreadable', e.data.error))
      }
      worker.onerror = (e) => {
        clearTimeout(timer)
        reject(new SheetError('unreadable', e.message || 'worker failed'))
      }
      worker.postMessage(buffer, [buffer])
    })
  } finally {
    worker.terminate()
  }
}
