import {
  AppError,
  ErrorCodes,
  PAGE_SIZE,
  badRequest,
  conflict,
  notFound,
  pageOffset,
  type AuthInfo,
  type Kernel,
  type StoredFile,
  type TenantDb,
  toIso,
  likePattern,
  tooLong,
} from '@atende/sdk'
import { LOOKUP_MAX, MESSAGE_MAX, SHORTCODE_MAX, type QuickMessageView } from './schemas.ts'

export const ERR_NO_QUICK_MESSAGE_FOUND = 'ERR_NO_QUICK_MESSAGE_FOUND'
export const ERR_SHORTCODE_IN_USE = 'ERR_QUICK_MESSAGE_SHORTCODE_IN_USE'

interface Row {
  id: number
  companyId: number
  userId: number | null
  shortcode: string
  message: string
  geral: boolean
  status: boolean
  mediaPath: string | null
  mediaName: string | null
  mediaType: string | null
  createdAt: Date | string
  updatedAt: Date | string
}
export interface QuickMessageInput {
  shortcode?: string
  message?: string
  geral?: boolean
  status?: boolean
}
/** An upload as the route hands it over: the file part's stream, not yet read. */
export interface Upload {
  data: NodeJS.ReadableStream
  fileName: string
  mimetype: string
}

const isAdmin = (auth: AuthInfo) => auth.profile === 'admin' || auth.super
const isUniqueViolation = (err: unknown) => (err as { code?: string })?.code === '23505'
const KINDS = ['image', 'audio', 'video'] as const
const mediaTypeOf = (mimetype: string) => KINDS.find((k) => mimetype.startsWith(`${k}/`)) ?? 'document'
// Serialises shortcode checks of one company (a private one and a company-wide one of two users).
const LOCK_SPACE = 7421
const inUse = () =>
  conflict(ERR_SHORTCODE_IN_USE, 'You already have, or the company shares, a quick message with this shortcode', {
    field: 'shortcode',
  })

function clean(input: QuickMessageInput) {
  const out: Partial<Pick<Row, 'shortcode' | 'message' | 'geral' | 'status'>> = {}
  if (input.shortcode !== undefined) {
    out.shortcode = input.shortcode.trim().replace(/^\/+/, '').trim()
    if (!out.shortcode) throw badRequest('shortcode', 'Shortcode is required')
    if (out.shortcode.length > SHORTCODE_MAX) throw tooLong('shortcode', SHORTCODE_MAX)
  }
  if (input.message !== undefined) {
    if (input.message.length > MESSAGE_MAX) throw tooLong('message', MESSAGE_MAX)
    out.message = input.message
  }
  if (input.geral !== undefined) out.geral = input.geral
  if (input.status !== undefined) out.status = input.status
  return out
}

