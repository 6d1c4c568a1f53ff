import { describe, it, expect } from 'vitest'
import { Readable } from 'node:stream'
import { nameForType, settleType, sniffUpload } from '../src/sniff.ts'
import { PDF, PNG } from './support.ts'

const hex = (s: string) => Buffer.from(s.replace(/\s/g, ''), 'hex')

describe('reading a file type from its bytes', () => {
  it('knows what WhatsApp sends, whatever the browser said', () => {
    const cases: [Buffer, string, string | null][] = [
      [PNG, 'application/octet-stream', 'image/png'],
      [hex('ffd8ffe000104a464946'), 'image/png', 'image/jpeg'],
      [Buffer.from('GIF89a\x01\x00'), '', 'image/gif'],
      [Buffer.from('RIFF\x00\x00\x00\x00WEBPVP8 '), '', 'image/webp'],
      [PDF, 'image/png', 'application/pdf'],
      [Buffer.from('OggS\x00\x02'), 'audio/ogg; codecs=opus', 'audio/ogg'],
      [Buffer.from('ID3\x04\x00'), '', 'audio/mpeg'],
      [hex('00000020 66747970 69736f6d 00000200'), 'video/mp4', 'video/mp4'],
      [hex('00000020 66747970 4d344120 00000000'), '', 'audio/mp4'],
      [
        hex('504b0304 14000600'),
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      ],
      [hex('504b0304 14000600'), 'text/html', 'application/zip'],
      [hex('d0cf11e0a1b11ae1 0000'), 'application/vnd.ms-excel', 'application/vnd.ms-excel'],
      [Buffer.from('nome;numero\nAna;5511999'), 'text/csv', 'text/csv'],
      [Buffer.from('<html><script>x</script>'), 'text/html', 'text/plain'],
      // Text claiming to be media, a program, and nothing at all are refused.
      [Buffer.from('just some words'), 'image/jpeg', null],
      [hex('4d5a9000 03000000 04000000 ffff0000'), 'application/pdf', null],
      [Buffer.alloc(0), 'text/plain', null],
    ]
    for (const [bytes, declared, expected] of cases)
      expect(settleType(bytes, declared), `${declared}: ${bytes.subarray(0, 8).toString('hex')}`).toBe(expected)
  })

  it('names a stored file by what it is', () => {
    expect(nameForType('foto.PNG', 'image/png')).toBe('foto.PNG')
    expect(nameForType('foto.png', 'application/pdf')).toBe('foto.png.pdf')
    expect(nameForType('voz.opus', 'audio/ogg')).toBe('voz.opus')
    expect(nameForType('sem-extensao', 'image/jpeg')).toBe('sem-extensao.jpg')
  })

  it('replays the bytes it read, across small chunks, and refuses before storing anything', async () => {
    const chunks = [PNG.subarray(0, 3), PNG.subarray(3, 10), PNG.subarray(10)]
    const { mimetype, stream } = await sniffUpload(Readable.from(chunks), 'image/png', 'files')
    expect(mimetype).toBe('image/png')
    const out: Buffer[] = []
    for await (const c of stream) out.push(c as Buffer)
    expect(Buffer.concat(out)).toEqual(PNG)
    await expect(
      sniffUpload(Readable.from([Buffer.from('MZ\x90\x00\x03')]), 'image/png', 'files'),
    ).rejects.toMatchObject({ code: 'ERR_FILE_TYPE_NOT_ALLOWED', statusCode: 400, details: { field: 'files' } })
  })
})
