import type { TestApp } from '@atende/kernel/testing'
import type { ContactsRef } from '@atende/plugin-contacts/api'
import type { TicketsRef } from '@atende/plugin-tickets/api'

let seq = 0

/** A ticket of the company, written through the contacts and tickets services (no ticket routes yet). */
export async function ticketIn(t: TestApp, companyId: number, userId: number | null = null) {
  const k = t.app.kernel
  seq += 1
  return k.unitOfWork(companyId, async (uow) => {
    const [{ contact }] = await k.services
      .get<ContactsRef>('contacts')
      .upsertMany(uow, [{ number: `55479${String(10_000_000 + seq * 7919).slice(-8)}` }])
    return k.services
      .get<TicketsRef>('tickets')
      .findOrOpen(uow, { contactId: contact.id, whatsappId: 1000 + seq, userId, isGroup: false })
  })
}

/** Bus delivery may pass through Redis: poll for the condition (the kernel's shared helper). */
export { until } from '@atende/kernel/testing'
