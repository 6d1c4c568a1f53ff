import { AppError, ErrorCodes, conflict, type Kernel, type TenantDb } from '@atende/sdk'
import type { Contact } from './api.ts'
import { CONTACT_COLUMNS } from './columns.ts'
import { createContactQueries } from './queries.ts'
import type { CreateBody, UpdateBody } from './schemas.ts'
import {
  checkEmail,
  checkExtraInfo,
  checkName,
  checkNumber,
  cleanText,
  type Checked,
  type ExtraInfoInput,
} from './validate.ts'

export const ERR_DUPLICATED_CONTACT = 'ERR_DUPLICATED_CONTACT'
export const ERR_INVALID_NUMBER = 'ERR_INVALID_NUMBER'

/** A rule's verdict as the API's 400: the field, a code, and `reason` for the screen's words. */
function valueOf<T>(c: Checked<T>): T {
  if (c.ok) return c.value
  const { field, reason, message } = c.problem
  throw new AppError(reason === 'invalidNumber' ? ERR_INVALID_NUMBER : ErrorCodes.VALIDATION, 400, message, {
    field,
    extra: { reason },
  })
}

/** 409 naming the contact that already has the number (core: "a duplicate names the existing contact"). */
export const duplicated = (c: Pick<Contact, 'id' | 'name' | 'number'>) =>
  conflict(ERR_DUPLICATED_CONTACT, `A contact with this number already exists: ${c.name}`, {
    field: 'number',
    extra: { contact: { id: c.id, name: c.name, number: c.number } },
  })

async function assertNumberFree(t: TenantDb, number: string, exceptId?: number) {
  const q = t('contacts').where({ number })
  if (exceptId) q.whereNot('id', exceptId)
  const other = await q.first('id', 'name', 'number')
  if (other) throw duplicated(other)
}

/** The unique (companyId, number) index settles a race the pre-check cannot: answer the same 409. */
async function guardDuplicate<T>(
  kernel: Kernel,
  companyId: number,
  number: string,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work()
  } catch (err) {
    if ((err as { code?: string }).code !== '23505') throw err
    const other = await kernel.tenant(companyId)('contacts').where({ number }).first('id', 'name', 'number')
    if (other) throw duplicated(other)
    throw err
  }
}

/** The owner attendant must be a user of the same company. */
async function checkOwner(kernel: Kernel, companyId: number, userId: number | null | undefined) {
  if (userId == null) return userId
  const user = await kernel.accounts.userView(userId)
  if (!user || user.companyId !== companyId)
    throw new AppError(ErrorCodes.NO_USER_FOUND, 400, 'The owner must be a user of the company', { field: 'userId' })
  return userId
}

/** Replaces the contact's extra information: listed ids of its own are updated, others inserted, the rest deleted. */
async function syncExtraInfo(t: TenantDb, contactId: number, rows: ExtraInfoInput[]) {
  const existing = new Set<number>(await t('contact_extra_info').where({ contactId }).pluck('id'))
  const kept = rows.filter((r) => r.id && existing.has(r.id))
  const keptIds = new Set(kept.map((r) => r.id!))
  const gone = [...existing].filter((id) => !keptIds.has(id))
  if (gone.length) await t('contact_extra_info').whereIn('id', gone).delete()
  for (const r of kept) await t('contact_extra_info').where({ id: r.id }).update({ name: r.name, value: r.value })
  const fresh = rows
    .filter((r) => !r.id || !existing.has(r.id))
    .map((r) => ({ contactId, name: r.name, value: r.value }))
  if (fresh.length) await t.insert('contact_extra_info', fresh)
}

/** Write side of the screen: create, edit, delete; events leave after the commit. */
export function createContactWriter(kernel: Kernel) {
  const queries = createContactQueries(kernel)

  return {
    async create(companyId: number, body: CreateBody) {
      const row = {
        name: valueOf(checkName(body.name)),
        number: valueOf(checkNumber(body.number)),
        email: valueOf(checkEmail(body.email)),
        cnpj: cleanText(body.cnpj),
        custumerCode: cleanText(body.custumerCode),
        companyName: cleanText(body.companyName),
        userId: (await checkOwner(kernel, companyId, body.userId)) ?? null,
      }
      const extra = valueOf(checkExtraInfo(body.extraInfo ?? []))
      return guardDuplicate(kernel, companyId, row.number, () =>
        kernel.unitOfWork(companyId, async ({ t, emit }) => {
          await assertNumberFree(t, row.number)
          const [created] = await t.insert('contacts', row).returning(CONTACT_COLUMNS)
          await syncExtraInfo(t, created.id, extra)
          emit('contact.created', { companyId, contact: created })
          return queries.one(companyId, created.id, t)
        }),
      )
    },

    async update(companyId: number, id: number, body: UpdateBody) {
      const current = await queries.one(companyId, id)
      const patch: Record<string, unknown> = {}
      if (body.name !== undefined) patch.name = valueOf(checkName(body.name))
      if (body.number !== undefined) {
        // A group's id is not a phone number: it is kept as it is, whatever the form sends back.
        const number = current.isGroup ? current.number : valueOf(checkNumber(body.number))
        if (number !== current.number) patch.number = number
      }
      if (body.email !== undefined) patch.email = valueOf(checkEmail(body.email))
      if (body.cnpj !== undefined) patch.cnpj = cleanText(body.cnpj)
      if (body.custumerCode !== undefined) patch.custumerCode = cleanText(body.custumerCode)
      if (body.companyName !== undefined) patch.companyName = cleanText(body.companyName)
      if (body.userId !== undefined) patch.userId = await checkOwner(kernel, companyId, body.userId)
      const extra = body.extraInfo === undefined ? undefined : valueOf(checkExtraInfo(body.extraInfo))
      const number = (patch.number as string | undefined) ?? current.number
      return guardDuplicate(kernel, companyId, number, () =>
        kernel.unitOfWork(companyId, async ({ t, emit }) => {
          if (patch.number) await assertNumberFree(t, number, id)
          const [updated] = await t('contacts')
            .where({ id })
            .update({ ...patch, updatedAt: new Date() })
            .returning(CONTACT_COLUMNS)
          if (!updated) return queries.one(companyId, id, t) // deleted meanwhile: 404
          if (extra) await syncExtraInfo(t, id, extra)
          emit('contact.updated', { companyId, contact: updated })
          return queries.one(companyId, id, t)
        }),
      )
    },

    /**
     * Deletes the contact and its extra information. Its tickets belong to the tickets plugin,
     * which deletes them when it hears `contact.deleted` (core: deleting a contact loses its tickets).
     */
    async remove(companyId: number, id: number) {
      await kernel.unitOfWork(companyId, async ({ t, emit }) => {
        const n = await t('contacts').where({ id }).delete()
        if (!n) await queries.one(companyId, id, t) // 404
        emit('contact.deleted', { companyId, contactId: id })
      })
    },
  }
}
