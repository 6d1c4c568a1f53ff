export interface ScheduleRow { weekday: string; weekdayEn: string; startTime: string; endTime: string }
export interface Queue {
  id: number; name: string; color: string; orderQueue: number | null
  greetingMessage: string; outOfHoursMessage: string
  integrationId: number | null; promptId: number | null
  schedules: ScheduleRow[]; maxAttemptsWithoutResponse: number; redirectQueueId: string | null
}
export interface QueueOption {
  id: number; queueId: number; parentId: number; title: string; message: string; option: number
  maxAttemptsWithoutResponse: number; redirectQueueId: string | null
}
export type QueueFrame = { action: 'create' | 'update'; queue: Queue } | { action: 'delete'; queueId: number }
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const
