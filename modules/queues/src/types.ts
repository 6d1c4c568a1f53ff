import type { Queue, QueueOption } from '@atende/plugin-queues/api'

/** A queue and a chatbot option as the API answers them: the queues plugin's published contract. */
export type { Queue, QueueOption }
export type ScheduleRow = Queue['schedules'][number]
export type QueueFrame = { action: 'create' | 'update'; queue: Queue } | { action: 'delete'; queueId: number }
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const
