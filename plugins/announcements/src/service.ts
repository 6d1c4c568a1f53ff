import { existsSync } from 'node:fs'
import {
  PAGE_SIZE,
  badRequest,
  likePattern,
  notFound,
  pageOffset,
  toIso,
  type AuthInfo,
  type Kernel,
} from '@atende/sdk'
import { CONTENT_REQUIRED, DEFAULT_TEXT, PRIORITY_DEFAULT, type Announcement, type RichBlock } from './api.ts'
import type { CreateBody, UpdateBody } from './schemas.ts'

/** Translated by the client (modules/announcements/src/i18n, `errors.` keys). */
export const NOT_FOUND = 'ERR_NO_ANNOUNCEMENT_FOUND'
export const FILE_TYPE = 'ERR_FILE_TYPE_NOT_ALLOWED'
/** Where announcement files live in kernel.storage (under the super user's company). */
export const AREA = 'announcements'

interface Row {
  id: number
  title: string
  text: string
  richContent: RichBlock[] | string
  priority: number
  status: boolean
  mediaPath: string | null
  mediaName: string | null
  createdAt: Date | string
  updatedAt: Date | string
}
const TABLE = 'announcements'

/** Image types taken, by their first bytes (never the name or the declared type). */
export function imageTypeOf(bytes: Buffer): { mimetype: string; ext: string } | null {
  const ascii = (at: number, s: string) =>
    bytes.length >= at + s.length && bytes.toString('latin1', at, at + s.length) === s
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return { mimetype: 'image/png', ext: 'png' }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return { mimetype: 'image/jpeg', ext: 'jpg' }
  if (ascii(0, 'GIF87a') || ascii(0, 'GIF89a')) return { mimetype: 'image/gif', ext: 'gif' }
  if (ascii(0, 'RIFF') && ascii(8, 'WEBP')) return { mimetype: 'image/webp', ext: 'webp' }
  return null
}

