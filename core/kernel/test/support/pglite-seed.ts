import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url))

/**
 * The data directory of a freshly initialised, empty PGlite database. initdb costs 5–7 s of CPU on
 * this machine, and nearly every test file starts from an empty database: loading this snapshot
 * instead takes about 1 s and yields the same database. It depends only on PGlite's version, so it
 * is kept across runs in node_modules/.cache (written under a temporary name, then renamed: two
 * processes making it at once both succeed).
 */
let seed: Promise<Blob> | undefined
export function freshPgliteData(): Promise<Blob> {
  return (seed ??= make())
}

async function make(): Promise<Blob> {
  const kernelPackage = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'))
  const version = kernelPackage.dependencies['@electric-sql/pglite'] as string
  const dir = join(ROOT, 'node_modules', '.cache')
  const file = join(dir, `atende-pglite-empty-${version}.tar`)
  if (existsSync(file)) return new Blob([readFileSync(file)])
  const db = new PGlite()
  try {
    await db.query('select 1')
    const blob = (await db.dumpDataDir('none')) as Blob
    mkdirSync(dir, { recursive: true })
    const tmp = `${file}.${process.pid}`
    writeFileSync(tmp, Buffer.from(await blob.arrayBuffer()))
    renameSync(tmp, file)
    return blob
  } finally {
    await db.close()
  }
}
