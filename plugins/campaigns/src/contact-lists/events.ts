/**
 * Contact list events on the bus and their frames:
 * `company-{id}-ContactList` and `company-{id}-ContactListItem` to the company room,
 * { action: 'create'|'update', record } or { action: 'delete', id }; an import sends one
 * { action: 'reload', contactListId } for the list's items instead of a frame per row.
 */
import type { Kernel } from '@atende/sdk'
import type { ContactListItemWire, ContactListWire } from './api.ts'

declare module '@atende/sdk' {
  interface EventMap {
    'contactList.saved': { companyId: number; action: 'create' | 'update'; record: ContactListWire }
    'contactList.deleted': { companyId: number; id: number }
    'contactListItem.saved': { companyId: number; action: 'create' | 'update'; record: ContactListItemWire }
    'contactListItem.deleted': { companyId: number; id: number; contactListId: number }
    'contactListItem.imported': { companyId: number; contactListId: number; created: number; updated: number }
  }
}

export function mapContactListRealtime(kernel: Kernel) {
  const rooms = (companyId: number) => [`company-${companyId}`]
  const lists = (companyId: number) => `company-${companyId}-ContactList`
  const items = (companyId: number) => `company-${companyId}-ContactListItem`
  kernel.realtime.map('contactList.saved', (p) => ({
    rooms: rooms(p.companyId),
    event: lists(p.companyId),
    data: { action: p.action, record: p.record },
  }))
  kernel.realtime.map('contactList.deleted', (p) => ({
    rooms: rooms(p.companyId),
    event: lists(p.companyId),
    data: { action: 'delete', id: p.id },
  }))
  kernel.realtime.map('contactListItem.saved', (p) => ({
    rooms: rooms(p.companyId),
    event: items(p.companyId),
    data: { action: p.action, record: p.record },
  }))
  kernel.realtime.map('contactListItem.deleted', (p) => ({
    rooms: rooms(p.companyId),
    event: items(p.companyId),
    data: { action: 'delete', id: p.id, contactListId: p.contactListId },
  }))
  kernel.realtime.map('contactListItem.imported', (p) => ({
    rooms: rooms(p.companyId),
    event: items(p.companyId),
    data: { action: 'reload', contactListId: p.contactListId },
  }))
}
