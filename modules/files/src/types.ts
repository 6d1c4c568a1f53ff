import type { FileList, FileListFrame, FileListOption } from '@atende/plugin-files/api'

/** A file list, its options and its `company-{id}-file` frame: the files plugin's contract. */
export type { FileList, FileListFrame, FileListOption }
