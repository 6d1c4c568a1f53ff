import { describe, it, expect } from 'vitest'
import { DEFAULT_SCHEDULES, isOpenAt, localTime, type ScheduleRow } from '../src/schedule.ts'

const SP = 'America/Sao_Paulo' // UTC-3, no daylight saving since 2019
const TOKYO = 'Asia/Tokyo' // UTC+9

describe('isOpenAt (business hours in a time zone)', () => {
  it('reads the clock in the given zone', () => {
    // Monday 2024-06-03 11:30 UTC is 08:30 in São Paulo and 20:30 in Tokyo.
    expect(localTime(new Date('2024-06-03T11:30:00Z'), SP)).toEqual({ day: 'monday', minute: 8 * 60 + 30 })
    expect(localTime(new Date('2024-06-03T11:30:00Z'), TOKYO)).toEqual({ day: 'monday', minute: 20 * 60 + 30 })
    // 02:00 UTC Tuesday is still Monday 23:00 in São Paulo.
    expect(localTime(new Date('2024-06-04T02:00:00Z'), SP)).toEqual({ day: 'monday', minute: 23 * 60 })
  })

  it('the default week: weekdays 08:00–18:00, Saturday 08:00–12:00, Sunday closed', () => {
    const at = (iso: string, tz = SP) => isOpenAt(DEFAULT_SCHEDULES, new Date(iso), tz)
    expect(at('2024-06-03T11:30:00Z')).toBe(true) // Mon 08:30 SP
    expect(at('2024-06-03T10:59:00Z')).toBe(false) // Mon 07:59 SP
    expect(at('2024-06-03T11:00:00Z')).toBe(true) // Mon 08:00 SP: the start minute is open
    expect(at('2024-06-03T21:00:00Z')).toBe(false) // Mon 18:00 SP: the end minute is closed
    expect(at('2024-06-03T20:59:00Z')).toBe(true) // Mon 17:59 SP
    expect(at('2024-06-08T14:00:00Z')).toBe(true) // Sat 11:00 SP
    expect(at('2024-06-08T15:00:00Z')).toBe(false) // Sat 12:00 SP
    expect(at('2024-06-09T15:00:00Z')).toBe(false) // Sun 12:00 SP: 00:00–00:00 is closed
    // The same instant in Tokyo is Monday 20:30: closed there, open in São Paulo.
    expect(at('2024-06-03T11:30:00Z', TOKYO)).toBe(false)
    // Sunday 23:30 UTC is Monday 08:30 in Tokyo (open) and Sunday 20:30 in São Paulo (closed).
    expect(at('2024-06-02T23:30:00Z', TOKYO)).toBe(true)
    expect(at('2024-06-02T23:30:00Z', SP)).toBe(false)
  })

  it('a range past midnight belongs to the day it starts', () => {
    const night: ScheduleRow[] = [{ weekday: 'Sexta-feira', weekdayEn: 'friday', startTime: '22:00', endTime: '02:00' }]
    expect(isOpenAt(night, new Date('2024-06-08T01:30:00Z'), SP)).toBe(true) // Fri 22:30 SP
    expect(isOpenAt(night, new Date('2024-06-08T04:30:00Z'), SP)).toBe(true) // Sat 01:30 SP: Friday's range
    expect(isOpenAt(night, new Date('2024-06-08T05:00:00Z'), SP)).toBe(false) // Sat 02:00 SP
    expect(isOpenAt(night, new Date('2024-06-07T04:30:00Z'), SP)).toBe(false) // Fri 01:30 SP: Thursday has no range
    expect(isOpenAt(night, new Date('2024-06-08T00:59:00Z'), SP)).toBe(false) // Fri 21:59 SP
  })

  it('empty times or a missing day mean closed', () => {
    const rows: ScheduleRow[] = [{ weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '', endTime: '' }]
    expect(isOpenAt(rows, new Date('2024-06-03T15:00:00Z'), SP)).toBe(false)
    expect(isOpenAt([], new Date('2024-06-03T15:00:00Z'), SP)).toBe(false)
  })
})
