/**
 * Contact events on the bus and their realtime channel (company-{id}-contact, frames
 * `{ action, … }`): create and update carry the contact, delete its id. A bulk upload announces
 * itself once (`{ action: 'reload', count }`) rather than with one frame per row: open lists reload.
 */
import type { Kernel } from '@atende/sdk'
import type { Contact, ContactFrameSent } from './api.ts'

declare module '@atende/sdk' {
  interface EventMap {
    /** Created on the screen or by an upload of a few rows. */
    'contact.created': { companyId: number; contact: Contact }
    /** Changed, or created by the inbound pipeline (its upsert announces both as updates). */
    'contact.updated': { companyId: number; contact: Contact }
    'contact.deleted': { companyId: number; contactId: number }
    /** An upload or address-book import added many contacts at once. */
    'contact.imported': { companyId: number; count: number }
  }
}

export function mapRealtime(kernel: Kernel) {
  const channel = (companyId: number) => ({ rooms: [`company-${companyId}`], event: `company-${companyId}-contact` })
  kernel.realtime.map('contact.created', (p) => ({
    ...channel(p.companyId),
    data: { action: 'create', contact: p.contact } satisfies ContactFrameSent,
  }))
  kernel.realtime.map('contact.updated', (p) => ({
    ...channel(p.companyId),
    data: { action: 'update', contact: p.contact } satisfies ContactFrameSent,
  }))
  kernel.realtime.map('contact.deleted', (p) => ({
    ...channel(p.companyId),
    data: { action: 'delete', contactId: p.contactId } satisfies ContactFrameSent,
  }))
  kernel.realtime.map('contact.imported', (p) => ({
    ...channel(p.companyId),
    data: { action: 'reload', count: p.count } satisfies ContactFrameSent,
  }))
}
