import type {
  ContactListFrame,
  ContactListItemFrame,
  ContactListItemWire,
  ContactListWire,
  ImportResultWire,
} from '@atende/plugin-campaigns/api'

/** Contact lists as the API answers them (administration.md §3): the campaigns plugin's contract. */
export type ContactList = ContactListWire
export type ContactListItem = ContactListItemWire
export type ImportResult = ImportResultWire
export type { ContactListFrame, ContactListItemFrame }

/** §5 and §9, as the server checks them. */
export const NAME_MIN = 2
export const NAME_MAX = 50
export const NUMBER_MIN = 8
export const NUMBER_MAX = 50
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** The dialogs' checks (translation keys), the same the server makes. */
export function nameError(raw: string): string | null {
  const name = raw.trim()
  if (!name) return 'contactLists.validation.required'
  if (name.length < NAME_MIN) return 'contactLists.validation.tooShort'
  if (name.length > NAME_MAX) return 'contactLists.validation.tooLong'
  return null
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
