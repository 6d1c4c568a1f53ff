import type { Kernel } from '@atende/sdk'
import type { ContactListItemWire } from './api.ts'

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
    const service = kernel.services.find<Partial<NumberChecker>>('connections')
    return typeof service?.checkNumbers === 'function' ? (service as NumberChecker) : null
  }

  async function run(companyId: number, items: ContactListItemWire[]) {
    const provider = checker()
    if (!provider) return
    for (let i = 0; i < items.length; i += CHECK_BATCH) {
      const batch = items.slice(i, i + CHECK_BATCH)
      const answers = await provider.checkNumbers(companyId, [...new Set(batch.map((b) => b.number))])
      for (const item of batch) {
        const valid = answers[item.number]
        if (typeof valid !== 'boolean') continue
        await kernel.unitOfWork(companyId, async ({ t, emit }) => {
          const [row] = await t('contact_list_items')
            .where({ id: item.id, number: item.number })
            .update({ isWhatsappValid: valid })
            .returning('updatedAt')
          if (row)
            emit('contactListItem.saved', { companyId, action: 'update', record: { ...item, isWhatsappValid: valid } })
        })
      }
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
