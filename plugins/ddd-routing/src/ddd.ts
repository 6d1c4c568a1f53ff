import { badRequest } from '@atende/sdk'
import { ERR_DDD_INVALID } from './api.ts'

/** Exactly two digits, each 1 to 9 (there is no Brazilian area code with a 0). */
const DDD = /^[1-9]{2}$/

export function checkDdd(raw: string): string {
  const ddd = raw.trim()
  if (!DDD.test(ddd)) throw badRequest('ddd', 'DDD deve ter 2 dígitos e ser válido (ex: 11, 21, 47)', ERR_DDD_INVALID)
  return ddd
}

/**
 * The area code of a Brazilian number in the contacts' canonical form (digits, 55 + DDD + 8-digit
 * landline or 9-digit mobile); null for any other number.
 */
export function dddOf(number: string): string | null {
  const m = /^55([1-9]{2})\d{8,9}$/.exec(number)
  return m ? m[1] : null
}
