import type { Queue, QueueFrame, QueueOption } from '@atende/plugin-queues/api'

/** A queue, a chatbot option and a queue frame as the queues plugin's published contract has them. */
export type { Queue, QueueFrame, QueueOption }
export type ScheduleRow = Queue['schedules'][number]
/** The server's limits (plugins/queues): a name 2 to 50, an option's title 1 to 100, any message 10,000. */
export const NAME_MIN = 2
export const NAME_MAX = 50
export const OPTION_TITLE_MAX = 100
export const MESSAGE_MAX = 10_000
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const
