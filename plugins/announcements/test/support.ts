/** Small real files and multipart bodies for the announcement tests. */

/** A valid 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
)
export const GIF = Buffer.from('R0lGODlhAQABAAAAACw=', 'base64')
export const HTML = Buffer.from('<html><script>alert(1)</script></html>')

export type Part =
  { field: string; value: string } | { field: string; fileName: string; mimetype: string; data: Buffer }

/** A multipart/form-data body of the given parts, in order. */
export function multipart(parts: Part[]) {
  const boundary = '----atende-announcements-boundary'
  const chunks: Buffer[] = []
  for (const p of parts) {
    if ('value' in p)
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.field}"\r\n\r\n${p.value}\r\n`),
      )
    else
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${p.field}"; filename="${p.fileName}"\r\nContent-Type: ${p.mimetype}\r\n\r\n`,
        ),
        p.data,
        Buffer.from('\r\n'),
      )
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}