/** A signed media URL as kernel.storage.signedUrl makes it (relative, or absolute on any host): its key. */
const SIGNED = /^(?:https?:\/\/[^/?#]+)?\/api\/media\/([A-Za-z0-9._\-/]+)\?exp=[0-9]{1,12}&sig=[A-Za-z0-9_-]{43}$/

const blocksOf = (raw: Row['richContent']): RichBlock[] => (typeof raw === 'string' ? JSON.parse(raw) : raw) ?? []

const uploadName = (fileName: string, ext: string) =>
  `${(fileName || 'image').replace(/\.[^.]*$/, '').slice(0, 200) || 'image'}.${ext}`

export function createAnnouncementService(kernel: Kernel) {
  const db = kernel.db

  /** Stored blocks hold storage keys; answers hold signed URLs made at read time. */
  const view = (r: Row): Announcement => ({
    id: r.id,
    title: r.title,
    text: r.text,
    richContent: blocksOf(r.richContent).map((b) =>
      b.type === 'image' ? { ...b, content: kernel.storage.signedUrl(b.content) } : b,
    ),
    priority: r.priority,
    status: r.status,
    mediaPath: r.mediaPath ? kernel.storage.signedUrl(r.mediaPath) : null,
    mediaName: r.mediaName,
    createdAt: toIso(r.createdAt),
    updatedAt: toIso(r.updatedAt),
  })

  /** An image block's URL → its key: one of our signed announcement files that exists, else 400. */
  function imageKey(url: string, field: string) {
    const key = SIGNED.exec(url.trim())?.[1]
    const ok =
      !!key &&
      !key.split('/').includes('..') &&
      kernel.storage.companyOf(key) !== null &&
      key.split('/')[1] === AREA &&
      (() => {
        try {
          return existsSync(kernel.storage.path(key))
        } catch {
          return false
        }
      })()
    if (!ok) throw badRequest(field, 'Images must be uploaded through rich-content-upload (our own signed media URL)')
    return key!
  }

  /** Each block checked and reduced to its kind's fields; image URLs become storage keys. */
  function cleanBlocks(blocks: RichBlock[]): RichBlock[] {
    const ids = new Set<string>()
    return blocks.map((b, i) => {
      const at = `richContent.${i}`
      if (ids.has(b.id)) throw badRequest(`${at}.id`, 'Block ids must be unique')
      ids.add(b.id)
      if (b.type === 'text') {
        const content = b.content.trim()
        if (!content) throw badRequest(`${at}.content`, 'A text block needs text')
        return { id: b.id, type: 'text', content, style: b.style ?? 'paragraph' }
      }
      const size = b.size ?? 'medium'
      if (size === 'custom') {
        if (b.customWidth === undefined) throw badRequest(`${at}.customWidth`, 'A custom size needs a width (50–1000)')
        if (b.customHeight === undefined)
          throw badRequest(`${at}.customHeight`, 'A custom size needs a height (50–800)')
      }
      return {
        id: b.id,
        type: 'image',
        content: imageKey(b.content, `${at}.content`),
        size,
        position: b.position ?? 'center',
        textWrap: b.textWrap ?? false,
        ...(size === 'custom' ? { customWidth: b.customWidth, customHeight: b.customHeight } : {}),
        caption: (b.caption ?? '').trim(),
      }
    })
  }

  /** Text, or rich content (then text comes from the text blocks or a default). */
  function settleText(text: string, blocks: RichBlock[]) {
    const trimmed = text.trim()
    if (trimmed) return trimmed
    if (!blocks.length) throw badRequest('text', CONTENT_REQUIRED)
    const fromBlocks = blocks
      .filter((b) => b.type === 'text')
      .map((b) => b.content)
      .join('\n')
      .slice(0, 20_000)
    return fromBlocks || DEFAULT_TEXT
  }

  function cleanTitle(title: string) {
    const trimmed = title.trim()
    if (!trimmed) throw badRequest('title', 'Obrigatório')
    return trimmed
  }

  /** Non-super users reach only active announcements; anything else is "not found". */
  async function find(auth: AuthInfo | null, id: number): Promise<Row> {
    const q = db(TABLE).where({ id })
    if (auth && !auth.super) q.andWhere({ status: true })
    const row = await q.first()
    if (!row) throw notFound(NOT_FOUND, 'Announcement not found')
    return row
  }

  async function discard(keys: (string | null | undefined)[]) {
    for (const key of keys)
      if (key)
        await kernel.storage.remove(key).catch((err) => kernel.log.warn({ err, key }, 'announcement file not removed'))
  }
  const imageKeys = (blocks: RichBlock[]) => blocks.filter((b) => b.type === 'image').map((b) => b.content)

  async function emit(action: 'create' | 'update' | 'delete', row: Row) {
    const record = view(row)
    await kernel.bus.emit('announcement.saved', {
      action: action === 'delete' || !record.status ? 'delete' : action,
      id: row.id,
      record: action === 'delete' ? null : record,
    })
  }

  function search(auth: AuthInfo, searchParam = '') {
    const q = db(TABLE)
    if (!auth.super) q.where({ status: true })
    const s = searchParam.trim()
    if (s) q.where((w) => w.whereILike('title', likePattern(s)).orWhereILike('text', likePattern(s)))
    return q
  }

  async function save(id: number, patch: Record<string, unknown>) {
    const [row]: Row[] = await db(TABLE)
      .where({ id })
      .update({ ...patch, updatedAt: new Date() })
      .returning('*')
    if (!row) throw notFound(NOT_FOUND, 'Announcement not found')
    return row
  }

  return {
    async get(auth: AuthInfo, id: number) {
      return view(await find(auth, id))
    },

    /** By priority (1 first), then newest; the super user sees all, others the active ones. */
    async page(auth: AuthInfo, searchParam = '', pageNumber = 1) {
      const rows: Row[] = await search(auth, searchParam)
        .orderBy([
          { column: 'priority', order: 'asc' },
          { column: 'createdAt', order: 'desc' },
          { column: 'id', order: 'desc' },
        ])
        .limit(PAGE_SIZE + 1)
        .offset(pageOffset(pageNumber))
        .select('*')
      const total = (await search(auth, searchParam).count({ n: '*' }).first()) as { n: number | string } | undefined
      return {
        records: rows.slice(0, PAGE_SIZE).map(view),
        hasMore: rows.length > PAGE_SIZE,
        count: Number(total?.n ?? 0),
      }
    },

    async create(input: CreateBody) {
      const blocks = cleanBlocks(input.richContent ?? [])
      const [row]: Row[] = await db(TABLE)
        .insert({
          title: cleanTitle(input.title),
          text: settleText(input.text ?? '', blocks),
          richContent: JSON.stringify(blocks),
          priority: input.priority ?? PRIORITY_DEFAULT,
          status: input.status ?? true,
        })
        .returning('*')
      await emit('create', row!)
      return view(row!)
    },

    async update(id: number, input: UpdateBody) {
      const before = await find(null, id)
      const oldBlocks = blocksOf(before.richContent)
      const blocks = input.richContent !== undefined ? cleanBlocks(input.richContent) : oldBlocks
      const patch: Record<string, unknown> = {}
      if (input.title !== undefined) patch.title = cleanTitle(input.title)
      if (input.text !== undefined || input.richContent !== undefined)
        patch.text = settleText(input.text ?? before.text, blocks)
      if (input.richContent !== undefined) patch.richContent = JSON.stringify(blocks)
      if (input.priority !== undefined) patch.priority = input.priority
      if (input.status !== undefined) patch.status = input.status
      const row = await save(id, patch)
      const kept = new Set(imageKeys(blocks))
      await discard(imageKeys(oldBlocks).filter((k) => !kept.has(k)))
      await emit('update', row)
      return view(row)
    },

    async remove(id: number) {
      const [row]: Row[] = await db(TABLE).where({ id }).delete().returning('*')
      if (!row) throw notFound(NOT_FOUND, 'Announcement not found')
      await discard([row.mediaPath, ...imageKeys(blocksOf(row.richContent))])
      await emit('delete', row)
    },

    assertExists: (id: number) => find(null, id),

    /** The attachment (png, jpg, jpeg by its bytes) replaces the one it had. */
    async attach(auth: AuthInfo, id: number, upload: { bytes: Buffer; fileName: string }) {
      const type = imageTypeOf(upload.bytes)
      if (!type || type.mimetype === 'image/gif' || type.mimetype === 'image/webp')
        throw badRequest('file', 'Only png, jpg and jpeg files are accepted', FILE_TYPE)
      const fileName = uploadName(upload.fileName, type.ext)
      const file = await kernel.storage.put(auth.companyId, {
        data: upload.bytes,
        fileName,
        mimetype: type.mimetype,
        allow: ['image'],
        area: AREA,
      })
      let before: Row
      let row: Row
      try {
        before = await find(null, id)
        row = await save(id, { mediaPath: file.key, mediaName: fileName })
      } catch (err) {
        await discard([file.key])
        throw err
      }
      await discard([before.mediaPath])
      await emit('update', row)
      return view(row)
    },

    async detach(id: number) {
      const before = await find(null, id)
      const row = await save(id, { mediaPath: null, mediaName: null })
      await discard([before.mediaPath])
      await emit('update', row)
      return view(row)
    },

    /** An image for a block: stored, and its signed URL returned for the block's content. */
    async richImage(auth: AuthInfo, upload: { bytes: Buffer; fileName: string }) {
      const type = imageTypeOf(upload.bytes)
      if (!type) throw badRequest('richContentImage', 'Only images are accepted (png, jpg, gif, webp)', FILE_TYPE)
      const file = await kernel.storage.put(auth.companyId, {
        data: upload.bytes,
        fileName: uploadName(upload.fileName, type.ext),
        mimetype: type.mimetype,
        allow: ['image'],
        area: AREA,
      })
      return kernel.storage.signedUrl(file.key)
    },
  }
}

export type AnnouncementService = ReturnType<typeof createAnnouncementService>
