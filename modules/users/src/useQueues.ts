import { useNamedList } from './useNamedList.ts'
import type { Queue } from './types.ts'

/** The company's queues for the multi-select (GET /api/queue); empty while the queues plugin is absent. */
export const useQueues = (enabled: boolean) => useNamedList<Queue>('/queue', enabled)
