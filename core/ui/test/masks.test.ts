import { describe, expect, it } from 'vitest'
import { MASKS, digits, displayPhone, formatCnpj, formatPhone } from '../src/masks.ts'

describe('digits', () => {
  it('keeps only 0-9', () => {
    expect(digits('+55 (47) 99999-9999')).toBe('5547999999999')
    expect(digits('a1b2c3 ٣')).toBe('123')
    expect(digits('')).toBe('')
  })
})

describe('formatCnpj (00.000.000/0000-00)', () => {
  it('formats as the user types, writing a separator only before the digit that follows it', () => {
    const typed = '00000000000191'
    const steps = [...typed].map((_, i) => formatCnpj(typed.slice(0, i + 1)))
    expect(steps).toEqual([
      '0',
      '00',
      '00.0',
      '00.00',
      '00.000',
      '00.000.0',
      '00.000.00',
      '00.000.000',
      '00.000.000/0',
      '00.000.000/00',
      '00.000.000/000',
      '00.000.000/0001',
      '00.000.000/0001-9',
      '00.000.000/0001-91',
    ])
  })

  it('lets a backspace over a separator remove it (no stuck dot or slash)', () => {
    expect(formatCnpj('11.222.')).toBe('11.222')
    expect(formatCnpj('11.222.333/')).toBe('11.222.333')
    expect(formatCnpj('11.222.333/0001-')).toBe('11.222.333/0001')
  })

  it('accepts pasted text in any shape and drops extra digits', () => {
    expect(formatCnpj('11222333000181')).toBe('11.222.333/0001-81')
    expect(formatCnpj(' 11.222.333/0001-81 ')).toBe('11.222.333/0001-81')
    expect(formatCnpj('CNPJ: 11 222 333 0001 81')).toBe('11.222.333/0001-81')
    expect(formatCnpj('1122233300018199')).toBe('11.222.333/0001-81')
    expect(formatCnpj('abc')).toBe('')
  })

  it('is idempotent and its digits parse back', () => {
    for (const raw of ['1', '112', '11222333', '11222333000181', '11.222.333/0001-81xx']) {
      const once = formatCnpj(raw)
      expect(formatCnpj(once)).toBe(once)
      expect(digits(once)).toBe(digits(raw).slice(0, 14))
    }
  })

  it('fits its input max length (18)', () => {
    expect(formatCnpj('99999999999999').length).toBe(MASKS.cnpj.maxLength)
  })
})

describe('formatPhone (+55 (47) 99999-9999)', () => {
  it('formats a 13-digit mobile and a 12-digit landline', () => {
    expect(formatPhone('5547999999999')).toBe('+55 (47) 99999-9999')
    expect(formatPhone('554733334444')).toBe('+55 (47) 3333-4444')
  })

  it('builds up while typing and moves the hyphen when the 13th digit arrives', () => {
    expect(formatPhone('5')).toBe('+5')
    expect(formatPhone('55')).toBe('+55')
    expect(formatPhone('554')).toBe('+55 (4')
    expect(formatPhone('5547')).toBe('+55 (47')
    expect(formatPhone('55479')).toBe('+55 (47) 9')
    expect(formatPhone('55479999')).toBe('+55 (47) 9999')
    expect(formatPhone('554799999')).toBe('+55 (47) 9999-9')
    expect(formatPhone('+55 (47) 9999-99999')).toBe('+55 (47) 99999-9999')
  })

  it('never ends on a separator, so deleting backwards works', () => {
    for (let n = 1; n <= 13; n++) expect(formatPhone('5547999999999'.slice(0, n))).not.toMatch(/[\s(\-)]$/)
    expect(formatPhone('+55 (')).toBe('+55')
    expect(formatPhone('+55 (47) 9999-')).toBe('+55 (47) 9999')
  })

  it('drops digits past 13 and anything that is not a digit', () => {
    expect(formatPhone('55479999999991234')).toBe('+55 (47) 99999-9999')
    expect(formatPhone('tel: +55 47 99999 9999')).toBe('+55 (47) 99999-9999')
    expect(formatPhone('')).toBe('')
    expect(formatPhone('()- ')).toBe('')
  })

  it('sends digits only (country code, area code, number) and round-trips', () => {
    for (const raw of ['5547999999999', '554733334444', '+55 (11) 91234-5678', '55']) {
      const shown = formatPhone(raw)
      expect(formatPhone(shown)).toBe(shown)
      expect(digits(shown)).toBe(digits(raw).slice(0, 13))
    }
    expect(formatPhone('5547999999999').length).toBe(MASKS.phone.maxLength)
  })
})

describe('displayPhone', () => {
  it('shows Brazilian numbers masked and longer ones whole', () => {
    expect(displayPhone('5547999998888')).toBe('+55 (47) 99999-8888')
    expect(displayPhone('554733334444')).toBe('+55 (47) 3333-4444')
    // The simulator's own number (5511999990000 + id) keeps its last digit.
    expect(displayPhone('55119999900001')).toBe('+55119999900001')
    expect(displayPhone('')).toBe('')
  })
})
