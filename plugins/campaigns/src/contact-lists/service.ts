import type { Knex } from 'knex'
import { badRequest, conflict, likePattern, notFound, pageOffset, PAGE_SIZE, toIso, type Kernel } from '@atende/sdk'
import type { ContactsRef } from '@atende/plugin-contacts/api'
import {
  EMAIL_MAX,
  ERR_CONTACT_LIST_ITEM_NUMBER_IN_USE,
  ERR_NO_CONTACT_LIST_FOUND,
  ERR_NO_CONTACT_LIST_ITEM_FOUND,
  NAME_MAX,
  NAME_MIN,
  NUMBER_MAX,
  NUMBER_MIN,
  type ContactListBody,
  type ContactListItemBody,
  type ContactListItemUpdateBody,
  type ContactListItemWire,
  type ContactListWire,
  type ImportResultWire,
} from './api.ts'
import type { SheetRow } from './spreadsheet.ts'
import { createValidityChecker } from './validity.ts'

const LISTS = 'contact_lists'
const ITEMS = 'contact_list_items'
const ITEM_COLUMNS = [
  'id',
  'companyId',
  'contactListId',
  'name',
  'number',
  'email',
  'isWhatsappValid',
  'createdAt',
  'updatedAt',
].map((c) => `${ITEMS}.${c}`)
const UPSERT_BATCH = 1000
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

interface ListRow {
  id: number
  companyId: number
  name: string
  contactsCount: number | string
  createdAt: Date | string
  updatedAt: Date | string
}
type ItemRow = Omit<ContactListItemWire, 'createdAt' | 'updatedAt'> & {
  createdAt: Date | string
  updatedAt: Date | string
}

const listView = (r: ListRow): ContactListWire => ({
  id: r.id,
  companyId: r.companyId,
  name: r.name,
  contactsCount: Number(r.contactsCount ?? 0),
  createdAt: toIso(r.createdAt),
  updatedAt: toIso(r.updatedAt),
})
const itemView = (r: ItemRow): ContactListItemWire => ({
  id: r.id,
  companyId: r.companyId,
  contactListId: r.contactListId,
  name: r.name,
  number: r.number,
  email: r.email,
  isWhatsappValid: r.isWhatsappValid ?? null,
  createdAt: toIso(r.createdAt),
  updatedAt: toIso(r.updatedAt),
})
const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === '23505'

type Problem = { field: 'name' | 'number' | 'email'; message: string }

