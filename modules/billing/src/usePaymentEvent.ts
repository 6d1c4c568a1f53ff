import { useRealtime, useSession } from '@atende/client'
import { isPaymentDone } from './billing.ts'
import type { PaymentFrame } from './types.ts'

/**
 * Calls `onPaid` when the company's `company-{id}-payment` event says a payment renewed it (action
 * CONCLUIDA), for `invoiceId` when one is given. The session's copy of the company's
 * due date follows, so the top bar shows the new one.
 */
export function usePaymentEvent(onPaid: (frame: PaymentFrame) => void, invoiceId: number | null = null) {
  const { companyId, token, user, session } = useSession()
  useRealtime<unknown>(companyId ? `company-${companyId}-payment` : null, (frame) => {
    if (!isPaymentDone(frame, invoiceId)) return
    const dueDate = frame.company?.dueDate
    if (token && user?.company && dueDate && user.company.dueDate !== dueDate)
      session.saveLogin({ token, user: { ...user, company: { ...user.company, dueDate } } })
    onPaid(frame)
  })
}
