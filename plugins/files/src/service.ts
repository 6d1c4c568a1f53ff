import {
  PAGE_SIZE,
  badRequest,
  conflict,
  likePattern,
  notFound,
  pageOffset,
  toIso,
  type Kernel,
  type StoredFile,
  type TenantDb,
  type UnitOfWork,
} from '@atende/sdk'
import {
  FileErrors,
  NAME_MIN,
  OPTIONS_MAX,
  OPTION_NAME_MAX,
  type FileList,
  type FileListForSending,
  type FileListOption,
  type FileListsApi,
  type MediaType,
} from './api.ts'
import type { CreateBody, UpdateBody } from './schemas.ts'

interface ListRow {
  id: number
  companyId: number
  name: string
  message: string
  createdAt: Date | string
  updatedAt: Date | string
}
interface OptionRow {
  id: number
  companyId: number
  fileId: number
  name: string
  path: string | null
  mediaName: string | null
  mediaType: MediaType | null
  mimetype: string | null
  position: number
}
/** A file already in storage, waiting to be given to an option (uploadList). */
export interface StoredUpload {
  file: StoredFile
  /** The option it replaces the file of (`id` field), or null for a new option. */
  optionId: number | null
  /** The option's name (`name` field); a new option without one is named after the file. */
  name: string
  uploadedName: string
}

const LISTS = 'file_lists'
const OPTIONS = 'file_list_options'
const LIST_COLUMNS = ['id', 'companyId', 'name', 'message', 'createdAt', 'updatedAt']
const KINDS = ['image', 'audio', 'video'] as const
export const mediaTypeOf = (mimetype: string): MediaType =>
  KINDS.find((k) => mimetype.startsWith(`${k}/`)) ?? 'document'
const isUniqueViolation = (err: unknown) => (err as { code?: string })?.code === '23505'
const nameInUse = () =>
  conflict(FileErrors.NAME_IN_USE, 'The company already has a file list with this name', { field: 'name' })
const missing = () => notFound(FileErrors.NOT_FOUND, 'File list not found')

function cleanName(name: string) {
  const trimmed = name.trim()
  if (!trimmed) throw badRequest('name', 'Name is required')
  if (trimmed.length < NAME_MIN) throw badRequest('name', `Name must have at least ${NAME_MIN} characters`)
  return trimmed
}
function cleanMessage(message: string) {
  if (!message.trim()) throw badRequest('message', 'Message is required')
  return message
}
function cleanOptions(options: NonNullable<CreateBody['options']>) {
  return options.map((o, i) => {
    const name = o.name.trim()
    if (!name) throw badRequest(`options.${i}.name`, 'Each option needs a name')
    return { id: o.id ?? null, name }
  })
}

