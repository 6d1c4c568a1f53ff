import { rules, type Problem } from '@atende/ui'
import type {
  ContactListFrame,
  ContactListItemFrame,
  ContactListItemWire,
  ContactListWire,
  ImportResultWire,
} from '@atende/plugin-campaigns/api'

/** Contact lists as the API answers them: the campaigns plugin's contract. */
export type ContactList = ContactListWire
export type ContactListItem = ContactListItemWire
export type ImportResult = ImportResultWire
export type { ContactListFrame, ContactListItemFrame }

/** A list's name 2 to 50 characters, a number 8 to 50 digits, as the server checks them. */
export const NAME_MIN = 2
export const NAME_MAX = 50
export const NUMBER_MIN = 8
export const NUMBER_MAX = 50
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** The server's limit of an e-mail in a list (plugins/campaigns contact-lists). */
export const EMAIL_MAX = 200

/** The dialogs' checks (Problems: `say(t, problem)`), the same the server makes; a length names its limit. */
export function nameError(raw: string): Problem | null {
  return raw.trim() ? rules.length(NAME_MIN, NAME_MAX)(raw) : 'contactLists.validation.required'
}
export function numberError(raw: string): string | null {
  const digits = raw.replace(/\D/g, '')
  if (!digits) return 'contactLists.validation.required'
  if (digits.length < NUMBER_MIN) return 'contactLists.validation.numberShort'
  if (digits.length > NUMBER_MAX) return 'contactLists.validation.numberLong'
  return null
}
export function emailError(raw: string): string | null {
  const email = raw.trim()
  return email && !EMAIL.test(email) ? 'contactLists.validation.email' : null
}

export const byName = (a: { name: string; id: number }, b: { name: string; id: number }) =>
  a.name.localeCompare(b.name) || a.id - b.id

/** Whether a live row belongs to the list searched for (the server searches the same fields). */
export const listMatches = (r: ContactList, search: string) =>
  !search || r.name.toLowerCase().includes(search.toLowerCase())
export const itemMatches = (r: ContactListItem, search: string) => {
  if (!search) return true
  const s = search.toLowerCase()
  const digits = s.replace(/\D/g, '')
  return (
    r.name.toLowerCase().includes(s) || r.email.toLowerCase().includes(s) || (!!digits && r.number.includes(digits))
  )
}
