import {
  AppError,
  PAGE_SIZE,
  assertKnown,
  badRequest,
  conflict,
  likePattern,
  notFound,
  pageOffset,
  parseOptionalDateTime,
  toIso,
  type Kernel,
  type UnitOfWork,
} from '@atende/sdk'
import type { ConnectionsRef } from '@atende/plugin-connections/api'
import type { TagsRef } from '@atende/plugin-tags/api'
import type { FileListsRef } from '@atende/plugin-files/api'
import type { CampaignBody } from './schemas.ts'
import type { Campaign, CampaignCounts, CampaignStatus } from './wire.ts'
import { pauseColumns, type Pause } from './pause.ts'

export const ERR_NO_CAMPAIGN_FOUND = 'ERR_NO_CAMPAIGN_FOUND'
export const ERR_CAMPAIGN_NOT_EDITABLE = 'ERR_CAMPAIGN_NOT_EDITABLE'
export const ERR_CAMPAIGN_NOT_RUNNING = 'ERR_CAMPAIGN_NOT_RUNNING'
export const ERR_CAMPAIGN_NOT_CANCELLED = 'ERR_CAMPAIGN_NOT_CANCELLED'
export const ERR_CAMPAIGN_NOT_STARTABLE = 'ERR_CAMPAIGN_NOT_STARTABLE'
/** A PROGRAMADA campaign can be changed until an hour before it starts. */
export const EDIT_LOCK_MS = 60 * 60 * 1000

export interface CampaignRow {
  id: number
  companyId: number
  name: string
  message1: string
  message2: string
  message3: string
  message4: string
  message5: string
  status: CampaignStatus
  scheduledAt: Date | string | null
  startedAt: Date | string | null
  resumedAt?: Date | string | null
  completedAt: Date | string | null
  whatsappId: number | null
  contactListId: number | null
  tagListId: number | null
  fileListId: number | null
  mediaPath: string | null
  mediaName: string | null
  pauseReason: string
  pause: Pause | null
  createdAt: Date | string
  updatedAt: Date | string
}

const iso = (d: Date | string | null) => (d ? toIso(d) : null)
export const messagesOf = (c: Pick<CampaignRow, `message${1 | 2 | 3 | 4 | 5}`>) =>
  [c.message1, c.message2, c.message3, c.message4, c.message5].map((m, i) => ({ index: i + 1, text: m.trim() }))

export function editable(c: Pick<CampaignRow, 'status' | 'scheduledAt'>, now = Date.now()) {
  if (c.status === 'INATIVA' || c.status === 'CANCELADA') return true
  return c.status === 'PROGRAMADA' && !!c.scheduledAt && new Date(c.scheduledAt).getTime() - now > EDIT_LOCK_MS
}

const NO_COUNTS: CampaignCounts = { total: 0, pending: 0, sent: 0, delivered: 0, read: 0, failed: 0 }

