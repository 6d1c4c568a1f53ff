import {
  assertKnown,
  PAGE_SIZE,
  AppError,
  badRequest,
  forbidden,
  likePattern,
  notFound,
  pageOffset,
  parseDateTime,
  toIso,
  type AuthInfo,
  type Kernel,
  type TenantDb,
  type UnitOfWork,
} from '@atende/sdk'
import type { ContactsRef } from '@atende/plugin-contacts/api'
import type { Schedule, ScheduleStatus } from './api.ts'
import { BODY_MIN, DESCRIPTION_MIN, type CreateBody, type PageQuery, type UpdateBody } from './schemas.ts'
import './events.ts'

/** Translated by the client (modules/schedules/src/i18n, `errors.` keys). Also: deleting a sent one. */
export const NOT_FOUND = 'ERR_NO_SCHEDULE_FOUND'
/** A sent schedule allows only date changes. */
export const ALREADY_SENT = 'ERR_SCHEDULE_ALREADY_SENT'
export const FILE_TYPE = 'ERR_FILE_TYPE_NOT_ALLOWED'

export interface Row {
  id: number
  companyId: number
  body: string
  description: string
  contactId: number
  userId: number | null
  scheduleDate: Date | string
  sendAt: Date | string
  sentAt: Date | string | null
  status: ScheduleStatus
  error: string | null
  mediaPath: string | null
  mediaName: string | null
  ticketId: number | null
  whatsappId: number | null
  messageId: number | null
  round: number
  createdAt: Date | string
  updatedAt: Date | string
}
export const TABLE = 'schedules'

/** The spec's form rules, each failure naming its field. */
function cleanBody(raw: string) {
  const v = raw.trim()
  if (!v) throw badRequest('body', 'Obrigatório')
  if (v.length < BODY_MIN) throw badRequest('body', 'Mensagem muito curta')
  return v
}
function cleanDescription(raw: string) {
  const v = raw.trim()
  if (!v) throw badRequest('description', 'Obrigatório')
  if (v.length < DESCRIPTION_MIN) throw badRequest('description', 'Descrição muito curta')
  return v
}
/**
 * YYYY-MM-DDTHH:mm at least (seconds and an offset may follow: the browser sends an ISO instant;
 * without an offset it is the server's time), a real day, with the spec's message.
 */
export const parseDate = (field: string, raw: string) =>
  parseDateTime(raw, field, { localTime: true, message: 'Data inválida' })

const canEdit = (auth: AuthInfo, row: Pick<Row, 'userId'>) =>
  auth.profile === 'admin' || auth.super || row.userId === auth.userId

/** The first bytes of an upload say what it is: only PNG and JPEG images are taken. */
export function imageTypeOf(bytes: Buffer): { mimetype: string; ext: string } | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return { mimetype: 'image/png', ext: 'png' }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return { mimetype: 'image/jpeg', ext: 'jpg' }
  return null
}

