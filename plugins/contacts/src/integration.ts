/**
 * What the integrators' API (plugins/api, contacts v1) needs of this plugin, published on the
 * `contacts` service: a page by id, find by number or e-mail, counters, and a bulk upsert by number
 * that costs two statements per 2,000 rows (no per-row round trips). Create/update/delete reuse the
 * screen's writer, so the form's rules and the 409 on a duplicate number are the same.
 */
import { ErrorCodes, type Kernel } from '@atende/sdk'
import type { BulkContactResult, Contact, ContactFields } from './api.ts'
import { ANNOUNCE_EACH_MAX } from './upload.ts'
import { CONTACT_COLUMNS } from './columns.ts'
import { checkEmail, checkName, checkNumber, type Checked } from './validate.ts'
import { normaliseNumber } from './number.ts'

const CHUNK = 2000
/** The column sizes of migration 001: longer extra fields are a row error, not a database error. */
const MAX = { cnpj: 20, custumerCode: 50, companyName: 100 } as const

interface Clean {
  row: number
  name: string
  number: string
  email: string | null
  cnpj: string | null
  custumerCode: string | null
  companyName: string | null
}

const optional = (v: string | undefined) => (v === undefined ? null : v.trim())

/** One row checked with the form's rules; absent optional fields stay null (kept on update). */
function clean(input: ContactFields, row: number): Clean | BulkContactResult {
  const checks: Checked<string>[] = [checkName(input.name), checkNumber(input.number)]
  if (input.email !== undefined) checks.push(checkEmail(input.email))
  for (const c of checks)
    if (!c.ok) {
      const code = c.problem.reason === 'invalidNumber' ? 'ERR_INVALID_NUMBER' : ErrorCodes.VALIDATION
      return { row, status: 'error', error: { code, field: c.problem.field, message: c.problem.message } }
    }
  for (const key of Object.keys(MAX) as (keyof typeof MAX)[]) {
    const v = input[key]
    if (v !== undefined && v.trim().length > MAX[key])
      return {
        row,
        status: 'error',
        error: { code: ErrorCodes.VALIDATION, field: key, message: `At most ${MAX[key]} characters` },
      }
  }
  return {
    row,
    name: (checks[0] as { value: string }).value,
    number: (checks[1] as { value: string }).value,
    email: input.email === undefined ? null : (checks[2] as { value: string }).value,
    cnpj: optional(input.cnpj),
    custumerCode: optional(input.custumerCode),
    companyName: optional(input.companyName),
  }
}

