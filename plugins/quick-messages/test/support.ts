/** A multipart body with one file part (`file`) and the spec's `typeArch` field. */
export function multipartBody(fileName: string, mimetype: string, data: Buffer, field = 'file') {
  const boundary = '----atende-qm-boundary'
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="typeArch"\r\n\r\nquickMessage\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${mimetype}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}

/** Bus delivery may pass through Redis: poll for the condition (the kernel's shared helper). */
export { until } from '@atende/kernel/testing'

export const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex')
