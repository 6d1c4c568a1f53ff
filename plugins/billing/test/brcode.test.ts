import { describe, it, expect } from 'vitest'
import { asciiField, brCode, crc16, normaliseTxid, tlv } from '../src/brcode.ts'
import { addMonthsToDate, monthsOf } from '../src/period.ts'

/** Reads a TLV string back into [id, value] pairs (the test's own parser, to check field order and lengths). */
function parse(payload: string): Array<[string, string]> {
  const out: Array<[string, string]> = []
  for (let i = 0; i < payload.length;) {
    const id = payload.slice(i, i + 2)
    const len = Number(payload.slice(i + 2, i + 4))
    out.push([id, payload.slice(i + 4, i + 4 + len)])
    i += 4 + len
  }
  return out
}

describe('BR Code (EMV MPM)', () => {
  it('matches the Banco Central manual example, CRC 1D3D', () => {
    const bcb =
      '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***6304'
    expect(crc16(bcb)).toBe('1D3D')
    // Our generator writes exactly that payload for the same inputs.
    expect(
      brCode({
        pixKey: '123e4567-e12b-12d1-a456-426655440000',
        merchantName: 'Fulano de Tal',
        merchantCity: 'BRASILIA',
      }),
    ).toBe(`${bcb}1D3D`)
  })

  it("computes CRC-16/CCITT-FALSE's catalogue check value", () => {
    expect(crc16('123456789')).toBe('29B1')
    expect(crc16('')).toBe('FFFF')
  })

  it('writes amount with 2 decimals, the txid in 62-05, fields in order and a valid CRC', () => {
    const code = brCode({
      pixKey: 'pix@atende.test',
      merchantName: '  Atende Plataforma de Atendimento Ltda  ',
      merchantCity: 'São José dos Campos',
      amount: 30,
      txid: 'ATD-0001/abc',
    })
    const fields = parse(code)
    expect(fields.map(([id]) => id)).toEqual(['00', '26', '52', '53', '54', '58', '59', '60', '62', '63'])
    const get = (id: string) => fields.find(([f]) => f === id)![1]
    expect(get('00')).toBe('01')
    expect(parse(get('26'))).toEqual([
      ['00', 'br.gov.bcb.pix'],
      ['01', 'pix@atende.test'],
    ])
    expect(get('52')).toBe('0000')
    expect(get('53')).toBe('986')
    expect(get('54')).toBe('30.00')
    expect(get('58')).toBe('BR')
    expect(get('59')).toBe('Atende Plataforma de Aten') // 25
    expect(get('60')).toBe('Sao Jose dos Ca') // 15, accents stripped
    expect(parse(get('62'))).toEqual([['05', 'ATD0001abc']])
    expect(get('63')).toBe(crc16(code.slice(0, -4)))
    expect(get('63')).toMatch(/^[0-9A-F]{4}$/)
    expect(brCode({ pixKey: 'k', merchantName: 'N', merchantCity: 'C', amount: 1234.5 })).toContain('54071234.50')
  })

  it('trims, strips accents and cuts names and cities; limits txids; refuses what does not fit', () => {
    expect(asciiField('  Ação   Çedilha Ñ  ', 25)).toBe('Acao Cedilha N')
    expect(asciiField('Florianópolis do Sul', 15)).toBe('Florianopolis d')
    // A cut that ends in a space leaves no trailing space.
    expect(asciiField('Rio de Janeiro x', 15)).toBe('Rio de Janeiro')
    expect(normaliseTxid('')).toBe('***')
    expect(normaliseTxid('a'.repeat(40))).toHaveLength(25)
    expect(tlv('05', 'abc')).toBe('0503abc')
    expect(() => tlv('26', 'x'.repeat(100))).toThrow()
    expect(() => brCode({ pixKey: '', merchantName: 'N', merchantCity: 'C' })).toThrow()
    expect(() => brCode({ pixKey: 'k', merchantName: 'N', merchantCity: 'C', amount: 0 })).toThrow()
  })
})

describe('billing periods', () => {
  it('adds the recurrence in calendar months, clamped to month ends', () => {
    expect(monthsOf('MENSAL')).toBe(1)
    expect(monthsOf('BIMESTRAL')).toBe(2)
    expect(monthsOf('TRIMESTRAL')).toBe(3)
    expect(monthsOf('SEMESTRAL')).toBe(6)
    expect(monthsOf('ANUAL')).toBe(12)
    expect(addMonthsToDate('2027-01-31', 1)).toBe('2027-02-28')
    expect(addMonthsToDate('2028-01-31', 1)).toBe('2028-02-29')
    expect(addMonthsToDate('2027-08-31', 6)).toBe('2028-02-29')
    expect(addMonthsToDate('2027-11-30', 3)).toBe('2028-02-29')
    expect(addMonthsToDate('2027-12-15', 12)).toBe('2028-12-15')
  })
})
