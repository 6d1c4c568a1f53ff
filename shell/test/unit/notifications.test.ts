import { describe, expect, it } from 'vitest'
import { applyUnread, notifies, removeUnread } from '../../../modules/tickets/src/notifications/unread.ts'
import type { Ticket } from '../../../modules/tickets/src/types.ts'

const ME = 7
function tk(id: number, over: Partial<Ticket> = {}): Ticket {
  return {
    id,
    uuid: `u${id}`,
    companyId: 1,
    contactId: id,
    whatsappId: 1,
    userId: null,
    queueId: null,
    status: 'pending',
    isGroup: false,
    chatbot: false,
    lastMessage: 'oi',
    unreadMessages: 1,
    origin: '',
    useIntegration: false,
    integrationId: null,
    promptId: null,
    isReturningCustomer: false,
    amountUsedBotQueues: 0,
    createdAt: '2026-11-20T12:00:00Z',
    updatedAt: `2026-11-20T12:00:${String(id).padStart(2, '0')}Z`,
    contact: { id, name: `C${id}`, number: '5511999990000', profilePicUrl: '', isGroup: false },
    queue: null,
    user: null,
    whatsapp: null,
    tags: [],
    ...over,
  }
}

describe('unread-ticket popover rules', () => {
  it("lists unread tickets that are the viewer's own or unassigned, never resolved ones", () => {
    expect(notifies(tk(1), ME)).toBe(true)
    expect(notifies(tk(1, { userId: ME, status: 'open' }), ME)).toBe(true)
    expect(notifies(tk(1, { userId: 9, status: 'open' }), ME)).toBe(false)
    expect(notifies(tk(1, { unreadMessages: 0 }), ME)).toBe(false)
    expect(notifies(tk(1, { status: 'closed' }), ME)).toBe(false)
  })

  it('adds a new one on top, newest first, and keeps the contact a frame lacks', () => {
    let list = applyUnread([], tk(1), ME)
    list = applyUnread(list, tk(2), ME)
    expect(list.map((t) => t.id)).toEqual([2, 1])
    list = applyUnread(list, { ...tk(1, { updatedAt: '2026-11-20T12:01:00Z', unreadMessages: 3 }), contact: null }, ME)
    expect(list.map((t) => [t.id, t.unreadMessages])).toEqual([
      [1, 3],
      [2, 1],
    ])
    expect(list[0]!.contact?.name).toBe('C1')
  })

  it('drops a ticket once read, resolved, taken by someone else or deleted', () => {
    const list = [tk(3), tk(2), tk(1)]
    expect(applyUnread(list, tk(3, { unreadMessages: 0 }), ME).map((t) => t.id)).toEqual([2, 1])
    expect(applyUnread(list, tk(2, { status: 'closed' }), ME).map((t) => t.id)).toEqual([3, 1])
    expect(applyUnread(list, tk(1, { userId: 9, status: 'open' }), ME).map((t) => t.id)).toEqual([3, 2])
    expect(removeUnread(list, 2).map((t) => t.id)).toEqual([3, 1])
    // An unrelated ticket leaves the same list.
    expect(applyUnread(list, tk(9, { unreadMessages: 0 }), ME)).toBe(list)
  })
})
