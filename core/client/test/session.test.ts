import { describe, expect, it } from 'vitest'
import {
  createSession,
  isPlanExpired,
  memoryStorage,
  subscriptionWarning,
  tokenExpiry,
  tokenSecondsLeft,
  STORAGE_KEYS,
  type SessionUser,
} from '../src/index.ts'
import { fakeJwt } from './support/jwt.ts'

const user: SessionUser = {
  id: 3,
  companyId: 9,
  name: 'Bia',
  email: 'bia@x.com',
  profile: 'user',
  super: false,
  company: { id: 9, name: 'Acme', dueDate: '2025-03-01T00:00:00.000Z' },
}

describe('session storage', () => {
  it('saveLogin writes the spec keys; clearSession removes them and keeps preferences', () => {
    const storage = memoryStorage()
    const s = createSession(storage)
    const seen: Array<string | null> = []
    s.subscribe(({ token }) => seen.push(token))
    s.setPreference('theme', 'dark')
    s.setPreference('notificationVolume', '0.5')
    s.saveLogin({ token: 'T', user })
    expect(storage.getItem('token')).toBe('T')
    expect(JSON.parse(storage.getItem('user')!)).toEqual(user)
    expect(s.getUserId()).toBe(3)
    expect(s.getCompanyId()).toBe(9)
    expect(s.getCompanyDueDate()).toBe('2025-03-01T00:00:00.000Z')
    expect(s.getUser()?.name).toBe('Bia')
    s.clearSession()
    for (const k of ['token', 'user', 'userId', 'companyId', 'companyDueDate']) expect(storage.getItem(k)).toBeNull()
    expect(s.getPreference('theme')).toBe('dark')
    expect(storage.getItem(STORAGE_KEYS.notificationVolume)).toBe('0.5')
    expect(seen).toEqual(['T', null])
  })

  it('clearAll empties storage, preferences included', () => {
    const storage = memoryStorage({ cshow: '1', preferredTheme: 'dark' })
    const s = createSession(storage)
    s.saveLogin({ token: 'T', user })
    s.clearAll()
    expect(storage.getItem('cshow')).toBeNull()
    expect(storage.getItem('preferredTheme')).toBeNull()
    expect(s.getToken()).toBeNull()
  })

  it('reads a corrupt user as no user', () => {
    const s = createSession(memoryStorage({ user: '{oops' }))
    expect(s.getUser()).toBeNull()
    expect(s.getUserId()).toBeNull()
  })
})

describe('token expiry', () => {
  it('decodes exp from base64url, including non-ASCII claims', () => {
    const t = fakeJwt(1_700_000_000, { name: 'João ç ~~~???>>>' })
    expect(tokenExpiry(t)).toBe(1_700_000_000)
    expect(tokenSecondsLeft(t, 1_700_000_000_000 - 250_000)).toBe(250)
  })
  it('returns null for malformed tokens or a missing exp', () => {
    expect(tokenExpiry('nope')).toBeNull()
    expect(tokenExpiry('a.!!!.c')).toBeNull()
    expect(tokenExpiry(`x.${Buffer.from('{"sub":"1"}').toString('base64url')}.y`)).toBeNull()
  })
})

describe('subscription', () => {
  const now = new Date(2025, 0, 10, 12, 0, 0)
  it('warns with the days left when under 5 remain', () => {
    expect(subscriptionWarning('2025-01-13', now)).toBe(3)
    expect(subscriptionWarning(new Date(2025, 0, 11, 12).toISOString(), now)).toBe(1)
    expect(subscriptionWarning('2025-01-16', now)).toBeNull()
    expect(subscriptionWarning(null, now)).toBeNull()
  })
  it('an elapsed due date is expired (no warning); none never expires', () => {
    expect(isPlanExpired('2025-01-09', now)).toBe(true)
    expect(subscriptionWarning('2025-01-09', now)).toBeNull()
    expect(isPlanExpired('2025-01-11', now)).toBe(false)
    expect(isPlanExpired(null, now)).toBe(false)
    expect(isPlanExpired('not a date', now)).toBe(false)
  })
})
