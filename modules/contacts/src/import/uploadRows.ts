import type { ApiClient } from '@atende/client'
import type { Contact, SheetRow, UploadError, UploadResult } from '../types.ts'

/** Rows per request: small enough for steady progress and the client's 10 s timeout (the server takes up to 10,000). */
export const UPLOAD_CHUNK = 1000
/** The largest file the screen imports. */
export const MAX_ROWS = 200_000

/**
 * POST /api/contacts/upload chunk by chunk, in file order, reporting progress after each. A
 * number repeated across chunks comes back as "alreadyExists" (the first chunk created it).
 */
export async function uploadRows(
  api: ApiClient,
  rows: SheetRow[],
  onProgress: (done: number, total: number) => void,
  signal?: AbortSignal,
): Promise<UploadResult> {
  const newContacts: Contact[] = []
  const errorBag: UploadError[] = []
  onProgress(0, rows.length)
  for (let i = 0; i < rows.length; i += UPLOAD_CHUNK) {
    const chunk = rows.slice(i, i + UPLOAD_CHUNK)
    const r = await api.post<UploadResult>('/contacts/upload', { body: chunk, signal, timeoutMs: 60_000 })
    newContacts.push(...r.newContacts)
    errorBag.push(...r.errorBag)
    onProgress(Math.min(i + chunk.length, rows.length), rows.length)
  }
  return { newContacts, errorBag }
}
