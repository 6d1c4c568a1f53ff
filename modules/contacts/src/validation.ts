/**
 * The contact form's rules, as Problems (`say(t, problem)`): keys under
 * `contacts.validation`, and the kit's length words naming the limit. The
 * server checks the same (plugins/contacts/src/validate.ts); these only answer sooner.
 */
import { digits, rules, type Problem } from '@atende/ui'

export const NAME_MIN = 2
export const NAME_MAX = 50
export const NUMBER_MIN = 8
export const NUMBER_MAX = 50
/** The server's limits of the other fields (plugins/contacts/src/schemas.ts), each box's maxLength. */
export const EMAIL_MAX = 254
export const CNPJ_MAX = 20
export const CUSTOMER_CODE_MAX = 50
export const COMPANY_NAME_MAX = 100
export const EXTRA_NAME_MAX = 100
export const EXTRA_VALUE_MAX = 2000
/** What a search may send (the list's and the picker's searchParam). */
export const SEARCH_MAX = 200
/** The list searches from this many characters; shorter text lists everything. */
export const SEARCH_MIN = 3
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** As the server keeps it: trimmed, runs of blanks as one. */
const cleanName = (v: string) => v.trim().replace(/\s+/g, ' ')

export function nameError(v: string): Problem | null {
  return cleanName(v) ? rules.length(NAME_MIN, NAME_MAX)(cleanName(v)) : 'contacts.validation.required'
}

export function numberError(v: string): string | null {
  const d = digits(v)
  if (!d) return 'contacts.validation.required'
  return d.length < NUMBER_MIN || d.length > NUMBER_MAX ? 'contacts.validation.number' : null
}

/** Optional; valid when given ('Invalid email'). */
export const emailError = (v: string): string | null =>
  !v.trim() || EMAIL_RE.test(v.trim()) ? null : 'contacts.validation.email'

export interface ExtraInfoRow {
  id?: number
  name: string
  value: string
}

export interface ContactFormValues {
  name: string
  /** As shown: +55 (47) 99999-9999. Sent as digits. */
  number: string
  email: string
  cnpj: string
  custumerCode: string
  companyName: string
  extraInfo: ExtraInfoRow[]
}

export type FormErrors = Partial<Record<keyof ContactFormValues | `extraInfo.${number}.name`, Problem | null>>

export function validateContact(v: ContactFormValues, opts: { numberLocked?: boolean } = {}): FormErrors {
  const errors: FormErrors = {
    name: nameError(v.name),
    number: opts.numberLocked ? null : numberError(v.number),
    email: emailError(v.email),
  }
  v.extraInfo.forEach((r, i) => {
    if (!r.name.trim() && r.value.trim()) errors[`extraInfo.${i}.name`] = 'contacts.validation.extraName'
  })
  return errors
}

export const hasErrors = (e: FormErrors) => Object.values(e).some(Boolean)

/** Lower case without accents: the server's search key (002's contacts_search_key), near enough to place live rows. */
export const searchKey = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()

/** The search the list applies: under SEARCH_MIN characters it is no search at all. */
export const effectiveSearch = (s: string) => (s.trim().length >= SEARCH_MIN ? s.trim() : '')

/** Does a contact arriving over the socket belong to the list as filtered (the server's rules, approximately)? */
export function matchesFilters(
  c: { name: string; email: string; number: string; createdAt: string },
  search: string,
  range: { start?: string; end?: string },
): boolean {
  const s = effectiveSearch(search)
  if (s) {
    const d = digits(s)
    const hit =
      searchKey(c.name).includes(searchKey(s)) ||
      c.email.toLowerCase().includes(s.toLowerCase()) ||
      (!!d && /^[\d\s()+.-]+$/.test(s) && c.number.includes(d))
    if (!hit) return false
  }
  const at = Date.parse(c.createdAt)
  if (range.start && at < Date.parse(range.start)) return false
  if (range.end && at > Date.parse(range.end)) return false
  return true
}

/** The list order: the name's key, then id (as the server sorts). */
export const byName = (a: { name: string; id: number }, b: { name: string; id: number }) => {
  const x = searchKey(a.name)
  const y = searchKey(b.name)
  return x < y ? -1 : x > y ? 1 : a.id - b.id
}

/** A local day (yyyy-mm-dd from a date input) as the instants the API filters by. */
export function dayRange(from: string, to: string): { start?: string; end?: string } {
  const local = (day: string, end: boolean) => {
    const [y, m, d] = day.split('-').map(Number)
    return new Date(y!, m! - 1, d!, end ? 23 : 0, end ? 59 : 0, end ? 59 : 0, end ? 999 : 0).toISOString()
  }
  return { start: from ? local(from, false) : undefined, end: to ? local(to, true) : undefined }
}
