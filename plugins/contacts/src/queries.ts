import type { Knex } from 'knex'
import { PAGE_SIZE, notFound, pageOffset, parseDateTime, type Kernel, type TenantDb } from '@atende/sdk'
import type { Contact } from './api.ts'
import { CONTACT_COLUMNS } from './columns.ts'

/** Page 1 counts matching contacts up to this many (an exact count of 200k rows costs ~40 ms, of a broad search more). */
export const COUNT_CAP = 10_000
/** GET /contacts/list answers at most this many (the pickers search; they never need the whole book). */
export const LOOKUP_LIMIT = 50

export const ERR_NO_CONTACT_FOUND = 'ERR_NO_CONTACT_FOUND'

export interface ContactFilter {
  searchParam?: string
  date?: string
  dateStart?: string
  dateEnd?: string
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`)
/** Typed like a phone number: digits and the characters of its written forms. */
const PHONE_LIKE = /^[\d\s()+.-]+$/
const DAY = /^\d{4}-\d{2}-\d{2}$/
const DAY_MS = 86_400_000

/** A day (its UTC start) or an instant (no offset: server time), checked by the SDK's strict reader. */
function instant(field: string, raw: string, endOfDay = false): Date {
  const rules = { localTime: true, message: `Invalid date: ${raw}` }
  const d = parseDateTime(DAY.test(raw) ? `${raw}T00:00:00Z` : raw, field, rules)
  return endOfDay && DAY.test(raw) ? new Date(d.getTime() + DAY_MS - 1) : d
}

/** Throws the 400 a bad date would cause, before anything is written out. */
export function checkFilter(f: ContactFilter) {
  if (f.date) instant('date', f.date)
  if (f.dateStart) instant('dateStart', f.dateStart)
  if (f.dateEnd) instant('dateEnd', f.dateEnd)
}

/**
 * The filters of GET /contacts (and the export): the search matches the name's key (lower case,
 * no accents; 002's `searchName`), the email, and — when the text is written like a phone number —
 * the number's digits, each as "contains" (trigram indexes in Postgres). Dates bound createdAt.
 */
export function applyFilter(q: Knex.QueryBuilder, f: ContactFilter): Knex.QueryBuilder {
  const s = (f.searchParam ?? '').trim()
  if (s) {
    const like = `%${escapeLike(s)}%`
    const digits = s.replace(/\D/g, '')
    q.where((w) => {
      w.whereRaw('contacts."searchName" LIKE contacts_search_key(?)', [like]).orWhere(
        'contacts.email',
        'like',
        like.toLowerCase(),
      )
      if (digits && PHONE_LIKE.test(s)) w.orWhere('contacts.number', 'like', `%${digits}%`)
    })
  }
  if (f.date) {
    const from = instant('date', f.date)
    q.where('contacts.createdAt', '>=', from).where('contacts.createdAt', '<', new Date(from.getTime() + DAY_MS))
  }
  if (f.dateStart) q.where('contacts.createdAt', '>=', instant('dateStart', f.dateStart))
  if (f.dateEnd) q.where('contacts.createdAt', '<=', instant('dateEnd', f.dateEnd, true))
  return q
}

const ORDER = [{ column: 'searchName' }, { column: 'id' }]

/**
 * The ids of one page, in list order, read from the ("companyId", "searchName", id) INCLUDE (number,
 * email) index alone; the rows are fetched after by id ("deferred join"), so a filter that skips many
 * rows before the page fills never reads their heap pages.
 */
const pageIds = (t: TenantDb, f: ContactFilter, limit: number, offset: number) =>
  applyFilter(t('contacts'), f).select('contacts.id').orderBy(ORDER).limit(limit).offset(offset)

/** One page of contacts (the query GET /contacts runs; the bench explains it). */
export const pageQuery = (t: TenantDb, f: ContactFilter, limit: number, offset: number) =>
  t('contacts')
    .select(CONTACT_COLUMNS)
    .whereIn('id', pageIds(t, f, limit, offset))
    .orderBy(ORDER)

/** How many contacts match, counting no further than COUNT_CAP + 1. */
export const cappedCountQuery = (t: TenantDb, f: ContactFilter) =>
  t.knex.count({ n: '*' }).from(
    applyFilter(t('contacts'), f)
      .select(t.knex.raw('1'))
      .limit(COUNT_CAP + 1)
      .as('m'),
  )

export interface ContactsPage {
  contacts: Contact[]
  hasMore: boolean
  count?: number
  countCapped?: boolean
}

/** Read side: every query is bound to one company through kernel.tenant and walks an index. */
export function createContactQueries(kernel: Kernel) {
  const extraInfoOf = (t: TenantDb, contactId: number) =>
    t('contact_extra_info').where({ contactId }).orderBy('id').select('id', 'name', 'value')

  return {
    /**
     * GET /contacts: ordered by the name's key then id (the index order), PAGE_SIZE per page,
     * hasMore from one extra row. The count rides on page 1 only and stops at COUNT_CAP.
     */
    async page(companyId: number, f: ContactFilter & { pageNumber?: number }): Promise<ContactsPage> {
      const t = kernel.tenant(companyId)
      const pageNumber = f.pageNumber ?? 1
      const rows: Contact[] = await pageQuery(t, f, PAGE_SIZE + 1, pageOffset(pageNumber))
      const hasMore = rows.length > PAGE_SIZE
      const out: ContactsPage = { contacts: rows.slice(0, PAGE_SIZE), hasMore }
      if (pageNumber === 1) {
        let n = rows.length
        if (hasMore) {
          n = Number(((await cappedCountQuery(t, f).first()) as { n: number | string }).n)
        }
        out.count = Math.min(n, COUNT_CAP)
        out.countCapped = n > COUNT_CAP
      }
      return out
    },

    /** GET /contacts/list: the first LOOKUP_LIMIT matches by name, for pickers. */
    async lookup(companyId: number, searchParam?: string) {
      const t = kernel.tenant(companyId)
      return t('contacts')
        .select('id', 'name', 'number', 'email', 'profilePicUrl', 'isGroup')
        .whereIn('id', pageIds(t, { searchParam }, LOOKUP_LIMIT, 0))
        .orderBy(ORDER)
    },

    /** One contact with its extra information; another company's id is 404. */
    async one(companyId: number, id: number, t: TenantDb = kernel.tenant(companyId)) {
      const contact = await t('contacts').where({ id }).first(CONTACT_COLUMNS)
      if (!contact) throw notFound(ERR_NO_CONTACT_FOUND, 'Contact not found')
      return { ...contact, extraInfo: await extraInfoOf(t, id) } as Contact & {
        extraInfo: { id: number; name: string; value: string }[]
      }
    },

    /**
     * Every matching contact in list order, in batches walked by key (searchName, id) > last: no
     * cursor held open between batches (PGlite has one connection), each batch an index range.
     */
    async *batches(companyId: number, f: ContactFilter, size = 2000): AsyncGenerator<Contact[]> {
      const t = kernel.tenant(companyId)
      let after: { searchName: string; id: number } | null = null
      for (;;) {
        const q = applyFilter(t('contacts'), f)
          .select([...CONTACT_COLUMNS, 'searchName'])
          .orderBy(ORDER)
          .limit(size)
        if (after) q.whereRaw('(contacts."searchName", contacts.id) > (?, ?)', [after.searchName, after.id])
        const rows: (Contact & { searchName: string })[] = await q
        if (!rows.length) return
        yield rows
        if (rows.length < size) return
        const last = rows[rows.length - 1]
        after = { searchName: last.searchName, id: last.id }
      }
    },
  }
}

export type ContactQueries = ReturnType<typeof createContactQueries>
