import { describe, expect, it } from 'vitest'
import { isAppError, parseDateTime, parseOptionalDateTime, wallClock } from '../src/index.ts'

/** The 400 a bad value gets: ERR_VALIDATION naming the field. */
const refusal = (fn: () => unknown) => {
  try {
    fn()
  } catch (err) {
    if (isAppError(err))
      return { code: err.code, status: err.statusCode, field: err.details?.field, message: err.message }
    throw err
  }
  return undefined
}

describe('parseDateTime: the strict reader of a date-time a client sends', () => {
  it('reads ISO 8601 date-times with an offset, to the millisecond', () => {
    expect(parseDateTime('2026-12-01T13:30:00.000Z', 'day').toISOString()).toBe('2026-12-01T13:30:00.000Z')
    expect(parseDateTime('2028-02-29T23:30:00-03:00', 'day').toISOString()).toBe('2028-03-01T02:30:00.000Z')
    expect(parseDateTime(' 2026-12-01 13:30:15.1234+0530 ', 'day').toISOString()).toBe('2026-12-01T08:00:15.123Z')
    expect(parseDateTime('2026-12-01T13:30+01', 'day').toISOString()).toBe('2026-12-01T12:30:00.000Z')
    expect(parseDateTime('0001-01-01T00:00:00Z', 'day').toISOString()).toBe('0001-01-01T00:00:00.000Z')
    expect(parseDateTime('9999-12-31T23:59:59.999Z', 'day').toISOString()).toBe('9999-12-31T23:59:59.999Z')
  })

  it('refuses anything else with a 400 naming the field: wrong types, loose text, impossible days, years the database lacks', () => {
    const bad: unknown[] = [
      5,
      0,
      true,
      null,
      {},
      ['2026-12-01T13:30:00.000Z'],
      '',
      'not a date',
      '2026',
      'Tue, 01 Dec 2026 10:00:00 GMT',
      '2026-13-45T10:00:00Z',
      '2026-02-30T10:00:00Z',
      '2027-02-29T10:00:00Z',
      '2026-12-01T24:00:00Z',
      '2026-12-01T23:60:00Z',
      '2026-12-01T23:59:60Z',
      '2026-12-01T10:00:00+24:00',
      '0000-01-01T00:00:00Z',
      '0001-01-01T00:30:00+01:00',
      '9999-12-31T23:30:00-01:00',
      '99999-01-01T00:00:00Z',
      '+275760-09-13T00:00:00Z',
      '2026-12-01T10:00',
    ]
    for (const raw of bad)
      expect(
        refusal(() => parseDateTime(raw, 'day')),
        JSON.stringify(raw),
      ).toMatchObject({
        code: 'ERR_VALIDATION',
        status: 400,
        field: 'day',
      })
    expect(refusal(() => parseDateTime('x', 'sendAt', { message: 'Data inválida' }))?.message).toBe('Data inválida')
  })

  it('reads a time without an offset as the server does (its time zone) only when asked', () => {
    const local = parseDateTime('2030-01-02T10:30', 'sendAt', { localTime: true })
    expect(local.getTime()).toBe(new Date(2030, 0, 2, 10, 30).getTime())
    expect(parseDateTime('2030-01-02T10:30Z', 'sendAt', { localTime: true }).toISOString()).toBe(
      '2030-01-02T10:30:00.000Z',
    )
  })

  it('parseOptionalDateTime: null, absent and "" mean no date', () => {
    expect(parseOptionalDateTime(null, 'day')).toBeNull()
    expect(parseOptionalDateTime(undefined, 'day')).toBeNull()
    expect(parseOptionalDateTime('  ', 'day')).toBeNull()
    expect(parseOptionalDateTime('2026-12-01T13:30:00Z', 'day')?.toISOString()).toBe('2026-12-01T13:30:00.000Z')
    expect(refusal(() => parseOptionalDateTime(0, 'day'))).toMatchObject({ field: 'day' })
  })
})

describe('wallClock', () => {
  it("gives an instant's fields in each zone (midnight is 00, the weekday in English)", () => {
    const at = new Date('2026-03-08T03:00:00Z')
    expect(wallClock(at, 'America/Sao_Paulo')).toEqual({
      year: '2026',
      month: '03',
      day: '08',
      hour: '00',
      minute: '00',
      second: '00',
      weekday: 'Sunday',
    })
    // Another zone gets its own formatter, not the first one's.
    expect(wallClock(at, 'Asia/Tokyo')).toMatchObject({ day: '08', hour: '12', weekday: 'Sunday' })
    expect(wallClock(at.getTime(), 'UTC')).toMatchObject({ day: '08', hour: '03' })
    expect(() => wallClock(at, 'Not/AZone')).toThrow(RangeError)
  })
})
