import { describe, expect, it } from 'vitest'
import { all, cnpj, email, hasErrors, length, password, required } from '../src/validation.ts'

describe('validation rules (core.md §5)', () => {
  it('required ignores surrounding blanks', () => {
    expect(required('')).toBe('validation.required')
    expect(required('   ')).toBe('validation.required')
    expect(required(' x ')).toBeNull()
  })

  it('email: required, then shape', () => {
    expect(email('')).toBe('validation.required')
    expect(email('ana')).toBe('validation.email')
    expect(email('ana@x')).toBe('validation.email')
    expect(email('ana @x.com')).toBe('validation.email')
    expect(email(' ana@x.com ')).toBeNull()
  })

  it("cnpj: 14 digits whatever the mask, 'incomplete' otherwise", () => {
    expect(cnpj('')).toBe('validation.required')
    expect(cnpj('11.222.333/0001-8')).toBe('validation.incomplete')
    expect(cnpj('11.222.333/0001-81')).toBeNull()
    expect(cnpj('11222333000181')).toBeNull()
  })

  it('password policy: 8+ with lower, upper, digit and special', () => {
    expect(password('')).toBe('validation.required')
    for (const weak of ['Ab1!', 'abcdefg1!', 'ABCDEFG1!', 'Abcdefgh!', 'Abcdefg12'])
      expect(password(weak), weak).toBe('validation.passwordPolicy')
    expect(password('Abcdef1!')).toBeNull()
    expect(password('Senha forte 1')).toBeNull()
  })

  it("length: 'Too Short!' / 'Too Long!' on the trimmed value", () => {
    const name = length(2, 50)
    expect(name('')).toBe('validation.required')
    expect(name(' a ')).toBe('validation.tooShort')
    expect(name('ab')).toBeNull()
    expect(name('x'.repeat(50))).toBeNull()
    expect(name('x'.repeat(51))).toBe('validation.tooLong')
  })

  it('all() reports the first failing rule; hasErrors sees any message', () => {
    const rule = all(required, length(3, 5))
    expect(rule('')).toBe('validation.required')
    expect(rule('ab')).toBe('validation.tooShort')
    expect(rule('abc')).toBeNull()
    expect(hasErrors({ a: null, b: undefined })).toBe(false)
    expect(hasErrors({ a: null, b: 'validation.required' })).toBe(true)
  })
})
