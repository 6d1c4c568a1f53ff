import { usePagedList } from '@atende/ui'
import { compareInvoices, invoiceMatches } from './billing.ts'
import type { Invoice } from './types.ts'
import { usePaymentEvent } from './usePaymentEvent.ts'

/** GET /api/invoices/all page by page (`{ list, hasMore }`); a payment reloads the first page live. */
export function useInvoices(search: string) {
  const list = usePagedList<Invoice>({
    path: '/invoices/all',
    key: 'list',
    search,
    compare: compareInvoices,
    matches: invoiceMatches,
    name: 'invoices',
  })
  // The paid invoice (and the next one the renewal may have made) are the newest rows.
  usePaymentEvent(list.refresh)
  return list
}