export function createQuickMessageService(kernel: Kernel) {
  const view = (r: Row): QuickMessageView => ({
    id: r.id,
    companyId: r.companyId,
    userId: r.userId,
    shortcode: r.shortcode,
    message: r.message,
    geral: r.geral,
    status: r.status,
    isMedia: !!r.mediaPath,
    mediaPath: r.mediaPath ? kernel.storage.signedUrl(r.mediaPath) : null,
    mediaName: r.mediaName,
    mediaType: r.mediaType,
    createdAt: toIso(r.createdAt),
    updatedAt: toIso(r.updatedAt),
  })

  /** What the caller sees: their own and the company-wide ones. */
  const visible = (t: TenantDb, auth: AuthInfo) =>
    t('quick_messages').where((w) => w.where('geral', true).orWhere('userId', auth.userId))

  async function find(t: TenantDb, auth: AuthInfo, id: number): Promise<Row> {
    const r = await visible(t, auth).where({ id }).first()
    if (!r) throw notFound(ERR_NO_QUICK_MESSAGE_FOUND, 'Quick message not found')
    return r
  }

  /** Visible and the caller's to change: its author, or an admin. */
  async function editable(t: TenantDb, auth: AuthInfo, id: number): Promise<Row> {
    const r = await find(t, auth, id)
    if (r.userId !== auth.userId && !isAdmin(auth))
      throw new AppError(ErrorCodes.NO_PERMISSION, 403, 'Only its author or an admin may change this quick message')
    return r
  }

  /**
   * A shortcode names one message among what its author sees: their own and the company-wide ones
   * (so a company-wide one never clashes with what its author has, and other users' private ones
   * stay private).
   */
  async function shortcodeFree(t: TenantDb, authorId: number | null, shortcode: string, exceptId?: number) {
    await t.knex.raw('select pg_advisory_xact_lock(?, ?)', [LOCK_SPACE, t.companyId])
    const q = t('quick_messages')
      .whereRaw('lower(shortcode) = lower(?)', [shortcode])
      .where((w) => (authorId ? w.where('geral', true).orWhere('userId', authorId) : w.where('geral', true)))
    if (exceptId) q.whereNot('id', exceptId)
    if (await q.first('id')) throw inUse()
  }

  const search = (q: ReturnType<typeof visible>, searchParam = '', fields = ['shortcode', 'message']) => {
    const s = searchParam.trim().replace(/^\/+/, '')
    if (s)
      q.where((w) => {
        for (const f of fields) w.orWhereILike(f, likePattern(s))
      })
    return q
  }

  /** Writes, then announces after the commit; `before` is the row as it was. */
  async function write(auth: AuthInfo, id: number, change: (t: TenantDb, current: Row) => Promise<Partial<Row>>) {
    return kernel.unitOfWork(auth.companyId, async ({ t, emit }) => {
      const current = await editable(t, auth, id)
      const data = await change(t, current)
      let updated: Row
      try {
        ;[updated] = await t('quick_messages')
          .where({ id })
          .update({ ...data, updatedAt: new Date() })
          .returning('*')
      } catch (err) {
        throw isUniqueViolation(err) ? inUse() : err
      }
      const record = view(updated)
      emit('quickMessage.updated', { companyId: auth.companyId, record, wasGeral: current.geral })
      return { record, before: current }
    })
  }

  /** A file no row points at any more (best effort: a missing file is not an error). */
  const discard = async (key: string | null) => {
    if (!key) return
    try {
      await kernel.storage.remove(key)
    } catch (err) {
      kernel.log.warn({ err, key }, 'quick message media not removed')
    }
  }

  return {
    async get(auth: AuthInfo, id: number) {
      return view(await find(kernel.tenant(auth.companyId), auth, id))
    },

    /** GET /quick-messages: by shortcode, searching shortcode and message, a page at a time. */
    async page(auth: AuthInfo, searchParam = '', pageNumber = 1) {
      const t = kernel.tenant(auth.companyId)
      const rows: (Row & { total: string | number })[] = await search(visible(t, auth), searchParam)
        .orderByRaw('lower(shortcode)')
        .orderBy('id')
        .limit(PAGE_SIZE + 1)
        .offset(pageOffset(pageNumber))
        .select('*', t.knex.raw('count(*) OVER() AS total'))
      const count = rows.length
        ? Number(rows[0].total)
        : Number(((await search(visible(t, auth), searchParam).count({ n: '*' }).first()) as { n?: unknown })?.n ?? 0)
      return {
        records: rows.slice(0, PAGE_SIZE).map(({ total: _total, ...r }) => view(r)),
        count,
        hasMore: rows.length > PAGE_SIZE,
      }
    },

    /** GET /quick-messages/list: the composer's "/" suggestions: active ones, shortcodes that start with the text first. */
    async lookup(auth: AuthInfo, searchParam = '', limit = LOOKUP_MAX) {
      const t = kernel.tenant(auth.companyId)
      const s = searchParam.trim().replace(/^\/+/, '')
      const q = search(visible(t, auth).where('status', true), s, ['shortcode'])
      if (s) q.orderByRaw('lower(shortcode) LIKE lower(?) DESC', [`${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`])
      const rows: Row[] = await q.orderByRaw('lower(shortcode)').orderBy('id').limit(Math.min(limit, LOOKUP_MAX))
      return rows.map(view)
    },

    async create(auth: AuthInfo, input: QuickMessageInput) {
      const data = clean(input)
      return kernel.unitOfWork(auth.companyId, async ({ t, emit }) => {
        await shortcodeFree(t, auth.userId, data.shortcode!)
        let created: Row
        try {
          ;[created] = await t
            .insert('quick_messages', { message: '', geral: false, status: true, ...data, userId: auth.userId })
            .returning('*')
        } catch (err) {
          throw isUniqueViolation(err) ? inUse() : err
        }
        const record = view(created)
        emit('quickMessage.created', { companyId: auth.companyId, record })
        return record
      })
    },

    async update(auth: AuthInfo, id: number, input: QuickMessageInput) {
      const data = clean(input)
      const { record } = await write(auth, id, async (t, current) => {
        const shortcode = data.shortcode ?? current.shortcode
        const renamed = shortcode.toLowerCase() !== current.shortcode.toLowerCase()
        if (renamed || (data.geral === true && !current.geral)) await shortcodeFree(t, current.userId, shortcode, id)
        return data
      })
      return record
    },

    async remove(auth: AuthInfo, id: number) {
      const gone = await kernel.unitOfWork(auth.companyId, async ({ t, emit }) => {
        const current = await editable(t, auth, id)
        await t('quick_messages').where({ id }).delete()
        emit('quickMessage.deleted', { companyId: auth.companyId, id, userId: current.userId, geral: current.geral })
        return current
      })
      await discard(gone.mediaPath)
    },

    /** Checked before the upload is read, so a refused call stores nothing. */
    assertEditable: async (auth: AuthInfo, id: number) => {
      await editable(kernel.tenant(auth.companyId), auth, id)
    },

    /** Stores the file, then points the message at it; the file it had before is removed. */
    async attach(auth: AuthInfo, id: number, upload: Upload) {
      const file: StoredFile = await kernel.storage.put(auth.companyId, {
        data: upload.data,
        fileName: upload.fileName,
        mimetype: upload.mimetype,
        area: 'quick-messages',
      })
      try {
        const { record, before } = await write(auth, id, async () => ({
          mediaPath: file.key,
          mediaName: upload.fileName.slice(0, 255) || file.fileName,
          mediaType: mediaTypeOf(file.mimetype),
        }))
        await discard(before.mediaPath)
        return record
      } catch (err) {
        await discard(file.key)
        throw err
      }
    },

    async detach(auth: AuthInfo, id: number) {
      const { record, before } = await write(auth, id, async () => ({
        mediaPath: null,
        mediaName: null,
        mediaType: null,
      }))
      await discard(before.mediaPath)
      return record
    },

    /**
     * A deleted user's private messages are seen by nobody: gone, with their files. (The database
     * already cleared their userId; their company-wide ones stay for the others.)
     */
    async userDeleted(companyId: number) {
      const gone: { mediaPath: string | null }[] = await kernel
        .tenant(companyId)('quick_messages')
        .whereNull('userId')
        .where('geral', false)
        .delete()
        .returning('mediaPath')
      for (const g of gone) await discard(g.mediaPath)
    },
  }
}

export type QuickMessageService = ReturnType<typeof createQuickMessageService>