export function createScheduleService(kernel: Kernel) {
  const contacts = () => kernel.services.get<ContactsRef>('contacts')

  /** Rows with their contact and author, in two queries. */
  async function views(companyId: number, rows: Row[]): Promise<Schedule[]> {
    if (!rows.length) return []
    const people = await contacts().byIds(companyId, [...new Set(rows.map((r) => r.contactId))])
    const byContact = new Map(people.map((c) => [c.id, c]))
    const authors = await kernel.accounts.members(
      companyId,
      rows.map((r) => r.userId),
    )
    const byUser = new Map(authors.map((u) => [u.id, u]))
    return rows.map((r) => {
      const c = byContact.get(r.contactId)
      const u = r.userId ? byUser.get(r.userId) : undefined
      return {
        id: r.id,
        companyId: r.companyId,
        body: r.body,
        description: r.description,
        contactId: r.contactId,
        contact: c ? { id: c.id, name: c.name, number: c.number } : null,
        userId: r.userId,
        user: u ? { id: u.id, name: u.name } : null,
        scheduleDate: toIso(r.scheduleDate),
        sendAt: toIso(r.sendAt),
        sentAt: r.sentAt ? toIso(r.sentAt) : null,
        status: r.status,
        error: r.error,
        mediaPath: r.mediaPath ? kernel.storage.signedUrl(r.mediaPath) : null,
        mediaName: r.mediaName,
        ticketId: r.ticketId,
        whatsappId: r.whatsappId,
        createdAt: toIso(r.createdAt),
        updatedAt: toIso(r.updatedAt),
      }
    })
  }
  const view = async (companyId: number, row: Row) => (await views(companyId, [row]))[0]

  async function find(t: TenantDb, id: number, lock = false): Promise<Row> {
    const q = t(TABLE).where({ id })
    const row = await (lock ? q.forUpdate() : q).first()
    if (!row) throw notFound(NOT_FOUND, 'Schedule not found')
    return row
  }

  /** Search (body, description, the contact's name or number) and the date range; status apart (counters). */
  function filtered(t: TenantDb, query: PageQuery) {
    const q = t(TABLE)
    const s = query.searchParam?.trim()
    if (s) {
      const people = contacts().searchIdsQuery(t.companyId, s)
      q.where((w) => {
        w.whereILike('body', likePattern(s)).orWhereILike('description', likePattern(s))
        if (people) w.orWhereIn('contactId', people)
      })
    }
    if (query.contactId) q.where({ contactId: query.contactId })
    if (query.from) q.where('scheduleDate', '>=', parseDateTime(query.from, 'from'))
    if (query.to) q.where('scheduleDate', '<', parseDateTime(query.to, 'to'))
    return q
  }

  /** Under the row's lock: who may change it, and whether it may change at all (sent → dates only). */
  async function editable(uow: UnitOfWork, auth: AuthInfo, id: number, touches: string[]) {
    const row = await find(uow.t, id, true)
    if (!canEdit(auth, row)) throw forbidden()
    if (row.status === 'ENVIADA' && touches.length)
      throw badRequest(touches[0], 'A sent schedule allows only date changes', ALREADY_SENT)
    return row
  }

  /** Back to PENDENTE after a send or a failure: the next send is a new one (a new providerId). */
  const resend = (row: Row) =>
    row.status === 'PENDENTE'
      ? {}
      : { status: 'PENDENTE', sentAt: null, error: null, messageId: null, round: row.round + 1 }

  const discard = async (key: string | null) => {
    if (key) await kernel.storage.remove(key).catch(() => {})
  }

  return {
    views,

    async get(companyId: number, id: number) {
      return view(companyId, await find(kernel.tenant(companyId), id))
    },

    /** A page by scheduleDate (then id, so pages never overlap), its total, and the counters per status. */
    async page(companyId: number, query: PageQuery) {
      const t = kernel.tenant(companyId)
      const size = query.limit ?? PAGE_SIZE
      const list = filtered(t, query)
      if (query.status) list.where({ status: query.status })
      const rows: Row[] = await list
        .clone()
        .orderBy([{ column: 'scheduleDate' }, { column: 'id' }])
        .limit(size + 1)
        .offset(pageOffset(query.pageNumber, size))
        .select('*')
      const byStatus: { status: ScheduleStatus; n: number | string }[] = await filtered(t, query)
        .groupBy('status')
        .select('status')
        .count({ n: '*' })
      const counts = { PENDENTE: 0, ENVIADA: 0, ERRO: 0 }
      for (const s of byStatus) counts[s.status] = Number(s.n)
      return {
        schedules: await views(companyId, rows.slice(0, size)),
        hasMore: rows.length > size,
        count: query.status ? counts[query.status] : counts.PENDENTE + counts.ENVIADA + counts.ERRO,
        counts,
      }
    },

    async create(auth: AuthInfo, input: CreateBody) {
      const values = {
        body: cleanBody(input.body),
        description: cleanDescription(input.description),
        contactId: input.contactId,
        scheduleDate: parseDate('scheduleDate', input.scheduleDate),
        sendAt: parseDate('sendAt', input.sendAt),
      }
      const row = await kernel.unitOfWork(auth.companyId, async (uow) => {
        await assertKnown(
          auth.companyId,
          values.contactId,
          contacts().ownedBy,
          { field: 'contactId', code: 'ERR_NO_CONTACT_FOUND' },
          uow,
        )
        const [r]: Row[] = await uow.t
          .insert(TABLE, { ...values, userId: auth.userId, status: 'PENDENTE' })
          .returning('*')
        uow.emit('schedule.saved', { companyId: auth.companyId, action: 'create', scheduleId: r.id })
        return r
      })
      return view(auth.companyId, row)
    },

    /**
     * Editing a sent (or failed) schedule puts it back to PENDENTE with sentAt cleared; a
     * sent one takes date changes only; the author or an admin edits.
     */
    async update(auth: AuthInfo, id: number, input: UpdateBody) {
      const row = await kernel.unitOfWork(auth.companyId, async (uow) => {
        // Another company's id is not found before anything of the body is judged.
        const before = await find(uow.t, id, true)
        if (!canEdit(auth, before)) throw forbidden()
        const patch: Record<string, unknown> = {}
        if (input.body !== undefined) patch.body = cleanBody(input.body)
        if (input.description !== undefined) patch.description = cleanDescription(input.description)
        if (input.contactId !== undefined) patch.contactId = input.contactId
        if (input.scheduleDate !== undefined) patch.scheduleDate = parseDate('scheduleDate', input.scheduleDate)
        if (input.sendAt !== undefined) patch.sendAt = parseDate('sendAt', input.sendAt)
        // Only what really changes counts: a form sends every field back.
        const touches = (['body', 'description', 'contactId'] as const).filter(
          (k) => patch[k] !== undefined && patch[k] !== before[k],
        )
        if (before.status === 'ENVIADA' && touches.length)
          throw badRequest(touches[0], 'A sent schedule allows only date changes', ALREADY_SENT)
        const dates = (['scheduleDate', 'sendAt'] as const).filter(
          (k) => patch[k] !== undefined && (patch[k] as Date).getTime() !== new Date(before[k]).getTime(),
        )
        const changed = touches.length > 0 || dates.length > 0
        if (patch.contactId !== undefined)
          await assertKnown(
            auth.companyId,
            patch.contactId as number,
            contacts().ownedBy,
            { field: 'contactId', code: 'ERR_NO_CONTACT_FOUND' },
            uow,
          )
        const [r]: Row[] = await uow
          .t(TABLE)
          .where({ id })
          .update({ ...patch, ...(changed ? resend(before) : {}), updatedAt: new Date() })
          .returning('*')
        uow.emit('schedule.saved', { companyId: auth.companyId, action: 'update', scheduleId: id })
        return r
      })
      return view(auth.companyId, row)
    },

    /** An admin deletes any; the author while it is not sent (ERR_NO_SCHEDULE_FOUND once sent). */
    async remove(auth: AuthInfo, id: number) {
      const removed = await kernel.unitOfWork(auth.companyId, async (uow) => {
        const row = await find(uow.t, id, true)
        const admin = auth.profile === 'admin' || auth.super
        if (!admin && row.userId !== auth.userId) throw forbidden()
        if (!admin && row.status === 'ENVIADA')
          throw new AppError(NOT_FOUND, 403, 'A schedule already sent cannot be deleted')
        await uow.t(TABLE).where({ id }).delete()
        uow.emit('schedule.deleted', { companyId: auth.companyId, scheduleId: id })
        return row
      })
      await discard(removed.mediaPath)
    },

    /** Checked before the upload is read, so a refused call stores nothing. */
    async assertMediaEditable(auth: AuthInfo, id: number) {
      const row = await find(kernel.tenant(auth.companyId), id)
      if (!canEdit(auth, row)) throw forbidden()
      if (row.status === 'ENVIADA') throw badRequest('file', 'A sent schedule allows only date changes', ALREADY_SENT)
    },

    /** The image (PNG or JPEG by its bytes) replaces the one it had. */
    async attach(auth: AuthInfo, id: number, upload: { bytes: Buffer; fileName: string }) {
      const type = imageTypeOf(upload.bytes)
      if (!type) throw badRequest('file', 'Only png, jpg and jpeg images are accepted', FILE_TYPE)
      const base = (upload.fileName || 'image').replace(/\.[^.]*$/, '').slice(0, 200) || 'image'
      const fileName = `${base}.${type.ext}`
      const file = await kernel.storage.put(auth.companyId, {
        data: upload.bytes,
        fileName,
        mimetype: type.mimetype,
        allow: ['image'],
        area: 'schedules',
      })
      try {
        const { row, before } = await kernel.unitOfWork(auth.companyId, async (uow) => {
          const b = await editable(uow, auth, id, ['file'])
          const [r]: Row[] = await uow
            .t(TABLE)
            .where({ id })
            .update({ mediaPath: file.key, mediaName: fileName, ...resend(b), updatedAt: new Date() })
            .returning('*')
          uow.emit('schedule.saved', { companyId: auth.companyId, action: 'update', scheduleId: id })
          return { row: r, before: b }
        })
        await discard(before.mediaPath)
        return view(auth.companyId, row)
      } catch (err) {
        await discard(file.key)
        throw err
      }
    },

    async detach(auth: AuthInfo, id: number) {
      const { row, before } = await kernel.unitOfWork(auth.companyId, async (uow) => {
        const b = await editable(uow, auth, id, ['file'])
        const [r]: Row[] = await uow
          .t(TABLE)
          .where({ id })
          .update({ mediaPath: null, mediaName: null, ...resend(b), updatedAt: new Date() })
          .returning('*')
        uow.emit('schedule.saved', { companyId: auth.companyId, action: 'update', scheduleId: id })
        return { row: r, before: b }
      })
      await discard(before.mediaPath)
      return view(auth.companyId, row)
    },
  }
}

export type ScheduleService = ReturnType<typeof createScheduleService>
