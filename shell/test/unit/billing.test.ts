/**
 * modules/billing's pure rules: dates, money, statuses, plan order, the
 * payment event, the wizard's validation and payload.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import i18next from 'i18next'
import { formatMoney } from '../../../core/ui/src/money.ts'
import {
  REDIRECT_MS,
  compareInvoices,
  formatDay,
  formatInstantDay,
  invoiceMatches,
  invoiceStatus,
  invoiceToPay,
  isPaymentDone,
  localDay,
  orderPlans,
  pixAmount,
  planLimit,
  trialDaysLeft,
} from '../../../modules/billing/src/billing.ts'
import {
  DEFAULT_PLAN,
  COUNTRIES,
  emptyAddress,
  initialPlan,
  stepOfField,
  subscriptionPayload,
  validateAddress,
  zipcodeProblem,
} from '../../../modules/billing/src/checkout/checkout.ts'
import type { AddressForm, Invoice, Plan } from '../../../modules/billing/src/types.ts'

const invoice = (p: Partial<Invoice> & { id: number }): Invoice => ({
  detail: `Plano Básico — ${p.id}`,
  value: 30,
  dueDate: '2026-12-10',
  status: 'open',
  paidAt: null,
  planId: 1,
  ...p,
})

const plan = (p: Partial<Plan> & { id: number }): Plan => ({
  name: `Plano ${p.id}`,
  users: 10,
  connections: 10,
  queues: 10,
  value: 30,
  useCampaigns: true,
  useSchedules: true,
  useInternalChat: true,
  useExternalApi: true,
  useKanban: true,
  useOpenAi: true,
  useIntegrations: true,
  ...p,
})

describe('dates and money as the billing screens write them', () => {
  it('writes due dates DD/MM/yyyy in every language, and nothing for a missing one', () => {
    expect(formatDay('2026-12-05')).toBe('05/12/2026')
    expect(formatDay('2027-01-31T00:00:00.000Z')).toBe('31/01/2027')
    expect(formatDay(null)).toBe('')
    expect(formatDay('soon')).toBe('')
    expect(formatInstantDay('not a date')).toBe('')
    expect(formatInstantDay(new Date(2026, 10, 26, 23, 30).toISOString())).toBe('26/11/2026')
    expect(localDay(new Date(2026, 0, 5, 12))).toBe('2026-01-05')
  })

  it("shows values in BRL, the Pix answer's string amount too", () => {
    const plain = (s: string) => s.replace(/\s/g, ' ')
    expect(plain(formatMoney(30, 'pt'))).toBe('R$ 30,00')
    expect(plain(formatMoney(pixAmount('30.00'), 'pt'))).toBe('R$ 30,00')
    expect(plain(formatMoney(pixAmount('1234.5'), 'pt'))).toBe('R$ 1.234,50')
    expect(pixAmount(49.9)).toBe(49.9)
    expect(pixAmount('abc')).toBe(0)
    expect(pixAmount(undefined)).toBe(0)
  })
})

describe('invoice status: paid; expired when due before today and unpaid; otherwise open', () => {
  const today = '2026-11-26'
  it('trusts paid, and works out expired from the due date', () => {
    expect(invoiceStatus({ status: 'paid', dueDate: '2020-01-01' }, today)).toBe('paid')
    expect(invoiceStatus({ status: 'open', dueDate: '2026-11-25' }, today)).toBe('expired')
    expect(invoiceStatus({ status: 'open', dueDate: '2026-11-26' }, today)).toBe('open')
    expect(invoiceStatus({ status: 'expired', dueDate: '2026-12-01' }, today)).toBe('open')
  })

  it('orders newest due date first, searches id and details, and pays the oldest unpaid one', () => {
    const rows = [
      invoice({ id: 1, dueDate: '2026-10-10', status: 'paid' }),
      invoice({ id: 3, dueDate: '2026-12-10' }),
      invoice({ id: 2, dueDate: '2026-11-10' }),
      invoice({ id: 4, dueDate: '2026-12-10' }),
    ]
    expect(
      rows
        .slice()
        .sort(compareInvoices)
        .map((r) => r.id),
    ).toEqual([4, 3, 2, 1])
    expect(invoiceMatches(rows[1]!, '3')).toBe(true)
    expect(invoiceMatches(rows[1]!, 'básico')).toBe(true)
    expect(invoiceMatches(rows[1]!, '4')).toBe(false)
    expect(invoiceMatches(rows[1]!, '  ')).toBe(true)
    expect(invoiceToPay(rows, today)?.id).toBe(2)
    expect(invoiceToPay([rows[0]!], today)).toBeNull()
  })
})

describe('plans page', () => {
  it('puts the current plan first, then by price and name', () => {
    const plans = [plan({ id: 1, value: 30 }), plan({ id: 2, value: 90 }), plan({ id: 3, value: 10, name: 'A' })]
    expect(orderPlans(plans, 2).map((p) => p.id)).toEqual([2, 3, 1])
    expect(orderPlans(plans, null).map((p) => p.id)).toEqual([3, 1, 2])
    expect(plans.map((p) => p.id)).toEqual([1, 2, 3])
  })

  it('reads a limit of 0 as unlimited', () => {
    expect(planLimit(0)).toBe('unlimited')
    expect(planLimit(10)).toBe(10)
    expect(planLimit(null)).toBeNull()
  })

  it('counts trial days from the server, else from the expiration', () => {
    const now = new Date(2026, 10, 26, 10).getTime()
    expect(trialDaysLeft({ trialDaysLeft: 3, trialExpiration: null }, now)).toBe(3)
    expect(trialDaysLeft({ trialDaysLeft: -2, trialExpiration: null }, now)).toBe(0)
    expect(trialDaysLeft({ trialDaysLeft: null, trialExpiration: '2026-11-30' }, now)).toBe(4)
    expect(trialDaysLeft({ trialDaysLeft: null, trialExpiration: '2026-11-20' }, now)).toBe(0)
    expect(trialDaysLeft({ trialDaysLeft: null, trialExpiration: null }, now)).toBeNull()
  })
})

describe('the payment event', () => {
  const frame = { action: 'CONCLUIDA', company: { id: 5, dueDate: '2026-12-26' }, invoiceId: 9 }
  it('is the renewal of the invoice being paid', () => {
    expect(isPaymentDone(frame, 9)).toBe(true)
    expect(isPaymentDone(frame, null)).toBe(true)
    expect(isPaymentDone(frame, 10)).toBe(false)
    expect(isPaymentDone({ ...frame, action: 'PENDENTE' }, 9)).toBe(false)
    expect(isPaymentDone(null, 9)).toBe(false)
    expect(isPaymentDone('CONCLUIDA', 9)).toBe(false)
    expect(REDIRECT_MS).toBe(4000)
  })

  it("says until when, in the spec's words", async () => {
    const read = (l: string) =>
      JSON.parse(readFileSync(new URL(`../../../modules/billing/src/i18n/${l}.json`, import.meta.url), 'utf8'))
    const i18n = i18next.createInstance()
    await i18n.init({
      lng: 'pt',
      interpolation: { escapeValue: false },
      resources: { pt: { translation: read('pt') }, en: { translation: read('en') } },
    })
    const date = formatDay(frame.company.dueDate)
    expect(i18n.t('billing.checkout.success', { date })).toBe('Assinatura renovada até 26/12/2026')
    expect(i18n.getFixedT('en')('billing.checkout.success', { date })).toBe('Subscription renewed until 26/12/2026')
    expect(i18n.t('billing.invoices.status.expired')).toBe('Vencido')
    expect(i18n.t('billing.invoices.pay')).toBe('PAGAR')
  })
})

describe('checkout (steps, validation, defaults)', () => {
  const filled: AddressForm = {
    ...emptyAddress(),
    firstName: ' Ana ',
    address1: 'Rua das Flores, 10',
    city: 'Blumenau',
    zipcode: '89010-000',
  }

  it('requires first name, address, city, zip code and country', () => {
    expect(validateAddress(emptyAddress())).toEqual({
      firstName: 'validation.required',
      address1: 'validation.required',
      city: 'validation.required',
      zipcode: 'validation.required',
    })
    expect(validateAddress({ ...filled, country: '' })).toEqual({ country: 'validation.required' })
    expect(validateAddress({ ...filled, firstName: '   ' })).toEqual({ firstName: 'validation.required' })
    expect(validateAddress(filled)).toEqual({})
  })

  it("checks the zip code's digits for the country", () => {
    expect(COUNTRIES).toEqual(['BR', 'usa'])
    expect(zipcodeProblem('89010-000', 'BR')).toBeNull()
    expect(zipcodeProblem('8901', 'BR')).toBe('billing.checkout.errors.zipcodeBR')
    expect(zipcodeProblem('94103', 'usa')).toBeNull()
    expect(zipcodeProblem('94103-1234', 'usa')).toBeNull()
    expect(zipcodeProblem('941', 'usa')).toBe('billing.checkout.errors.zipcodeUS')
  })

  it("preselects the invoice's plan, else the company's, else the spec's default", () => {
    const plans = [plan({ id: 1 }), plan({ id: 2, value: 60, users: 20, connections: 5 })]
    expect(DEFAULT_PLAN).toEqual({ planId: 1, price: 30, users: 10, connections: 10 })
    expect(initialPlan(plans, { planId: 2 }, 1)).toEqual({ planId: 2, price: 60, users: 20, connections: 5 })
    expect(initialPlan(plans, { planId: null }, 2).planId).toBe(2)
    expect(initialPlan([], null, null)).toEqual(DEFAULT_PLAN)
    expect(initialPlan(plans, { planId: 99 }, null)).toEqual(DEFAULT_PLAN)
  })

  it('posts the spec payload field by field, trimmed, without any card field', () => {
    const body = subscriptionPayload(
      { ...filled, state: ' SC ' },
      { planId: 2, price: 60, users: 20, connections: 5 },
      9,
    )
    expect(body).toEqual({
      firstName: 'Ana',
      lastName: undefined,
      address1: 'Rua das Flores, 10',
      city: 'Blumenau',
      state: 'SC',
      zipcode: '89010-000',
      country: 'BR',
      useAddressForPaymentDetails: false,
      planId: 2,
      price: 60,
      users: 20,
      connections: 5,
      invoiceId: 9,
    })
    expect(Object.keys(body)).not.toContain('cardNumber')
    expect(Object.keys(body)).not.toContain('cvv')
    // The plans could not be listed: the default on screen chooses nothing.
    expect(
      subscriptionPayload(filled, { planId: 1, price: 30, users: 10, connections: 10 }, 9, false).planId,
    ).toBeNull()
  })

  it("sends a server's field error back to its step", () => {
    expect(stepOfField('zipcode')).toBe(0)
    expect(stepOfField('planId')).toBe(1)
    expect(stepOfField('invoiceId')).toBeNull()
    expect(stepOfField(undefined)).toBeNull()
  })
})
