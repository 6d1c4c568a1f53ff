import { describe, it, expect } from 'vitest'
import { createVault } from '../src/vault.ts'

describe('vault', () => {
  const vault = createVault('a key of the deployment', 'jwt')
  it('seals so the value is unreadable and opens it back', () => {
    const sealed = vault.seal('sk-live-123')
    expect(sealed).toMatch(/^v1:/)
    expect(sealed).not.toContain('sk-live')
    expect(vault.seal('sk-live-123')).not.toBe(sealed) // a fresh nonce each time
    expect(vault.open(sealed)).toBe('sk-live-123')
  })
  it('keeps empty as empty and opens values stored before sealing as they are', () => {
    expect(vault.seal('')).toBe('')
    expect(vault.open('')).toBe('')
    expect(vault.open('plain-old-key')).toBe('plain-old-key')
  })
  it('refuses a value sealed under another key or altered', () => {
    const sealed = vault.seal('secret')
    expect(() => createVault('another key', 'jwt').open(sealed)).toThrow()
    expect(() => createVault(undefined, 'jwt').open(sealed)).toThrow()
    const altered = sealed.slice(0, -2) + (sealed.endsWith('A') ? 'BB' : 'AA')
    expect(() => vault.open(altered)).toThrow()
  })
  it('derives its key from the JWT secret when no ENCRYPTION_KEY is set', () => {
    const a = createVault(undefined, 'jwt-1')
    expect(createVault(undefined, 'jwt-1').open(a.seal('x'))).toBe('x')
    expect(() => createVault(undefined, 'jwt-2').open(a.seal('x'))).toThrow()
  })
})
