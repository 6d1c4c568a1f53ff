/**
 * The files plugin's published contract, version 1: what other plugins and the files module may
 * use (`import type { FileList, FileListsApi, FileListsRef } from '@atende/plugin-files/api'`). Nothing else of
 * this plugin is imported from outside. TypeBox and types only (no SDK values), so the front end's
 * types stay small.
 */
// The events this plugin emits travel with its contract: whoever imports it sees their names and payloads.
import type {} from './events.ts'
import { Type, type Static } from '@sinclair/typebox'
import type { UnitOfWork, ServiceRef } from '@atende/sdk'

/** How WhatsApp sends an option's file. */
export const MediaType = Type.Union([
  Type.Literal('image'),
  Type.Literal('audio'),
  Type.Literal('video'),
  Type.Literal('document'),
])
export type MediaType = Static<typeof MediaType>

/** One option of a list as answers carry it (id, name, path, mediaType). */
export const FileListOption = Type.Object({
  id: Type.Integer(),
  fileId: Type.Integer({ description: 'the list it belongs to' }),
  name: Type.String(),
  /** A signed URL of the stored file (24 h), null while the option has no file yet. */
  path: Type.Union([Type.Null(), Type.String()]),
  mediaType: Type.Union([Type.Null(), MediaType]),
  /** The type read from the file's bytes. */
  mimetype: Type.Union([Type.Null(), Type.String()]),
  /** The name the file was uploaded with. */
  mediaName: Type.Union([Type.Null(), Type.String()]),
})
export type FileListOption = Static<typeof FileListOption>

/** A file list as every answer carries it, options in their order. */
export const FileList = Type.Object({
  id: Type.Integer(),
  companyId: Type.Integer(),
  name: Type.String(),
  message: Type.String(),
  options: Type.Array(FileListOption),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
})
export type FileList = Static<typeof FileList>

/** Who may add, edit, upload to and delete lists (admins; the super user holds every permission). Reading is everyone's. */
export const MANAGE_PERMISSION = 'files:manage'

/** Bounds every client shows and the server enforces (name min 3, message required). */
export const NAME_MIN = 3
export const NAME_MAX = 100
export const MESSAGE_MAX = 10_000
export const OPTION_NAME_MAX = 100
export const OPTIONS_MAX = 20

/** Error codes the client translates. */
export const FileErrors = {
  NOT_FOUND: 'ERR_NO_FILE_FOUND',
  NAME_IN_USE: 'ERR_FILE_LIST_NAME_IN_USE',
  OPTION_NOT_FOUND: 'ERR_NO_FILE_OPTION_FOUND',
  TOO_MANY_OPTIONS: 'ERR_FILE_LIST_TOO_MANY_OPTIONS',
} as const

/** A list as another plugin sends it: storage keys (kernel.storage.path / signedUrl take them), not URLs. */
export interface FileListForSending {
  id: number
  name: string
  message: string
  /** The options that have a file, in their order. */
  options: { name: string; mediaKey: string; mediaType: MediaType; mimetype: string; fileName: string }[]
}

/**
 * `kernel.services.get<FileListsRef>('fileLists')` — published for campaigns (a campaign names a
 * `fileListId` and sends its files).
 * - `get(companyId, id, uow?)`: the company's list with its files, or null when the id is not one
 *   of the company's lists. Inside a unit of work pass it (`uow`), so the read goes through that
 *   transaction (embedded PGlite has a single connection).
 * - `exists(companyId, id, uow?)`: the same check without the options (for validating a foreign id).
 * A stored file stays while its option does: a caller that sends later should read the list again
 * rather than keep keys for long (an edit may replace or delete a file).
 */
export interface FileListsApi {
  get(companyId: number, id: number, uow?: UnitOfWork): Promise<FileListForSending | null>
  exists(companyId: number, id: number, uow?: UnitOfWork): Promise<boolean>
}

/** A `company-{id}-file` frame (events.ts). */
export type FileListFrame = { action: 'create' | 'update'; record: FileList } | { action: 'delete'; id: number }

/** The `fileLists` service: `kernel.services.get<FileListsRef>('fileLists')`. */
export type FileListsRef = ServiceRef<'fileLists', FileListsApi>
