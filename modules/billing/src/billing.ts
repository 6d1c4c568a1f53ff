/**
 * The billing screens' rules, pure (tested alone in shell/test/unit/billing.test.ts): dates, invoice
 * status, plan order and features, the payment event.
 */
import type { BadgeTone } from '@atende/ui'
import type { Invoice, InvoiceStatus, PaymentFrame, Plan } from './types.ts'
import { PLAN_FLAGS } from '@atende/sdk/values'

/** Home 4 s after the payment event. */
export const REDIRECT_MS = 4000

/** 'YYYY-MM-DD' (or a full ISO date) as DD/MM/yyyy, in every language. */
export function formatDay(iso: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso ?? '')
  return m ? `${m[3]}/${m[2]}/${m[1]}` : ''
}

/** Today as YYYY-MM-DD in local time: the due date is a day, compared as the user sees it. */
export function localDay(now: Date = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0')
  return `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`
}

/** An instant (ISO date-time) as the local day it falls on, DD/MM/yyyy; '' when unreadable. */
export function formatInstantDay(iso: string | null | undefined): string {
  const d = new Date(iso ?? '')
  return Number.isFinite(d.getTime()) ? formatDay(localDay(d)) : ''
}

/**
 * Paid; expired when the due date is before today and
 * it is unpaid; otherwise open. Worked out again here so a page left open past midnight stays right.
 */
export function invoiceStatus(invoice: Pick<Invoice, 'status' | 'dueDate'>, today: string = localDay()): InvoiceStatus {
  if (invoice.status === 'paid') return 'paid'
  return invoice.dueDate.slice(0, 10) < today ? 'expired' : 'open'
}

export const STATUS_TONE: Record<InvoiceStatus, BadgeTone> = { paid: 'success', open: 'warning', expired: 'danger' }

const DAY_MS = 86_400_000

/**
 * Trial days left on /subscription: the server's count when it sends one, else
 * the days from now to the trial's expiration, a part of a day counting as one (a date-only
 * expiration is that day's local midnight); 0 once it passed; null without a trial.
 */
export function trialDaysLeft(
  info: { trialDaysLeft: number | null; trialExpiration: string | null },
  now: number = Date.now(),
): number | null {
  if (typeof info.trialDaysLeft === 'number' && Number.isFinite(info.trialDaysLeft))
    return Math.max(0, Math.floor(info.trialDaysLeft))
  if (!info.trialExpiration) return null
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(info.trialExpiration)
  const end = day
    ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])).getTime()
    : new Date(info.trialExpiration).getTime()
  if (!Number.isFinite(end)) return null
  return Math.max(0, Math.ceil((end - now) / DAY_MS))
}

/** The list's order (the server's): newest due date first, then newest id. */
export function compareInvoices(a: Invoice, b: Invoice): number {
  return a.dueDate < b.dueDate ? 1 : a.dueDate > b.dueDate ? -1 : b.id - a.id
}

/** Whether an invoice belongs to the list of a search text (its id or its details). */
export function invoiceMatches(invoice: Invoice, search: string): boolean {
  const s = search.trim().toLowerCase()
  return !s || String(invoice.id) === s || invoice.detail.toLowerCase().includes(s)
}

/** The invoice the sign-now button pays: the oldest one still unpaid (expired before open). */
export function invoiceToPay(invoices: Invoice[], today: string = localDay()): Invoice | null {
  const unpaid = invoices.filter((i) => invoiceStatus(i, today) !== 'paid')
  unpaid.sort((a, b) => (a.dueDate < b.dueDate ? -1 : a.dueDate > b.dueDate ? 1 : a.id - b.id))
  return unpaid[0] ?? null
}

/** /plans: the company's plan first, the others by price then name. */
export function orderPlans(plans: Plan[], currentId: number | null): Plan[] {
  return plans
    .slice()
    .sort(
      (a, b) =>
        Number(b.id === currentId) - Number(a.id === currentId) || a.value - b.value || a.name.localeCompare(b.name),
    )
}

/** The feature flags a plan card ticks: the platform's plan flags, in order. */
export const PLAN_FEATURES = PLAN_FLAGS satisfies readonly (keyof Plan)[]
export type PlanFeature = (typeof PLAN_FEATURES)[number]

/** A limit as the card shows it: 0 is unlimited (plans plugin), null when unknown. */
export function planLimit(n: number | null | undefined): number | 'unlimited' | null {
  if (n == null || !Number.isFinite(n)) return null
  return n <= 0 ? 'unlimited' : n
}

/**
 * Whether a realtime frame is the payment that renewed this company (action CONCLUIDA) — for the
 * invoice being paid when one is named on both sides.
 */
export function isPaymentDone(frame: unknown, invoiceId: number | null): frame is PaymentFrame {
  if (!frame || typeof frame !== 'object') return false
  const f = frame as PaymentFrame
  if (f.action !== 'CONCLUIDA') return false
  return invoiceId == null || f.invoiceId == null || f.invoiceId === invoiceId
}

/** Pix amounts arrive as strings ('30.00'); an unreadable one shows as 0 rather than NaN. */
export function pixAmount(original: string | number | null | undefined): number {
  const n = typeof original === 'number' ? original : Number.parseFloat(original ?? '')
  return Number.isFinite(n) ? n : 0
}
