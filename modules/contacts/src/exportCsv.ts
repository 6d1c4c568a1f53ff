import type { ApiClient } from '@atende/client'

export const EXPORT_FILENAME = 'contatos.csv'

/**
 * Downloads GET /api/contacts/export (the server writes the CSV: BOM, ";", CRLF, quoting) for the
 * list's current filters, saved as contatos.csv.
 */
export async function exportCsv(api: ApiClient, params: Record<string, string | undefined>) {
  const blob = await api.get<Blob>('/contacts/export', { params, responseType: 'blob', timeoutMs: 180_000 })
  const url = URL.createObjectURL(blob)
  const a = Object.assign(document.createElement('a'), { href: url, download: EXPORT_FILENAME })
  document.body.append(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}
