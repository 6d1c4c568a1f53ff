import type { Kernel } from '@atende/sdk'
import type { Contact } from './api.ts'
import { CONTACT_COLUMNS } from './columns.ts'
import type { UploadError, UploadRow } from './schemas.ts'
import { checkEmail, checkName, checkNumber, type Checked } from './validate.ts'

/** Up to this many new contacts are announced one by one; more, with one `contact.imported`. */
export const ANNOUNCE_EACH_MAX = 50
const INSERT_BATCH = 1000

interface Candidate {
  row: number
  name: string
  number: string
  email: string
}

/**
 * POST /contacts/upload: the screen has read the spreadsheet; these are its rows. Each row is
 * checked with the form's rules and the shared number rule; a number already in the company (or
 * earlier in the same request) is reported, not updated — importing never overwrites what an
 * attendant edited. The survivors go in with one INSERT per thousand rows, sorted by number (the
 * inbound pipeline locks in that order too); a row some other writer inserted meanwhile becomes
 * "alreadyExists". Answers the new contacts in input order and every rejected row with its reason.
 */
export async function uploadContacts(kernel: Kernel, companyId: number, rows: UploadRow[]) {
  const errorBag: UploadError[] = []
  const reject = (r: Candidate, reason: UploadError['reason'], message: string, more: Partial<UploadError> = {}) =>
    errorBag.push({ row: r.row, name: r.name, number: r.number, email: r.email, reason, message, ...more })

  const firstRowOf = new Map<string, number>()
  const valid: Candidate[] = []
  rows.forEach((input, i) => {
    const raw: Candidate = {
      row: input.row ?? i + 1,
      name: (input.name ?? '').trim(),
      number: (input.number ?? '').trim(),
      email: (input.email ?? '').trim(),
    }
    const checks: Checked<string>[] = [checkName(raw.name), checkNumber(raw.number), checkEmail(raw.email)]
    const bad = checks.find((c) => !c.ok)
    if (bad && !bad.ok) return reject(raw, bad.problem.reason as UploadError['reason'], bad.problem.message)
    const [name, number, email] = checks.map((c) => (c as { value: string }).value)
    const first = firstRowOf.get(number)
    if (first !== undefined)
      return reject(raw, 'duplicateInFile', `The number is repeated from row ${first}`, { firstRow: first })
    firstRowOf.set(number, raw.row)
    valid.push({ row: raw.row, name, number, email })
  })

  const created = await kernel.unitOfWork(companyId, async ({ t, emit }) => {
    const existing = new Map<string, { id: number; name: string; number: string }>()
    for (let i = 0; i < valid.length; i += INSERT_BATCH) {
      const numbers = valid.slice(i, i + INSERT_BATCH).map((c) => c.number)
      for (const c of await t('contacts').whereIn('number', numbers).select('id', 'name', 'number'))
        existing.set(c.number, c)
    }
    const fresh = valid.filter((c) => !existing.has(c.number)).sort((a, b) => (a.number < b.number ? -1 : 1))
    const inserted = new Map<string, Contact>()
    for (let i = 0; i < fresh.length; i += INSERT_BATCH) {
      const batch = fresh.slice(i, i + INSERT_BATCH).map((c) => ({ name: c.name, number: c.number, email: c.email }))
      const rowsIn: Contact[] = await t
        .insert('contacts', batch)
        .onConflict(['companyId', 'number'])
        .ignore()
        .returning(CONTACT_COLUMNS)
      for (const c of rowsIn) inserted.set(c.number, c)
    }
    // Lost a race with another writer: that contact exists now.
    const raced = fresh.filter((c) => !inserted.has(c.number)).map((c) => c.number)
    if (raced.length)
      for (const c of await t('contacts').whereIn('number', raced).select('id', 'name', 'number'))
        existing.set(c.number, c)

    const ordered = valid.filter((c) => inserted.has(c.number)).map((c) => inserted.get(c.number)!)
    if (ordered.length > ANNOUNCE_EACH_MAX) emit('contact.imported', { companyId, count: ordered.length })
    else for (const contact of ordered) emit('contact.created', { companyId, contact })
    for (const c of valid) {
      const other = !inserted.has(c.number) && existing.get(c.number)
      if (other)
        reject(c, 'alreadyExists', `A contact with this number already exists: ${other.name}`, { contact: other })
    }
    return ordered
  })
  errorBag.sort((a, b) => a.row - b.row)
  return { newContacts: created, errorBag }
}
