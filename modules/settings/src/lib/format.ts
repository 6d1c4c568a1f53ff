import { formatMoney as kitMoney } from '@atende/ui'

/** Money in BRL with 2 decimals, written the interface language's way (default pt). */
export const formatMoney = (value: number, language = 'pt') => kitMoney(value, language)

/** The ##:## mask of the schedules tab: digits only, a colon after the hour. */
export function maskTime(value: string): string {
  const d = value.replace(/\D/g, '').slice(0, 4)
  return d.length > 2 ? `${d.slice(0, 2)}:${d.slice(2)}` : d
}

/** HH:MM between 00:00 and 23:59, or empty for a closed day (the server's rule). */
export const isTime = (value: string) => value === '' || /^([01]\d|2[0-3]):[0-5]\d$/.test(value)

export const isEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim())
