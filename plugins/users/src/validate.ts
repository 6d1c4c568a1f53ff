import { assertPasswordPolicy, badRequest } from '@atende/sdk'
import { MAX_PICTURE_CHARS } from './schemas.ts'

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const DATA_URL = /^data:image\/[a-z0-9.+-]+;base64,[A-Za-z0-9+/]+=*$/i

export function cleanName(name: string) {
  const n = name.trim()
  if (n.length < 2 || n.length > 50) throw badRequest('name', 'Name must have 2 to 50 characters')
  return n
}

/** Emails are stored lower-cased: they are unique per company regardless of case. */
export function cleanEmail(email: string) {
  const e = email.trim().toLowerCase()
  if (!EMAIL.test(e) || e.length > 200) throw badRequest('email', 'Invalid email')
  return e
}

export function cleanPassword(password: string) {
  assertPasswordPolicy(password, 'password')
  return password
}

/** A base64 image data URL; null or '' clears the picture. */
export function cleanPicture(picture: string | null) {
  if (picture === null || picture === '') return null
  if (picture.length > MAX_PICTURE_CHARS)
    throw badRequest('profilePicture', 'Profile picture is too large (about 1.5 MB at most)')
  if (!DATA_URL.test(picture)) throw badRequest('profilePicture', 'Profile picture must be a base64 image data URL')
  return picture
}

export const uniqueIds = (ids: number[]) => [...new Set(ids)].sort((a, b) => a - b)
