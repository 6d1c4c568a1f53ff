import type { Kernel, UnitOfWork } from '@atende/sdk'

/** A stored customer message whose routing chain has not finished. */
export interface PendingRoute {
  messageId: number
  whatsappId: number
  ticketId: number
  contactId: number
  isNewTicket: boolean
}

/**
 * The routing outbox: a customer message's `routing_pending` row is written in the transaction that
 * stores the message and deleted once its routing chain has run, so a process that dies between
 * the commit and the chain leaves the row, and the next process to start that connection's
 * session routes the message then. At least once: a crash after the chain ran but before its row
 * was deleted routes it again. Deletes are gathered per company and written together, one
 * statement per turn of the event loop, so a burst costs a few statements, not one per message.
 */
export function createRoutingOutbox(kernel: Kernel) {
  const finished = new Map<number, number[]>()
  let writing: Promise<void> = Promise.resolve()
  let scheduled = false

  async function deleteFinished() {
    scheduled = false
    const batches = [...finished]
    finished.clear()
    for (const [companyId, ids] of batches) {
      try {
        await kernel.tenant(companyId)('routing_pending').whereIn('messageId', ids).del()
      } catch (err) {
        // Left rows are routed again at the connection's next start: at least once, never lost.
        kernel.log.warn({ err, companyId, count: ids.length }, 'routing outbox: finished rows not deleted')
      }
    }
  }

  return {
    /** In the transaction that stores the messages. */
    async add(uow: UnitOfWork, rows: PendingRoute[]) {
      if (rows.length) await uow.t.insert('routing_pending', rows)
    },
    /** The message's chain ran (handled, passed or failed and logged): its row goes. Resolves once deleted. */
    finish(companyId: number, messageId: number): Promise<void> {
      const ids = finished.get(companyId) ?? []
      ids.push(messageId)
      finished.set(companyId, ids)
      if (!scheduled) {
        scheduled = true
        writing = writing.then(() => new Promise<void>((r) => setImmediate(r))).then(deleteFinished)
      }
      return writing
    },
    /** The connection's messages left unrouted, oldest first. */
    async pending(companyId: number, whatsappId: number): Promise<Array<PendingRoute & { createdAt: Date | string }>> {
      return kernel
        .tenant(companyId)('routing_pending')
        .where({ whatsappId })
        .orderBy('messageId')
        .select('messageId', 'whatsappId', 'ticketId', 'contactId', 'isNewTicket', 'createdAt')
    },
    /** Resolves once every finished row so far is deleted. */
    written: () => writing,
  }
}
export type RoutingOutbox = ReturnType<typeof createRoutingOutbox>
