import type { FileList, FileListOption } from '@atende/plugin-files/api'

export type { FileList, FileListOption }

/** A `company-{id}-file` frame. */
export type FileListFrame = { action: 'create' | 'update'; record: FileList } | { action: 'delete'; id: number }
