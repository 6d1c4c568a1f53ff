import { rules, type Problem } from '@atende/ui'

/** The server's limits (plugins/connections): a name of 2 to 50 characters, each message 10,000. */
export const NAME_MIN = 2
export const NAME_MAX = 50
export const TEXT_MAX = 10_000

/** Name rule of the connection form (2–50 characters): a Problem naming the limit, or null. */
export function nameError(name: string): Problem | null {
  return name.trim() ? rules.length(NAME_MIN, NAME_MAX)(name) : 'connections.validation.required'
}

/** Whole-number fields; empty sends 0 (timeToTransfer 0: never transfer). */
export const NUMBER_FIELDS = [
  'expiresTicket',
  'timeUseBotQueues',
  'maxUseBotQueues',
  'maxAttemptsWithoutResponse',
  'timeToTransfer',
] as const
export const TEXT_FIELDS = [
  'greetingMessage',
  'complationMessage',
  'outOfHoursMessage',
  'ratingMessage',
  'expiresInactiveMessage',
] as const

/** A count field: a whole number 0–100000, else an i18n key. */
export function countError(value: string): string | null {
  if (value.trim() === '') return null
  const n = Number(value)
  return Number.isInteger(n) && n >= 0 && n <= 100_000 ? null : 'connections.validation.count'
}
