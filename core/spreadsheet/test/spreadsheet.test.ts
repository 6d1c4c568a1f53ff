import XLSX from 'xlsx'
import { describe, expect, it } from 'vitest'
import { assertSpreadsheet, headerKey, parseSpreadsheet } from '../src/index.ts'

function sheet(rows: unknown[][], bookType: 'xlsx' | 'biff8' = 'xlsx'): Buffer {
  const book = XLSX.utils.book_new()
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Sheet')
  return XLSX.write(book, { type: 'buffer', bookType }) as Buffer
}

const errors = { invalid: 'ERR_T_INVALID', timeout: 'ERR_T_TIMEOUT', tooLarge: 'ERR_T_TOO_LARGE' }
const options = { maxRows: 3, timeoutMs: 20_000, errors }

/** The AppError a call throws or rejects with, as the route would answer it. */
const failure = (e: unknown) => {
  const err = e as { code: string; statusCode: number; message: string; details?: { field?: string } }
  return { code: err.code, status: err.statusCode, field: err.details?.field, message: err.message }
}

describe('@atende/spreadsheet', () => {
  it('reads the first sheet of an .xlsx and of an .xls, cells as strings', async () => {
    const rows = [
      ['Nome', 'Número'],
      ['Ana', 5511999990001],
      ['Bia', '11 9999-0002'],
    ]
    for (const [name, data] of [
      ['a.xlsx', sheet(rows)],
      ['a.XLS', sheet(rows, 'biff8')],
    ] as const) {
      expect(() => assertSpreadsheet(name, data, 'ERR_T_TYPE')).not.toThrow()
      expect(await parseSpreadsheet(data, options)).toEqual({
        rows: [
          ['Nome', 'Número'],
          ['Ana', '5511999990001'],
          ['Bia', '11 9999-0002'],
        ],
        firstRow: 1,
      })
    }
  })

  it("refuses another extension, or a file whose first bytes are not its extension's, with the caller's code", () => {
    const xlsx = sheet([['a']])
    const refused = (name: string, data: Buffer, wrongType?: string) => {
      try {
        assertSpreadsheet(name, data, 'ERR_T_TYPE', wrongType)
      } catch (e) {
        return failure(e)
      }
      return null
    }
    expect(refused('a.csv', Buffer.from('a,b\n'))).toEqual({
      code: 'ERR_T_TYPE',
      status: 400,
      field: 'file',
      message: 'Send an .xlsx or .xls spreadsheet',
    })
    expect(refused('a.txt', xlsx, 'Send an .xls or .xlsx spreadsheet')?.message).toBe(
      'Send an .xls or .xlsx spreadsheet',
    )
    // An .xlsx is a zip: named .xls it is not an OLE2 file.
    expect(refused('a.xls', xlsx)).toEqual({
      code: 'ERR_T_TYPE',
      status: 400,
      field: 'file',
      message: 'The file is not an .xls spreadsheet',
    })
    expect(refused('a.xlsx', Buffer.from('<html></html>'))?.message).toBe('The file is not an .xlsx spreadsheet')
  })

  it('answers a file the library cannot read with the invalid code', async () => {
    // Right first bytes (a zip), then garbage: passes the type check, fails in the thread.
    const garbage = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(2048, 0x7f)])
    expect(() => assertSpreadsheet('a.xlsx', garbage, 'ERR_T_TYPE')).not.toThrow()
    const e = await parseSpreadsheet(garbage, options).then(
      () => null,
      (err: unknown) => failure(err),
    )
    expect(e).toEqual({
      code: 'ERR_T_INVALID',
      status: 400,
      field: 'file',
      message: 'The spreadsheet could not be read',
    })
  })

  it('takes maxRows data rows and refuses one more with the tooLarge code', async () => {
    const rows = (n: number) => [['h'], ...Array.from({ length: n }, (_, i) => [`r${i}`])]
    expect((await parseSpreadsheet(sheet(rows(3)), options)).rows).toHaveLength(4)
    const e = await parseSpreadsheet(sheet(rows(4)), options).then(
      () => null,
      (err: unknown) => failure(err),
    )
    expect(e).toEqual({
      code: 'ERR_T_TOO_LARGE',
      status: 400,
      field: 'file',
      message: 'The spreadsheet has more than 3 rows',
    })
  })

  it('keys headers without case, accents, spaces or punctuation', () => {
    expect(headerKey('Número')).toBe('numero')
    expect(headerKey('E-mail')).toBe('email')
    expect(headerKey(' Em Estoque? ')).toBe('emestoque')
  })
})
