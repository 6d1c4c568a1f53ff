/** Name rule of the connection form (core.md §5: 2–50 characters); returns an i18n key or null. */
export function nameError(name: string): string | null {
  const n = name.trim()
  if (!n) return 'connections.validation.required'
  if (n.length < 2) return 'connections.validation.tooShort'
  if (n.length > 50) return 'connections.validation.tooLong'
  return null
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
