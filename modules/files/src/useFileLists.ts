import { useLivePagedList } from '@atende/ui'
import type { FileList, FileListFrame } from './types.ts'
import { byName, matchesSearch } from './validation.ts'

/** GET /api/files page by page for one search (`{ files, count, hasMore }`), kept live by `company-{id}-file`. */
export function useFileLists(search: string) {
  return useLivePagedList<FileList, FileListFrame>({
    path: '/files',
    key: 'files',
    search,
    compare: byName,
    matches: matchesSearch,
    name: 'files',
    event: 'file',
  })
}
