import { useRemoteFlag } from '@atende/ui'
import type { Access } from '@atende/plugin-parts/api'

/** Whether the company holds the parts grant (GET /api/part-inventory/access), read when a page opens. */
export function useAccess() {
  return useRemoteFlag(
    (api, signal) => api.get<Access>('/part-inventory/access', { signal }).then((a) => a.granted),
    'parts access',
  )
}