/** Contact lists and their items: every query scoped to the caller's company. */
export function createContactListService(kernel: Kernel) {
  const contacts = () => kernel.services.get<ContactsRef>('contacts')
  const validity = createValidityChecker(kernel)

  function checkName(raw: string): string | Problem {
    const name = raw.trim()
    if (!name) return { field: 'name', message: 'Obrigatório' }
    if (name.length < NAME_MIN) return { field: 'name', message: `Too Short! (${NAME_MIN} characters at least)` }
    if (name.length > NAME_MAX) return { field: 'name', message: `Too Long! (${NAME_MAX} characters at most)` }
    return name
  }
  /** The contacts plugin's number rule (its published normaliseNumber), then 8 to 50 digits. */
  function checkNumber(raw: string): string | Problem {
    const number = contacts().normaliseNumber(raw.trim())
    if (number.length < NUMBER_MIN) return { field: 'number', message: `The number has ${NUMBER_MIN} digits at least` }
    if (number.length > NUMBER_MAX) return { field: 'number', message: `The number has ${NUMBER_MAX} digits at most` }
    return number
  }
  function checkEmail(raw: string | undefined): string | Problem {
    const email = (raw ?? '').trim()
    if (email && (email.length > EMAIL_MAX || !EMAIL.test(email))) return { field: 'email', message: 'Invalid email' }
    return email
  }
  const fail = (p: Problem) => badRequest(p.field, p.message)
  const ok = <T>(v: T | Problem): T => {
    if (typeof v === 'object' && v !== null && 'field' in v) throw fail(v)
    return v as T
  }

  /** One grouped read: the list's rows with their counts (a correlated count per row of the page, no N+1). */
  function listsQuery(t: ReturnType<Kernel['tenant']>) {
    const count = t
      .knex(ITEMS)
      .count('*')
      .where(`${ITEMS}.contactListId`, t.knex.ref(`${LISTS}.id`))
    return t(LISTS).select(
      `${LISTS}.id`,
      `${LISTS}.companyId`,
      `${LISTS}.name`,
      `${LISTS}.createdAt`,
      `${LISTS}.updatedAt`,
      count.as('contactsCount'),
    )
  }

  async function findList(companyId: number, id: number, db?: Knex): Promise<ContactListWire> {
    const t = kernel.tenant(companyId)
    const q = listsQuery(t).where(`${LISTS}.id`, id).first()
    const row: ListRow | undefined = db ? await q.transacting(db as Knex.Transaction) : await q
    if (!row) throw notFound(ERR_NO_CONTACT_LIST_FOUND, 'Contact list not found')
    return listView(row)
  }

  async function findItem(companyId: number, id: number): Promise<ItemRow> {
    const row = await kernel.tenant(companyId)(ITEMS).where(`${ITEMS}.id`, id).first(ITEM_COLUMNS)
    if (!row) throw notFound(ERR_NO_CONTACT_LIST_ITEM_FOUND, 'Contact not found')
    return row
  }

  const assertList = (companyId: number, id: number) =>
    kernel.tenant(companyId).assertOwned(LISTS, id, {
      field: 'contactListId',
      code: ERR_NO_CONTACT_LIST_FOUND,
      message: 'Contact list not found',
    })

  const numberInUse = () =>
    conflict(ERR_CONTACT_LIST_ITEM_NUMBER_IN_USE, 'This number is already in the list', { field: 'number' })

  return {
    // ---- lists ----
    async page(companyId: number, searchParam = '', pageNumber = 1) {
      const q = listsQuery(kernel.tenant(companyId))
      const text = searchParam.trim()
      if (text) q.whereILike(`${LISTS}.name`, likePattern(text))
      const rows: ListRow[] = await q
        .orderBy([{ column: `${LISTS}.name` }, { column: `${LISTS}.id` }])
        .offset(pageOffset(pageNumber))
        .limit(PAGE_SIZE + 1)
      return { records: rows.slice(0, PAGE_SIZE).map(listView), hasMore: rows.length > PAGE_SIZE }
    },

    /** Every list's id and name (the campaign dialog's picker). */
    async choices(companyId: number) {
      return kernel
        .tenant(companyId)(LISTS)
        .orderBy([{ column: 'name' }, { column: 'id' }])
        .select('id', 'name') as Promise<{ id: number; name: string }[]>
    },

    get: (companyId: number, id: number) => findList(companyId, id),

    async create(companyId: number, body: ContactListBody) {
      const name = ok<string>(checkName(body.name))
      return kernel.unitOfWork(companyId, async ({ t, emit }) => {
        const [row] = await t.insert(LISTS, { name }).returning(['id', 'companyId', 'name', 'createdAt', 'updatedAt'])
        const record = listView({ ...row, contactsCount: 0 })
        emit('contactList.saved', { companyId, action: 'create', record })
        return record
      })
    },

    async update(companyId: number, id: number, body: ContactListBody) {
      const name = ok<string>(checkName(body.name))
      return kernel.unitOfWork(companyId, async ({ t, db, emit }) => {
        const n = await t(LISTS).where({ id }).update({ name, updatedAt: new Date() })
        if (!n) throw notFound(ERR_NO_CONTACT_LIST_FOUND, 'Contact list not found')
        const record = await findList(companyId, id, db)
        emit('contactList.saved', { companyId, action: 'update', record })
        return record
      })
    },

    /** The list and its items (the foreign key cascades). */
    async remove(companyId: number, id: number) {
      await kernel.unitOfWork(companyId, async ({ t, emit }) => {
        const rows = await t(LISTS).where({ id }).delete().returning('id')
        if (!rows.length) throw notFound(ERR_NO_CONTACT_LIST_FOUND, 'Contact list not found')
        emit('contactList.deleted', { companyId, id })
      })
    },

    // ---- items ----
    async items(companyId: number, contactListId: number, searchParam = '', pageNumber = 1) {
      await assertList(companyId, contactListId)
      const q = kernel.tenant(companyId)(ITEMS).where(`${ITEMS}.contactListId`, contactListId)
      const text = searchParam.trim()
      if (text) {
        const like = likePattern(text)
        const digits = text.replace(/\D/g, '')
        q.where((w) => {
          w.whereILike(`${ITEMS}.name`, like).orWhereILike(`${ITEMS}.email`, like)
          w.orWhereILike(`${ITEMS}.number`, digits ? likePattern(digits) : like)
        })
      }
      const rows: ItemRow[] = await q
        .orderBy([{ column: `${ITEMS}.name` }, { column: `${ITEMS}.id` }])
        .offset(pageOffset(pageNumber))
        .limit(PAGE_SIZE + 1)
        .select(ITEM_COLUMNS)
      return { contacts: rows.slice(0, PAGE_SIZE).map(itemView), hasMore: rows.length > PAGE_SIZE }
    },

    getItem: async (companyId: number, id: number) => itemView(await findItem(companyId, id)),

    async createItem(companyId: number, body: ContactListItemBody) {
      const data = {
        name: ok<string>(checkName(body.name)),
        number: ok<string>(checkNumber(body.number)),
        email: ok<string>(checkEmail(body.email)),
        contactListId: body.contactListId,
      }
      await assertList(companyId, body.contactListId)
      const record = await kernel
        .unitOfWork(companyId, async ({ t, db, emit }) => {
          const taken = await t(ITEMS).where({ contactListId: data.contactListId, number: data.number }).first('id')
          if (taken) throw numberInUse()
          const [row] = await t.insert(ITEMS, data).returning(ITEM_COLUMNS.map((c) => c.split('.')[1]))
          const record = itemView(row)
          emit('contactListItem.saved', { companyId, action: 'create', record })
          emit('contactList.saved', {
            companyId,
            action: 'update',
            record: await findList(companyId, data.contactListId, db),
          })
          return record
        })
        .catch((err) => {
          throw isUniqueViolation(err) ? numberInUse() : err
        })
      validity.check(companyId, [record])
      return record
    },

    async updateItem(companyId: number, id: number, body: ContactListItemUpdateBody) {
      const current = await findItem(companyId, id)
      const patch: Record<string, unknown> = { updatedAt: new Date() }
      if (body.name !== undefined) patch.name = ok<string>(checkName(body.name))
      if (body.email !== undefined) patch.email = ok<string>(checkEmail(body.email))
      const number = body.number !== undefined ? ok<string>(checkNumber(body.number)) : current.number
      if (number !== current.number) {
        patch.number = number
        patch.isWhatsappValid = null
      }
      const listId = body.contactListId ?? current.contactListId
      if (listId !== current.contactListId) {
        await assertList(companyId, listId)
        patch.contactListId = listId
      }
      const record = await kernel
        .unitOfWork(companyId, async ({ t, db, emit }) => {
          if (patch.number !== undefined || patch.contactListId !== undefined) {
            const taken = await t(ITEMS).where({ contactListId: listId, number }).whereNot('id', id).first('id')
            if (taken) throw numberInUse()
          }
          const [row] = await t(ITEMS)
            .where(`${ITEMS}.id`, id)
            .update(patch)
            .returning(ITEM_COLUMNS.map((c) => c.split('.')[1]))
          if (!row) throw notFound(ERR_NO_CONTACT_LIST_ITEM_FOUND, 'Contact not found')
          const record = itemView(row)
          emit('contactListItem.saved', { companyId, action: 'update', record })
          if (listId !== current.contactListId) {
            emit('contactListItem.deleted', { companyId, id, contactListId: current.contactListId })
            for (const l of [current.contactListId, listId])
              emit('contactList.saved', { companyId, action: 'update', record: await findList(companyId, l, db) })
          }
          return record
        })
        .catch((err) => {
          throw isUniqueViolation(err) ? numberInUse() : err
        })
      if (record.isWhatsappValid === null) validity.check(companyId, [record])
      return record
    },

    async removeItem(companyId: number, id: number) {
      await kernel.unitOfWork(companyId, async ({ t, db, emit }) => {
        const [row] = await t(ITEMS).where(`${ITEMS}.id`, id).delete().returning(['id', 'contactListId'])
        if (!row) throw notFound(ERR_NO_CONTACT_LIST_ITEM_FOUND, 'Contact not found')
        emit('contactListItem.deleted', { companyId, id, contactListId: row.contactListId })
        emit('contactList.saved', {
          companyId,
          action: 'update',
          record: await findList(companyId, row.contactListId, db),
        })
      })
    },

    assertList: (companyId: number, id: number) => findList(companyId, id),

    /**
     * An import's rows (spreadsheet.ts): each checked with the form's rules; a number repeated in
     * the file is reported at its later rows; the rest upserted by (list, number) a thousand at a
     * time — name and email replaced, WhatsApp validity kept while the number is the same.
     */
    async importRows(companyId: number, contactListId: number, rows: SheetRow[]): Promise<ImportResultWire> {
      await findList(companyId, contactListId)
      const errors: ImportResultWire['errors'] = []
      const firstRowOf = new Map<string, number>()
      const valid: { name: string; number: string; email: string }[] = []
      for (const r of rows) {
        const name = checkName(r.name)
        const number = checkNumber(r.number)
        const email = checkEmail(r.email)
        const bad = [name, number, email].filter((v): v is Problem => typeof v === 'object')
        if (bad.length) {
          for (const p of bad) errors.push({ row: r.row, field: p.field, message: p.message })
          continue
        }
        const first = firstRowOf.get(number as string)
        if (first !== undefined) {
          errors.push({ row: r.row, field: 'number', message: `The number is repeated from row ${first}` })
          continue
        }
        firstRowOf.set(number as string, r.row)
        valid.push({ name: name as string, number: number as string, email: email as string })
      }
      // Sorted by number: concurrent imports into one list lock rows in one order.
      valid.sort((a, b) => (a.number < b.number ? -1 : a.number > b.number ? 1 : 0))
      let created = 0
      let updated = 0
      const fresh: ContactListItemWire[] = []
      await kernel.unitOfWork(companyId, async ({ t, db, emit }) => {
        for (let i = 0; i < valid.length; i += UPSERT_BATCH) {
          const batch = valid.slice(i, i + UPSERT_BATCH).map((v) => ({ ...v, contactListId }))
          const out: (ItemRow & { inserted: boolean })[] = await t
            .insert(ITEMS, batch)
            .onConflict(['contactListId', 'number'])
            .merge({ name: db.raw('excluded.name'), email: db.raw('excluded.email'), updatedAt: db.fn.now() })
            .returning([...ITEM_COLUMNS.map((c) => c.split('.')[1]), db.raw('(xmax = 0) as inserted')])
          for (const r of out) {
            if (r.inserted) created++
            else updated++
            if (r.isWhatsappValid === null) fresh.push(itemView(r))
          }
        }
        if (valid.length) {
          emit('contactListItem.imported', { companyId, contactListId, created, updated })
          emit('contactList.saved', {
            companyId,
            action: 'update',
            record: await findList(companyId, contactListId, db),
          })
        }
      })
      validity.check(companyId, fresh)
      errors.sort((a, b) => a.row - b.row)
      return { created, updated, errors }
    },
  }
}

export type ContactListService = ReturnType<typeof createContactListService>
