/**
 * The billing events this plugin adds to the bus, and how they reach sockets: a settled payment goes
 * to the company's room as `company-{id}-payment` { action: 'CONCLUIDA', company: { id, dueDate }, invoiceId }
 * (the checkout shows the renewed-until date and goes home).
 */
import type { Kernel } from '@atende/sdk'
import type { PaymentFrame } from './api.ts'

declare module '@atende/sdk' {
  interface EventMap {
    'billing.paid': { companyId: number; invoiceId: number; dueDate: string | null }
  }
}

export function mapRealtime(kernel: Kernel) {
  kernel.realtime.map('billing.paid', ({ companyId, invoiceId, dueDate }) => ({
    rooms: [`company-${companyId}`],
    event: `company-${companyId}-payment`,
    data: { action: 'CONCLUIDA', company: { id: companyId, dueDate }, invoiceId } satisfies PaymentFrame,
  }))
}