export function createIntegrationContacts(kernel: Kernel) {
  return {
    async page(companyId: number, { page, limit }: { page: number; limit: number }) {
      const t = kernel.tenant(companyId)
      const rows: Contact[] = await t('contacts')
        .where({ isGroup: false })
        .orderBy('id')
        .offset((page - 1) * limit)
        .limit(limit + 1)
        .select(CONTACT_COLUMNS)
      const counted = await t('contacts').where({ isGroup: false }).count({ n: '*' }).first()
      return { contacts: rows.slice(0, limit), count: Number(counted?.n ?? 0), hasMore: rows.length > limit }
    },

    async findOne(companyId: number, by: { number?: string; email?: string }): Promise<Contact | null> {
      const q = kernel.tenant(companyId)('contacts').where({ isGroup: false })
      if (by.number) q.where({ number: normaliseNumber(by.number) })
      else if (by.email) q.where({ email: by.email.trim().toLowerCase() })
      else return null
      return (await q.orderBy('id').first(CONTACT_COLUMNS)) ?? null
    },

    async stats(companyId: number, now = new Date()) {
      const since = new Date(now.getTime() - 30 * 86_400_000)
      const row = await kernel
        .tenant(companyId)('contacts')
        .where({ isGroup: false })
        .select(
          kernel.db.raw('count(*) as total'),
          kernel.db.raw('count(*) filter (where "createdAt" >= ?) as recent', [since]),
          kernel.db.raw(`count(*) filter (where email <> '') as "withEmail"`),
          kernel.db.raw(`count(*) filter (where "companyName" <> '' or cnpj <> '' or "custumerCode" <> '') as extra`),
        )
        .first()
      return {
        total: Number(row?.total ?? 0),
        createdLast30Days: Number(row?.recent ?? 0),
        withEmail: Number(row?.withEmail ?? 0),
        withCompanyInfo: Number(row?.extra ?? 0),
      }
    },

    /**
     * Upsert by the canonical number: per chunk one INSERT … ON CONFLICT DO NOTHING for new numbers,
     * then one UPDATE … FROM (VALUES …) for the rest (fields a row leaves out keep their value). A
     * number repeated in the request is an error on its later rows. One transaction for the call.
     */
    async bulkUpsert(companyId: number, input: ContactFields[]): Promise<BulkContactResult[]> {
      const results: BulkContactResult[] = new Array(input.length)
      const seen = new Set<string>()
      const valid: Clean[] = []
      input.forEach((r, i) => {
        const c = clean(r, i + 1)
        if ('status' in c) results[i] = c
        else if (seen.has(c.number))
          results[i] = {
            row: i + 1,
            status: 'error',
            error: { code: 'ERR_DUPLICATED_CONTACT', field: 'number', message: 'Number repeated in this request' },
          }
        else {
          seen.add(c.number)
          valid.push(c)
        }
      })
      let createdCount = 0
      await kernel.unitOfWork(companyId, async ({ t, db, emit }) => {
        const created: Contact[] = []
        for (let i = 0; i < valid.length; i += CHUNK) {
          // Sorted by number: concurrent writers (the inbound pipeline, uploads) lock in the same order.
          const chunk = valid.slice(i, i + CHUNK).sort((a, b) => (a.number < b.number ? -1 : 1))
          const inserted: Contact[] = await t
            .insert(
              'contacts',
              chunk.map((c) => ({
                name: c.name,
                number: c.number,
                email: c.email ?? '',
                cnpj: c.cnpj ?? '',
                custumerCode: c.custumerCode ?? '',
                companyName: c.companyName ?? '',
              })),
            )
            .onConflict(['companyId', 'number'])
            .ignore()
            .returning(CONTACT_COLUMNS)
          const newIds = new Map(inserted.map((c) => [c.number, c.id]))
          created.push(...inserted)
          const rest = chunk.filter((c) => !newIds.has(c.number))
          const updatedIds = new Map<string, number>()
          if (rest.length) {
            const values = rest.map(() => '(?::text, ?::text, ?::text, ?::text, ?::text, ?::text)').join(', ')
            const bindings = rest.flatMap((c) => [c.number, c.name, c.email, c.cnpj, c.custumerCode, c.companyName])
            const { rows } = await db.raw(
              `UPDATE contacts AS c SET name = v.name, email = coalesce(v.email, c.email),
                 cnpj = coalesce(v.cnpj, c.cnpj), "custumerCode" = coalesce(v.code, c."custumerCode"),
                 "companyName" = coalesce(v.cname, c."companyName"), "updatedAt" = now()
               FROM (VALUES ${values}) AS v(number, name, email, cnpj, code, cname)
               WHERE c."companyId" = ? AND c.number = v.number AND c."isGroup" = false
               RETURNING c.id, c.number`,
              [...bindings, companyId],
            )
            for (const r of rows as { id: number; number: string }[]) updatedIds.set(r.number, r.id)
          }
          for (const c of chunk) {
            const id = newIds.get(c.number) ?? updatedIds.get(c.number)
            results[c.row - 1] = id
              ? { row: c.row, status: newIds.has(c.number) ? 'created' : 'updated', id }
              : {
                  row: c.row,
                  status: 'error',
                  error: { code: 'ERR_DUPLICATED_CONTACT', field: 'number', message: 'The number belongs to a group' },
                }
          }
        }
        createdCount = created.length
        if (created.length > ANNOUNCE_EACH_MAX) emit('contact.imported', { companyId, count: created.length })
        else for (const contact of created) emit('contact.created', { companyId, contact })
      })
      // Updates are not announced one by one either: open lists reload.
      if (results.some((r) => r.status === 'updated') && createdCount <= ANNOUNCE_EACH_MAX)
        await kernel.bus.emit('contact.imported', { companyId, count: createdCount })
      return results
    },
  }
}
