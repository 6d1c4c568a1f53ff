import { badRequest } from '@atende/sdk'

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04])
const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])

/**
 * .xlsx (a zip) or .xls (an OLE2 compound file), by name and by first bytes; anything else is
 * refused unread: 400 on `file` with the caller's `code` (and its wording for a wrong extension).
 */
export function assertSpreadsheet(
  fileName: string,
  data: Buffer,
  code: string,
  wrongType = 'Send an .xlsx or .xls spreadsheet',
) {
  const ext = /\.(xlsx?)$/i.exec(fileName)?.[1]?.toLowerCase()
  const magic = ext === 'xlsx' ? ZIP : ext === 'xls' ? OLE2 : null
  if (!magic) throw badRequest('file', wrongType, code)
  if (!data.subarray(0, magic.length).equals(magic))
    throw badRequest('file', `The file is not an .${ext} spreadsheet`, code)
}
