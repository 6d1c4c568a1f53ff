import { describe, it, expect } from 'vitest'
import { renewedDueDate } from '../src/billing-service.ts'

/** The renewal the billing plugin asks for through `companies.billing` (the route test is billing's). */
describe('renewedDueDate', () => {
  const now = new Date('2027-03-10T12:00:00.000Z')

  it('extends from the current due date while it is ahead', () => {
    expect(renewedDueDate('2027-03-31T15:00:00.000Z', 'MENSAL', now).toISOString()).toBe('2027-04-30T15:00:00.000Z')
    expect(renewedDueDate('2027-08-31T00:00:00.000Z', 'SEMESTRAL', now).toISOString()).toBe('2028-02-29T00:00:00.000Z')
    expect(renewedDueDate('2027-05-31T00:00:00.000Z', 'ANUAL', now).toISOString()).toBe('2028-05-31T00:00:00.000Z')
  })

  it('extends from now once the due date has passed, or when there is none', () => {
    expect(renewedDueDate('2027-01-31T00:00:00.000Z', 'BIMESTRAL', now).toISOString()).toBe('2027-05-10T12:00:00.000Z')
    expect(renewedDueDate(null, 'TRIMESTRAL', now).toISOString()).toBe('2027-06-10T12:00:00.000Z')
    // An unknown recurrence is monthly.
    expect(renewedDueDate(null, 'X', now).toISOString()).toBe('2027-04-10T12:00:00.000Z')
  })
})
