/**
 * The checkout wizard's rules, pure (tested in shell/test/unit/billing.test.ts): steps, the address
 * step's validation, the default plan and the payload.
 */
import type { Errors } from '@atende/ui'
import type { AddressForm, Country, Invoice, Plan, SubscriptionPayload } from '../types.ts'

/** 0 address data, 1 plan, 2 review and pay. */
export const STEPS = ['data', 'customize', 'review'] as const
export type Step = 0 | 1 | 2

/** Country options. */
export const COUNTRIES: readonly Country[] = ['BR', 'usa']

/** The plan chosen in step 1: what the payload carries about it. */
export interface PlanChoice {
  planId: number
  price: number
  users: number
  connections: number
}

/** The default checkout plan (id 1, price 30, 10 users, 10 connections). */
export const DEFAULT_PLAN: PlanChoice = { planId: 1, price: 30, users: 10, connections: 10 }

export const emptyAddress = (): AddressForm => ({
  firstName: '',
  lastName: '',
  address1: '',
  city: '',
  state: '',
  zipcode: '',
  country: 'BR',
  useAddressForPaymentDetails: false,
})

export type AddressField = keyof Omit<AddressForm, 'useAddressForPaymentDetails'>
export const ADDRESS_FIELDS: readonly AddressField[] = [
  'firstName',
  'lastName',
  'address1',
  'city',
  'state',
  'zipcode',
  'country',
]

/** Lengths the inputs allow: the server's (plugins/billing SubscriptionBody). */
export const MAX = { name: 100, address1: 200, city: 100, state: 100, zipcode: 20 } as const

/**
 * A zip code that can be right for the country: a CEP has 8 digits (00000-000), a US ZIP 5 or 9.
 * Returns an i18n key of this module, or null.
 */
export function zipcodeProblem(zipcode: string, country: AddressForm['country']): string | null {
  const d = zipcode.replace(/\D/g, '')
  if (country === 'BR') return d.length === 8 ? null : 'billing.checkout.errors.zipcodeBR'
  if (country === 'usa') return d.length === 5 || d.length === 9 ? null : 'billing.checkout.errors.zipcodeUS'
  return null
}

/** The shell's shared 'Obrigatório' (the kit's rules.required, kept here so this file stays pure). */
const required = (v: string) => (v.trim() ? null : 'validation.required')

/**
 * FirstName, address1, city, zipcode and country
 * required. Values are i18n keys (the shell's `validation.*`, or this module's).
 */
export function validateAddress(form: AddressForm): Errors<AddressForm> {
  const errors: Errors<AddressForm> = {
    firstName: required(form.firstName),
    address1: required(form.address1),
    city: required(form.city),
    zipcode: required(form.zipcode) ?? zipcodeProblem(form.zipcode, form.country),
    country: COUNTRIES.includes(form.country as Country) ? null : 'validation.required',
  }
  return Object.fromEntries(Object.entries(errors).filter(([, v]) => v)) as Errors<AddressForm>
}

/** The plan preselected for an invoice: its own plan, else the company's, else the spec's default. */
export function initialPlan(plans: Plan[], invoice: Pick<Invoice, 'planId'> | null, companyPlanId: number | null) {
  const wanted = invoice?.planId ?? companyPlanId ?? DEFAULT_PLAN.planId
  const plan = plans.find((p) => p.id === wanted)
  return plan ? choiceOf(plan) : { ...DEFAULT_PLAN }
}

export const choiceOf = (plan: Plan): PlanChoice => ({
  planId: plan.id,
  price: plan.value,
  users: plan.users,
  connections: plan.connections,
})

const optional = (v: string) => (v.trim() ? v.trim() : undefined)

/**
 * The body of POST /api/subscription, field by field (never a spread form). No card fields: payment
 * is by Pix (see the module's index.ts). `chosen` is false when the plans could not be listed: the
 * spec's default plan on screen is then no choice, and the invoice keeps its own plan.
 */
export function subscriptionPayload(
  form: AddressForm,
  plan: PlanChoice,
  invoiceId: number,
  chosen = true,
): SubscriptionPayload {
  return {
    firstName: form.firstName.trim(),
    lastName: optional(form.lastName),
    address1: form.address1.trim(),
    city: form.city.trim(),
    state: optional(form.state),
    zipcode: form.zipcode.trim(),
    country: form.country as Country,
    useAddressForPaymentDetails: form.useAddressForPaymentDetails,
    planId: chosen ? plan.planId : null,
    price: plan.price,
    users: plan.users,
    connections: plan.connections,
    invoiceId,
  }
}

/** The step a server error's field belongs to: address fields to 0, the plan's to 1. */
export function stepOfField(field: string | undefined): Step | null {
  if (!field) return null
  if ((ADDRESS_FIELDS as readonly string[]).includes(field)) return 0
  if (['planId', 'price', 'users', 'connections'].includes(field)) return 1
  return null
}