/** Every query goes through kernel.tenant(companyId) (or the unit of work's): another company's id is simply not found. */
export function createFileListService(kernel: Kernel) {
  const optionView = (o: OptionRow): FileListOption => ({
    id: o.id,
    fileId: o.fileId,
    name: o.name,
    path: o.path ? kernel.storage.signedUrl(o.path) : null,
    mediaType: o.mediaType,
    mimetype: o.mimetype,
    mediaName: o.mediaName,
  })
  const view = (r: ListRow, options: OptionRow[]): FileList => ({
    id: r.id,
    companyId: r.companyId,
    name: r.name,
    message: r.message,
    options: options.filter((o) => o.fileId === r.id).map(optionView),
    createdAt: toIso(r.createdAt),
    updatedAt: toIso(r.updatedAt),
  })

  const optionsOf = (t: TenantDb, ids: number[]): Promise<OptionRow[]> =>
    ids.length ? t(OPTIONS).whereIn('fileId', ids).orderBy(['fileId', 'position', 'id']) : Promise.resolve([])

  async function find(t: TenantDb, id: number): Promise<ListRow> {
    const row = await t(LISTS).where({ id }).first(LIST_COLUMNS)
    if (!row) throw missing()
    return row
  }
  /** The row locked for this write (two edits of one list take turns). */
  async function findForUpdate(t: TenantDb, id: number): Promise<ListRow> {
    const row = await t(LISTS).where({ id }).forUpdate().first(LIST_COLUMNS)
    if (!row) throw missing()
    return row
  }
  const read = async (t: TenantDb, id: number) => {
    const row = await find(t, id)
    return view(row, await optionsOf(t, [id]))
  }

  function search(t: TenantDb, searchParam = '') {
    const q = t(LISTS)
    const s = searchParam.trim()
    if (s) q.where((w) => w.whereILike('name', likePattern(s)).orWhereILike('message', likePattern(s)))
    return q
  }

  /** Files no option points at any more (best effort, after the commit: a missing file is no error). */
  async function discard(keys: (string | null)[]) {
    for (const key of keys) {
      if (!key) continue
      await kernel.storage.remove(key).catch((err) => kernel.log.warn({ err, key }, 'file list file not removed'))
    }
  }

  /**
   * Makes the list's options the given ones, in that order: an entry with an id keeps that
   * option (and its file) under the new name, one without is a new option with no file yet,
   * the options not named are deleted. Returns the keys of the files deleted with them.
   */
  async function setOptions(t: TenantDb, fileId: number, wanted: { id: number | null; name: string }[]) {
    const current: OptionRow[] = await t(OPTIONS).where({ fileId })
    const byId = new Map(current.map((o) => [o.id, o]))
    const seen = new Set<number>()
    wanted.forEach((o, i) => {
      if (o.id === null) return
      if (!byId.has(o.id) || seen.has(o.id))
        throw badRequest(`options.${i}.id`, 'Not an option of this file list', FileErrors.OPTION_NOT_FOUND)
      seen.add(o.id)
    })
    const gone = current.filter((o) => !seen.has(o.id))
    if (gone.length)
      await t(OPTIONS)
        .whereIn(
          'id',
          gone.map((o) => o.id),
        )
        .delete()
    for (const [position, o] of wanted.entries()) {
      if (o.id !== null) await t(OPTIONS).where({ id: o.id }).update({ name: o.name, position, updatedAt: new Date() })
      else await t.insert(OPTIONS, { fileId, name: o.name, position })
    }
    return gone.map((o) => o.path)
  }

  /** A write in one transaction, its event after the commit, then the files it orphaned removed. */
  async function write(
    companyId: number,
    work: (uow: UnitOfWork) => Promise<{ id: number; orphaned: (string | null)[]; created?: boolean }>,
  ) {
    const { record, orphaned } = await kernel.unitOfWork(companyId, async (uow) => {
      let out: Awaited<ReturnType<typeof work>>
      try {
        out = await work(uow)
      } catch (err) {
        throw isUniqueViolation(err) ? nameInUse() : err
      }
      const record = await read(uow.t, out.id)
      uow.emit(out.created ? 'fileList.created' : 'fileList.updated', { companyId, record })
      return { record, orphaned: out.orphaned }
    })
    await discard(orphaned)
    return record
  }

  const api: FileListsApi = {
    async get(companyId, id, uow) {
      const t = uow?.t ?? kernel.tenant(companyId)
      const row = await t(LISTS).where({ id }).first(LIST_COLUMNS)
      if (!row) return null
      const options = (await optionsOf(t, [id])).filter((o) => o.path)
      return {
        id: row.id,
        name: row.name,
        message: row.message,
        options: options.map((o) => ({
          name: o.name,
          mediaKey: o.path!,
          mediaType: o.mediaType ?? 'document',
          mimetype: o.mimetype ?? kernel.storage.mimetypeOf(o.path!),
          fileName: o.mediaName ?? o.name,
        })),
      } satisfies FileListForSending
    },
    async exists(companyId, id, uow) {
      const t = uow?.t ?? kernel.tenant(companyId)
      return !!(await t(LISTS).where({ id }).first('id'))
    },
  }

  return {
    api,

    async get(companyId: number, id: number) {
      return read(kernel.tenant(companyId), id)
    },

    /** A page by name (then id, so pages never overlap), with the total of the search. */
    async page(companyId: number, searchParam = '', pageNumber = 1) {
      const t = kernel.tenant(companyId)
      const rows: ListRow[] = await search(t, searchParam)
        .orderByRaw('lower(name)')
        .orderBy('id')
        .limit(PAGE_SIZE + 1)
        .offset(pageOffset(pageNumber))
        .select(LIST_COLUMNS)
      const total = (await search(t, searchParam).count({ n: '*' }).first()) as { n: number | string } | undefined
      const shown = rows.slice(0, PAGE_SIZE)
      const options = await optionsOf(
        t,
        shown.map((r) => r.id),
      )
      return {
        files: shown.map((r) => view(r, options)),
        count: Number(total?.n ?? 0),
        hasMore: rows.length > PAGE_SIZE,
      }
    },

    async create(companyId: number, input: CreateBody) {
      const name = cleanName(input.name)
      const message = cleanMessage(input.message)
      const options = cleanOptions(input.options ?? [])
      if (options.some((o) => o.id !== null))
        throw badRequest('options', 'A new file list has no options to keep yet', FileErrors.OPTION_NOT_FOUND)
      return write(companyId, async ({ t }) => {
        // t.insert stamps the caller's companyId on the row.
        const [row] = await t.insert(LISTS, { name, message }).returning('id')
        await setOptions(t, row.id, options)
        return { id: row.id, orphaned: [], created: true }
      })
    },

    async update(companyId: number, id: number, input: UpdateBody) {
      // Picked by name: a body is never spread into a write.
      const data: { name?: string; message?: string } = {}
      if (input.name !== undefined) data.name = cleanName(input.name)
      if (input.message !== undefined) data.message = cleanMessage(input.message)
      const options = input.options === undefined ? undefined : cleanOptions(input.options)
      return write(companyId, async ({ t }) => {
        await findForUpdate(t, id)
        await t(LISTS)
          .where({ id })
          .update({ ...data, updatedAt: new Date() })
        const orphaned = options ? await setOptions(t, id, options) : []
        return { id, orphaned }
      })
    },

    /** Deletes the list, its options and their stored files. */
    async remove(companyId: number, id: number) {
      const keys = await kernel.unitOfWork(companyId, async ({ t, emit }) => {
        await findForUpdate(t, id)
        const gone: { path: string | null }[] = await t(OPTIONS).where({ fileId: id }).delete().returning('path')
        await t(LISTS).where({ id }).delete()
        emit('fileList.deleted', { companyId, id })
        return gone.map((g) => g.path)
      })
      await discard(keys)
    },

    /** Checked before an upload is read, so a refused call stores nothing. */
    async assertExists(companyId: number, id: number) {
      await find(kernel.tenant(companyId), id)
    },

    /**
     * Gives stored files to the list's options: each replaces the file of the option it names,
     * or becomes a new option at the end. On any refusal nothing changes and the files are removed.
     */
    async attach(companyId: number, id: number, uploads: StoredUpload[]) {
      try {
        return await write(companyId, async ({ t }) => {
          await findForUpdate(t, id)
          const current: OptionRow[] = await t(OPTIONS).where({ fileId: id })
          const byId = new Map(current.map((o) => [o.id, o]))
          const added = uploads.filter((u) => u.optionId === null).length
          if (current.length + added > OPTIONS_MAX)
            throw badRequest('files', `A file list has at most ${OPTIONS_MAX} options`, FileErrors.TOO_MANY_OPTIONS)
          let position = current.reduce((max, o) => Math.max(max, o.position), -1)
          const orphaned: (string | null)[] = []
          const replaced = new Set<number>()
          for (const [i, u] of uploads.entries()) {
            const media = {
              path: u.file.key,
              mediaName: u.uploadedName.slice(0, 255) || u.file.fileName,
              mimetype: u.file.mimetype.slice(0, 127),
              mediaType: mediaTypeOf(u.file.mimetype),
              updatedAt: new Date(),
            }
            if (u.optionId !== null) {
              const option = byId.get(u.optionId)
              if (!option || replaced.has(option.id))
                throw badRequest(`id.${i}`, 'Not an option of this file list (once)', FileErrors.OPTION_NOT_FOUND)
              replaced.add(option.id)
              orphaned.push(option.path)
              await t(OPTIONS)
                .where({ id: option.id })
                .update({ ...media, ...(u.name ? { name: u.name } : {}) })
            } else {
              position += 1
              await t.insert(OPTIONS, {
                fileId: id,
                // No name sent: the file's own, as much of it as an option's name holds (the whole
                // name stays as mediaName); a name that was sent is never cut (readUpload refuses it).
                name: u.name || (u.uploadedName || u.file.fileName).slice(0, OPTION_NAME_MAX),
                position,
                ...media,
              })
            }
          }
          await t(LISTS).where({ id }).update({ updatedAt: new Date() })
          return { id, orphaned }
        })
      } catch (err) {
        await discard(uploads.map((u) => u.file.key))
        throw err
      }
    },

    discard,
  }
}

export type FileListService = ReturnType<typeof createFileListService>
