export const EXAMPLE_FILE_NAME = 'planilha_exemplo.xlsx'

let cached: Promise<Buffer> | undefined

/**
 * The example spreadsheet the screen offers (GET /api/contact-lists/example): the header row the
 * import reads (Nome, Numero, Email) and two sample rows. Written, never parsed, on this thread.
 * The library (~30 MB resident) loads on the first download, not at every process's start.
 */
export function exampleSpreadsheet(): Promise<Buffer> {
  cached ??= write().catch((err: unknown) => {
    cached = undefined
    throw err
  })
  return cached
}

async function write(): Promise<Buffer> {
  const { default: XLSX } = await import('xlsx')
  const sheet = XLSX.utils.aoa_to_sheet([
    ['Nome', 'Numero', 'Email'],
    ['Maria Silva', '5511999998888', 'maria@exemplo.com'],
    ['João Souza', '5521988887777', ''],
  ])
  sheet['!cols'] = [{ wch: 24 }, { wch: 18 }, { wch: 28 }]
  const book = XLSX.utils.book_new()
  XLSX.utils.book_append_sheet(book, sheet, 'Contatos')
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer
}
