// Parses one untrusted spreadsheet off the main thread (STACK.md: xlsx 0.18.5 has advisories —
// prototype pollution and ReDoS on crafted files). The prototypes are frozen before the library
// loads, the parent kills this thread at its time limit, and only plain strings go back.
import { parentPort, workerData } from 'node:worker_threads'

for (const proto of [Object.prototype, Array.prototype, Function.prototype, String.prototype]) Object.freeze(proto)

const { data, maxRows } = workerData
try {
  const XLSX = await import('xlsx')
  const read = XLSX.read ?? XLSX.default.read
  const utils = XLSX.utils ?? XLSX.default.utils
  const book = read(Buffer.from(data), { type: 'buffer', sheetRows: maxRows + 2, cellHTML: false, cellFormula: false })
  const sheet = book.SheetNames.length ? book.Sheets[book.SheetNames[0]] : undefined
  const rows = sheet ? utils.sheet_to_json(sheet, { header: 1, raw: true, defval: '', blankrows: true }) : []
  // Header + maxRows data rows at most; one more means the file has too many.
  const truncated = rows.length > maxRows + 1
  const text = (c) => (c == null ? '' : typeof c === 'number' && Number.isInteger(c) ? c.toFixed(0) : String(c))
  const plain = rows.slice(0, maxRows + 1).map((r) => (Array.isArray(r) ? r.map(text) : []))
  const firstRow = sheet && sheet['!ref'] ? utils.decode_range(sheet['!ref']).s.r + 1 : 1
  parentPort.postMessage({ ok: true, rows: plain, truncated, firstRow })
} catch (e) {
  parentPort.postMessage({ ok: false, message: String((e && e.message) || e).slice(0, 200) })
}
