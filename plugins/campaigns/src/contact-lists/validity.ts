import type { Kernel } from '@atende/sdk'
import type { ContactListItemWire } from './api.ts'
import type { ServiceRef } from '@atende/sdk'

/**
 * What the campaigns plugin needs of the connections service to fill isWhatsappValid: ask the
 * company's connection's provider (the simulator answers; Baileys asks the network with
 * onWhatsApp) whether each number has WhatsApp. True/false per number it could answer, null (or
 * absent) for those it could not (no connected connection, network error).
 *
 * `ConnectionsService` publishes no such method yet: until it does, items stay null ("not
 * checked") and this does nothing.
 */
export interface NumberChecker {
  checkNumbers(companyId: number, numbers: string[]): Promise<Record<string, boolean | null>>
}

const CHECK_BATCH = 500

export function createValidityChecker(kernel: Kernel) {
  const checker = () => {
    const service = kernel.services.find<ServiceRef<'connections', Partial<NumberChecker>>>('connections')
    return typeof service?.checkNumbers === 'function' ? (service as NumberChecker) : null
  }

  /** Up to this many answers are announced one by one; more, as one reload of each list. */
  const ANNOUNCE_EACH_MAX = 50

  async function run(companyId: number, items: ContactListItemWire[]) {
    const provider = checker()
    if (!provider) return
    for (let i = 0; i < items.length; i += CHECK_BATCH) {
      const batch = items.slice(i, i + CHECK_BATCH)
      const answers = await provider.checkNumbers(companyId, [...new Set(batch.map((b) => b.number))])
      const answered = batch.flatMap((item) => {
        const valid = answers[item.number]
        return typeof valid === 'boolean' ? [{ ...item, isWhatsappValid: valid }] : []
      })
      if (!answered.length) continue
      await kernel.unitOfWork(companyId, async ({ t, emit }) => {
        // Two statements a batch; a row whose number changed meanwhile keeps its own state.
        const changed = new Set<number>()
        for (const valid of [true, false]) {
          const rows = answered.filter((a) => a.isWhatsappValid === valid)
          if (!rows.length) continue
          const ids = await t('contact_list_items')
            .where((w) => {
              for (const r of rows) w.orWhere({ id: r.id, number: r.number })
            })
            .update({ isWhatsappValid: valid })
            .returning('id')
          for (const { id } of ids) changed.add(id)
        }
        const done = answered.filter((a) => changed.has(a.id))
        if (done.length <= ANNOUNCE_EACH_MAX)
          for (const record of done) emit('contactListItem.saved', { companyId, action: 'update', record })
        else
          for (const contactListId of new Set(done.map((d) => d.contactListId)))
            emit('contactListItem.imported', { companyId, contactListId, created: 0, updated: 0 })
      })
    }
  }

  return {
    /** After create or import: checked in the background; failures are logged, items stay unchecked. */
    check(companyId: number, items: ContactListItemWire[]) {
      if (!items.length || !checker()) return
      run(companyId, items).catch((err) => kernel.log.warn({ err, companyId }, 'contact list: WhatsApp check failed'))
    },
  }
}
