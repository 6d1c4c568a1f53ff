import { describe, expect, it } from 'vitest'
import { all, cnpj, email, hasErrors, length, limitOf, maxLength, password, required, say } from '../src/validation.ts'

describe('validation rules', () => {
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

  it("length: 'Obrigatório' when blank, then 'Too Short!' / 'Too Long!' naming the limit, on the trimmed value", () => {
    const name = length(2, 50)
    expect(name('')).toBe('validation.required')
    expect(name('   ')).toBe('validation.required')
    expect(name(' a ')).toEqual({ key: 'validation.tooShort', values: { min: 2 } })
    expect(name('ab')).toBeNull()
    expect(name(` ${'x'.repeat(50)} `)).toBeNull()
    expect(name('x'.repeat(51))).toEqual({ key: 'validation.tooLong', values: { max: 50 } })
  })

  it('maxLength: optional text, at most max characters as written', () => {
    const note = maxLength(5)
    expect(note('')).toBeNull()
    expect(note('12345')).toBeNull()
    expect(note('123456')).toEqual({ key: 'validation.tooLong', values: { max: 5 } })
  })

  it('say: a key, or a key with its values, through any t; nothing for no problem', () => {
    const t = (key: string, values?: Record<string, unknown>) => `${key}${values ? JSON.stringify(values) : ''}`
    expect(say(t, null)).toBeNull()
    expect(say(t, undefined)).toBeNull()
    expect(say(t, 'validation.required')).toBe('validation.required')
    expect(say(t, length(2, 50)('x'.repeat(51)))).toBe('validation.tooLong{"max":50}')
  })

  it("limitOf: the limit a server's ERR_VALIDATION answer names", () => {
    expect(limitOf({ error: 'ERR_VALIDATION', field: 'name', max: 50 })).toEqual({
      key: 'validation.tooLong',
      values: { max: 50 },
    })
    expect(limitOf({ field: 'name', min: 2 })).toEqual({ key: 'validation.tooShort', values: { min: 2 } })
    expect(limitOf({ field: 'name' })).toBeNull()
    expect(limitOf(undefined)).toBeNull()
  })

  it('all() reports the first failing rule; hasErrors sees any message', () => {
    const rule = all(required, length(3, 5))
    expect(rule('')).toBe('validation.required')
    expect(rule('ab')).toEqual({ key: 'validation.tooShort', values: { min: 3 } })
    expect(rule('abc')).toBeNull()
    expect(hasErrors({ a: null, b: undefined })).toBe(false)
    expect(hasErrors({ a: null, b: 'validation.required' })).toBe(true)
  })
})
