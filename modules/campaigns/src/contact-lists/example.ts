import type { ApiClient } from '@atende/client'

export const EXAMPLE_FILE_NAME = 'planilha_exemplo.xlsx'

/** The example spreadsheet (GET /api/contact-lists/example: Nome, Numero, Email), saved by the browser. */
export async function downloadExample(api: ApiClient) {
  const blob = await api.get<Blob>('/contact-lists/example', { responseType: 'blob' })
  const url = URL.createObjectURL(blob)
  const a = Object.assign(document.createElement('a'), { href: url, download: EXAMPLE_FILE_NAME })
  document.body.append(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}
