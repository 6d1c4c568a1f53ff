import XLSX from 'xlsx'

export const EXAMPLE_FILE_NAME = 'planilha_exemplo.xlsx'

let cached: Buffer | undefined

/**
 * The example spreadsheet the screen offers (GET /api/contact-lists/example): the header row the
 * import reads (Nome, Numero, Email) and two sample rows. Written, never parsed, on this thread.
 */
export function exampleSpreadsheet(): Buffer {
  if (cached) return cached
  const sheet = XLSX.utils.aoa_to_sheet([
    ['Nome', 'Numero', 'Email'],
    ['Maria Silva', '5511999998888', 'maria@exemplo.com'],
    ['João Souza', '5521988887777', ''],
  ])
  sheet['!cols'] = [{ wch: 24 }, { wch: 18 }, { wch: 28 }]
  const book = XLSX.utils.book_new()
  XLSX.utils.book_append_sheet(book, sheet, 'Contatos')
  cached = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer
  return cached
}
