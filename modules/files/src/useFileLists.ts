import { useRealtime, useSession } from '@atende/client'
import { usePagedList } from '@atende/ui'
import type { FileList, FileListFrame } from './types.ts'
import { byName, matchesSearch } from './validation.ts'

/** GET /api/files page by page for one search (`{ files, count, hasMore }`), kept live by `company-{id}-file`. */
export function useFileLists(search: string) {
  const { companyId } = useSession()
  const list = usePagedList<FileList>({
    path: '/files',
    key: 'files',
    search,
    compare: byName,
    matches: matchesSearch,
    name: 'files',
  })
  const { upsert, remove } = list
  useRealtime<FileListFrame>(companyId ? `company-${companyId}-file` : null, (frame) => {
    if (!frame || typeof frame !== 'object') return
    if (frame.action === 'delete') remove(frame.id)
    else if (frame.record) upsert(frame.record)
  })
  return list
}
