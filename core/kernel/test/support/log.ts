import { Writable } from 'node:stream'

/**
 * A log destination that keeps every line the app writes, raw and parsed: pass `stream` in the
 * logger options (`createTestApp({ logger: { level: 'info', stream } })`) and read `lines`/`text()`.
 */
export function captureLog() {
  const raw: string[] = []
  const stream = new Writable({
    write(chunk, _enc, done) {
      raw.push(...String(chunk).split('\n').filter(Boolean))
      done()
    },
  })
  return {
    stream,
    /** Each line as pino wrote it (JSON). */
    raw,
    get lines(): Array<Record<string, unknown>> {
      return raw.map((l) => JSON.parse(l) as Record<string, unknown>)
    },
    /** Everything logged so far, for "this text appears nowhere" checks. */
    text: () => raw.join('\n'),
  }
}
