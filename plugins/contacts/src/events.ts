/** Contact events on the bus and their realtime channel (core.md §7: company-{id}-contact). */
import type { Kernel } from '@atende/sdk'
import type { Contact } from './api.ts'

declare module '@atende/sdk' {
  interface EventMap {
    'contact.updated': { companyId: number; contact: Contact }
    'contact.deleted': { companyId: number; contactId: number }
  }
}

export function mapRealtime(kernel: Kernel) {
  kernel.realtime.map('contact.updated', (p) => ({ rooms: [`company-${p.companyId}`], event: `company-${p.companyId}-contact`, data: { action: 'update', contact: p.contact } }))
  kernel.realtime.map('contact.deleted', (p) => ({ rooms: [`company-${p.companyId}`], event: `company-${p.companyId}-contact`, data: { action: 'delete', contactId: p.contactId } }))
}
