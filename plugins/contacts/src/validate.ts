/**
 * The contact form's rules, shared by the CRUD routes and the upload: pure
 * functions answering a problem (field, reason, message) or the clean value. The screen checks the
 * same rules first (modules/contacts/src/validation.ts); these are the ones that count.
 */
import { normaliseNumber } from './number.ts'

export const NAME_MIN = 2
export const NAME_MAX = 50
export const NUMBER_MIN = 8
export const NUMBER_MAX = 50
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export type Reason = 'nameTooShort' | 'nameTooLong' | 'invalidNumber' | 'invalidEmail' | 'invalidExtraInfo'
export interface Problem {
  field: string
  reason: Reason
  message: string
}
export type Checked<T> = { ok: true; value: T } | { ok: false; problem: Problem }

const ok = <T>(value: T): Checked<T> => ({ ok: true, value })
const fail = (field: string, reason: Reason, message: string): Checked<never> => ({
  ok: false,
  problem: { field, reason, message },
})

export function checkName(raw: string | undefined): Checked<string> {
  const n = (raw ?? '').trim().replace(/\s+/g, ' ')
  if (n.length < NAME_MIN) return fail('name', 'nameTooShort', 'Too Short!')
  if (n.length > NAME_MAX) return fail('name', 'nameTooLong', 'Too Long!')
  return ok(n)
}

/** Any written form ("+55 (47) 99999-9999", "47 99999 9999") → the canonical digits; a group keeps its id. */
export function checkNumber(raw: string | undefined, opts: { isGroup?: boolean } = {}): Checked<string> {
  const n = normaliseNumber(String(raw ?? ''), opts)
  const digits = n.replace(/\D/g, '').length
  if (digits < NUMBER_MIN || n.length > NUMBER_MAX)
    return fail('number', 'invalidNumber', `Invalid number: ${NUMBER_MIN} to ${NUMBER_MAX} digits`)
  return ok(n)
}

/** Optional; stored lower-cased (the search compares lower case). */
export function checkEmail(raw: string | undefined): Checked<string> {
  const e = (raw ?? '').trim().toLowerCase()
  if (e && (!EMAIL.test(e) || e.length > 254)) return fail('email', 'invalidEmail', 'Invalid email')
  return ok(e)
}

export interface ExtraInfoInput {
  id?: number
  name: string
  value: string
}

/** Rows need a name; a row with neither name nor value is a blank line of the form and is dropped. */
export function checkExtraInfo(rows: ExtraInfoInput[]): Checked<ExtraInfoInput[]> {
  const out: ExtraInfoInput[] = []
  for (const [i, r] of rows.entries()) {
    const name = r.name.trim()
    const value = r.value.trim()
    if (!name && !value) continue
    if (!name) return fail(`extraInfo.${i}.name`, 'invalidExtraInfo', 'Extra information needs a name')
    out.push({ id: r.id, name, value })
  }
  return ok(out)
}

/** Trimmed free text fields. */
export const cleanText = (v: string | undefined) => (v ?? '').trim()
