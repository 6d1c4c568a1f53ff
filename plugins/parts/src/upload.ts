import type { FastifyRequest } from 'fastify'
import { badRequest } from '@atende/sdk'
import { ERR_PARTS_TOO_LARGE } from './api.ts'
import { IMPORT_MAX_BYTES } from './spreadsheet.ts'
import type {} from '@atende/sdk/multipart'

/**
 * The multipart body of an import: the `file` part read whole (up to IMPORT_MAX_BYTES) and the
 * `companyId` field (the upload carries both); other parts are drained.
 */
export async function readUpload(request: FastifyRequest) {
  if (!request.isMultipart())
    throw badRequest('file', 'Send the spreadsheet as multipart/form-data in the field "file"')
  let file: { fileName: string; data: Buffer } | undefined
  let companyId: string | undefined
  for await (const part of request.parts({ limits: { fileSize: IMPORT_MAX_BYTES } })) {
    if (part.type !== 'file') {
      if (part.fieldname === 'companyId') companyId = String(part.value)
      continue
    }
    if (part.fieldname !== 'file' || file) {
      part.file.resume()
      continue
    }
    const chunks: Buffer[] = []
    for await (const c of part.file) chunks.push(c as Buffer)
    if (part.file.truncated)
      throw badRequest('file', `The spreadsheet is larger than ${IMPORT_MAX_BYTES} bytes`, ERR_PARTS_TOO_LARGE)
    file = { fileName: part.filename, data: Buffer.concat(chunks) }
  }
  if (!file) throw badRequest('file', 'A spreadsheet is required')
  if (!companyId || !/^\d{1,15}$/.test(companyId.trim())) throw badRequest('companyId', 'The company id is required')
  return { file, companyId: Number(companyId.trim()) }
}