/** Campaign records. Every query is scoped to the caller's company. */
export function createCampaignService(kernel: Kernel) {
  const connections = () => kernel.services.get<ConnectionsRef>('connections')

  async function counts(companyId: number, ids: number[]) {
    const out = new Map<number, CampaignCounts>()
    const variants = new Map<number, Map<number, { variant: number; total: number; sent: number }>>()
    if (!ids.length) return { out, variants }
    const rows: { campaignId: number; status: string; variant: number; n: string | number }[] = await kernel
      .tenant(companyId)('campaign_recipients')
      .whereIn('campaignId', ids)
      .groupBy('campaignId', 'status', 'variant')
      .select('campaignId', 'status', 'variant')
      .count({ n: '*' })
    for (const r of rows) {
      const c = out.get(r.campaignId) ?? { ...NO_COUNTS }
      const n = Number(r.n)
      const perVariant = variants.get(r.campaignId) ?? new Map()
      const v = perVariant.get(r.variant) ?? { variant: r.variant, total: 0, sent: 0 }
      v.total += n
      if (['sent', 'delivered', 'read'].includes(r.status)) v.sent += n
      perVariant.set(r.variant, v)
      variants.set(r.campaignId, perVariant)
      c.total += n
      if (r.status === 'pending' || r.status === 'sending' || r.status === 'queued') c.pending += n
      else if (r.status in c) c[r.status as keyof CampaignCounts] += n
      out.set(r.campaignId, c)
    }
    // Delivered counts what was read too; sent counts what went further.
    for (const c of out.values()) {
      c.delivered += c.read
      c.sent += c.delivered
    }
    return { out, variants }
  }

  async function views(companyId: number, rows: CampaignRow[]): Promise<Campaign[]> {
    const t = kernel.tenant(companyId)
    const listIds = [...new Set(rows.map((r) => r.contactListId).filter((x): x is number => !!x))]
    const lists = new Map<number, string>(
      listIds.length
        ? (await t('contact_lists').whereIn('id', listIds).select('id', 'name')).map(
            (l: { id: number; name: string }) => [l.id, l.name],
          )
        : [],
    )
    const connIds = [...new Set(rows.map((r) => r.whatsappId).filter((x): x is number => !!x))]
    const conns = new Map(
      (
        await Promise.all(
          connIds.map((id) =>
            connections()
              .get(companyId, id)
              .catch(() => null),
          ),
        )
      ).flatMap((c) => (c ? [[c.id, c.name] as const] : [])),
    )
    const tallies = await counts(
      companyId,
      rows.map((r) => r.id),
    )
    return rows.map(({ resumedAt: _resumed, ...r }) => ({
      ...r,
      pause: typeof r.pause === 'string' ? (JSON.parse(r.pause) as Pause) : (r.pause ?? null),
      scheduledAt: iso(r.scheduledAt),
      startedAt: iso(r.startedAt),
      completedAt: iso(r.completedAt),
      mediaPath: r.mediaPath ? kernel.storage.signedUrl(r.mediaPath) : null,
      editable: editable(r),
      contactList:
        r.contactListId && lists.has(r.contactListId)
          ? { id: r.contactListId, name: lists.get(r.contactListId)! }
          : null,
      whatsapp: r.whatsappId && conns.has(r.whatsappId) ? { id: r.whatsappId, name: conns.get(r.whatsappId)! } : null,
      counts: tallies.out.get(r.id) ?? { ...NO_COUNTS },
      variants: [...(tallies.variants.get(r.id)?.values() ?? [])].sort((a, b) => a.variant - b.variant),
      createdAt: toIso(r.createdAt),
      updatedAt: toIso(r.updatedAt),
    }))
  }

  /** The row a body writes, picked field by field and checked. */
  async function fields(companyId: number, body: CampaignBody, current?: CampaignRow) {
    const name = body.name.trim()
    if (name.length < 2) throw badRequest('name', 'Muito curto!')
    const t = kernel.tenant(companyId)
    await assertKnown(companyId, body.whatsappId, connections().ownedBy, { field: 'whatsappId' })
    await t.assertOwned('contact_lists', body.contactListId, { field: 'contactListId' })
    await assertKnown(companyId, body.tagListId, kernel.services.find<TagsRef>('tags')?.ownedBy, {
      field: 'tagListId',
    })
    if (body.fileListId) {
      const files = kernel.services.find<FileListsRef>('fileLists')
      if (!files)
        throw new AppError('ERR_FILE_LISTS_UNAVAILABLE', 400, 'File lists are not available', { field: 'fileListId' })
      if (!(await files.exists(companyId, body.fileListId))) throw badRequest('fileListId', 'No such file list')
    }
    const row = {
      name,
      message1: body.message1 ?? current?.message1 ?? '',
      message2: body.message2 ?? current?.message2 ?? '',
      message3: body.message3 ?? current?.message3 ?? '',
      message4: body.message4 ?? current?.message4 ?? '',
      message5: body.message5 ?? current?.message5 ?? '',
      scheduledAt:
        body.scheduledAt === undefined
          ? (current?.scheduledAt ?? null)
          : parseOptionalDateTime(body.scheduledAt, 'scheduledAt'),
      whatsappId: body.whatsappId === undefined ? (current?.whatsappId ?? null) : body.whatsappId,
      contactListId: body.contactListId === undefined ? (current?.contactListId ?? null) : body.contactListId,
      tagListId: body.tagListId === undefined ? (current?.tagListId ?? null) : body.tagListId,
      fileListId: body.fileListId === undefined ? (current?.fileListId ?? null) : body.fileListId,
    }
    // What starting needs, asked when a start is set (a draft may be incomplete).
    if (row.scheduledAt) ready(row)
    return row
  }

  /** A campaign can start: a connection, an audience and a message (400 naming what is missing). */
  type Startable = Pick<CampaignRow, 'whatsappId' | 'contactListId' | 'tagListId'> & Parameters<typeof messagesOf>[0]
  function ready(row: Startable) {
    if (!row.whatsappId) throw badRequest('whatsappId', 'Choose the connection that sends')
    if (!row.contactListId && !row.tagListId)
      throw badRequest('contactListId', 'Choose the contact list or the tag to send to')
    if (!messagesOf(row).some((m) => m.text)) throw badRequest('message1', 'Write at least one message')
  }

  async function find(uow: UnitOfWork | null, companyId: number, id: number, lock = false): Promise<CampaignRow> {
    const q = (uow ? uow.t : kernel.tenant(companyId))('campaigns').where({ id })
    if (lock) q.forUpdate()
    const row = await q.first()
    if (!row) throw notFound(ERR_NO_CAMPAIGN_FOUND, 'Campaign not found')
    return row
  }

  /**
   * Save and announce, inside one unit of work. The event carries the row and, for a change, the
   * row as it was under the lock: the audit log records what changed (status EM_ANDAMENTO →
   * CANCELADA) from them.
   */
  async function saved(
    uow: UnitOfWork,
    companyId: number,
    row: CampaignRow,
    action: 'create' | 'update',
    before?: CampaignRow,
  ) {
    uow.emit('campaign.saved', {
      companyId,
      action,
      campaignId: row.id,
      campaign: { ...row },
      before: before && { ...before },
    })
    return row
  }

  return {
    views,
    find: (companyId: number, id: number) => find(null, companyId, id),

    async page(companyId: number, searchParam = '', pageNumber = 1) {
      const q = kernel.tenant(companyId)('campaigns')
      const s = searchParam.trim()
      if (s) q.whereILike('name', likePattern(s))
      const rows: CampaignRow[] = await q
        .orderBy([{ column: 'name' }, { column: 'id' }])
        .limit(PAGE_SIZE + 1)
        .offset(pageOffset(pageNumber))
      return { records: await views(companyId, rows.slice(0, PAGE_SIZE)), hasMore: rows.length > PAGE_SIZE }
    },

    async get(companyId: number, id: number) {
      return (await views(companyId, [await find(null, companyId, id)]))[0]
    },

    async create(companyId: number, body: CampaignBody) {
      const data = await fields(companyId, body)
      const row = await kernel.unitOfWork(companyId, async (uow) => {
        const [row] = await uow.t
          .insert('campaigns', { ...data, status: data.scheduledAt ? 'PROGRAMADA' : 'INATIVA' })
          .returning('*')
        return saved(uow, companyId, row, 'create')
      })
      return (await views(companyId, [row]))[0]
    },

    async update(companyId: number, id: number, body: CampaignBody) {
      const current = await find(null, companyId, id)
      if (!editable(current))
        throw conflict(
          ERR_CAMPAIGN_NOT_EDITABLE,
          'A campaign that started, or starts within an hour, cannot be changed',
        )
      const data = await fields(companyId, body, current)
      const row = await kernel.unitOfWork(companyId, async (uow) => {
        const locked = await find(uow, companyId, id, true)
        if (!editable(locked)) throw conflict(ERR_CAMPAIGN_NOT_EDITABLE, 'The campaign started meanwhile')
        // A draft given a start is scheduled; a cancelled one stays cancelled (restart sends it).
        const status: CampaignStatus =
          locked.status === 'CANCELADA' ? 'CANCELADA' : data.scheduledAt ? 'PROGRAMADA' : 'INATIVA'
        const [row] = await uow
          .t('campaigns')
          .where({ id })
          .update({ ...data, status, updatedAt: new Date() })
          .returning('*')
        return saved(uow, companyId, row, 'update', locked)
      })
      return (await views(companyId, [row]))[0]
    },

    /**
     * "Start now" for a draft (INATIVA) or a scheduled campaign (PROGRAMADA): due at once, the
     * engine's next tick starts it. 400 naming what is missing; 409 in any other status.
     */
    async start(companyId: number, id: number) {
      const row = await kernel.unitOfWork(companyId, async (uow) => {
        const c = await find(uow, companyId, id, true)
        if (c.status !== 'INATIVA' && c.status !== 'PROGRAMADA')
          throw conflict(ERR_CAMPAIGN_NOT_STARTABLE, 'Only a draft or scheduled campaign can be started now')
        ready(c)
        const [row] = await uow
          .t('campaigns')
          .where({ id })
          .update({ status: 'PROGRAMADA', scheduledAt: new Date(), updatedAt: new Date() })
          .returning('*')
        return saved(uow, companyId, row, 'update', c)
      })
      return (await views(companyId, [row]))[0]
    },

    /** Stops sending within one interval: the engine reads the status before every message. */
    async cancel(companyId: number, id: number) {
      const row = await kernel.unitOfWork(companyId, async (uow) => {
        const c = await find(uow, companyId, id, true)
        if (c.status !== 'EM_ANDAMENTO' && c.status !== 'PROGRAMADA')
          throw conflict(ERR_CAMPAIGN_NOT_RUNNING, 'Only a running or scheduled campaign can be cancelled')
        const [row] = await uow
          .t('campaigns')
          .where({ id })
          .update({ status: 'CANCELADA', updatedAt: new Date() })
          .returning('*')
        return saved(uow, companyId, row, 'update', c)
      })
      return (await views(companyId, [row]))[0]
    },

    /** Goes on where it stopped: recipients already sent stay sent. */
    async restart(companyId: number, id: number) {
      const row = await kernel.unitOfWork(companyId, async (uow) => {
        const c = await find(uow, companyId, id, true)
        if (c.status !== 'CANCELADA')
          throw conflict(ERR_CAMPAIGN_NOT_CANCELLED, 'Only a cancelled campaign can be restarted')
        ready(c)
        const [row] = await uow
          .t('campaigns')
          .where({ id })
          .update({
            // Its audience is frozen when it first starts: a campaign that ran goes on at once.
            status: c.startedAt ? 'EM_ANDAMENTO' : 'PROGRAMADA',
            resumedAt: new Date(),
            scheduledAt: c.scheduledAt && new Date(c.scheduledAt) > new Date() ? c.scheduledAt : new Date(),
            ...pauseColumns(null),
            completedAt: null,
            updatedAt: new Date(),
          })
          .returning('*')
        return saved(uow, companyId, row, 'update', c)
      })
      return (await views(companyId, [row]))[0]
    },

    async remove(companyId: number, id: number) {
      await kernel.unitOfWork(companyId, async (uow) => {
        const rows = await uow.t('campaigns').where({ id }).delete().returning(['id', 'mediaPath'])
        if (!rows.length) throw notFound(ERR_NO_CAMPAIGN_FOUND, 'Campaign not found')
        uow.emit('campaign.deleted', { companyId, campaignId: id })
      })
    },

    async setMedia(companyId: number, id: number, media: { key: string; fileName: string } | null) {
      const current = await find(null, companyId, id)
      if (!editable(current)) throw conflict(ERR_CAMPAIGN_NOT_EDITABLE, 'The campaign cannot be changed now')
      const row = await kernel.unitOfWork(companyId, async (uow) => {
        const [row] = await uow
          .t('campaigns')
          .where({ id })
          .update({ mediaPath: media?.key ?? null, mediaName: media?.fileName ?? null, updatedAt: new Date() })
          .returning('*')
        return saved(uow, companyId, row, 'update', current)
      })
      if (current.mediaPath && current.mediaPath !== media?.key)
        await kernel.storage.remove(current.mediaPath).catch(() => {})
      return (await views(companyId, [row]))[0]
    },
  }
}

export type CampaignService = ReturnType<typeof createCampaignService>
