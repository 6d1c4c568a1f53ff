import type { Kernel } from '@atende/sdk'
import type { Announce } from './announce.ts'

const ORDER = ['queued', 'sent', 'delivered', 'read'] as const
type Reached = (typeof ORDER)[number]

/**
 * A recipient follows its message (message.updated, as the connection reports it): sent when the
 * network took it, delivered and read by the phone's acks, failed with the reason. Never
 * downgraded (Chatwoot PR #15276): a late "sent" after "read" changes nothing.
 */
export function followDelivery(kernel: Kernel, announce: Announce) {
  kernel.bus.on('message.updated', async ({ companyId, message }) => {
    // Campaign messages are the company's own, sent by no one.
    if (!message.fromMe || message.userId) return
    const rows = kernel.tenant(companyId)('campaign_recipients').where({ messageId: message.id })
    if (message.sendStatus === 'failed') {
      const changed = await rows
        .clone()
        .where({ status: 'queued' })
        .update({ status: 'failed', error: (message.sendError ?? 'not sent').slice(0, 500) })
        .returning('campaignId')
      for (const c of changed) announce(companyId, c.campaignId)
      return
    }
    const reached: Reached | null =
      message.ack >= 4
        ? 'read'
        : message.ack >= 3
          ? 'delivered'
          : message.sendStatus === 'sent' || message.ack >= 1
            ? 'sent'
            : null
    if (!reached) return
    const below = ORDER.slice(0, ORDER.indexOf(reached))
    const now = new Date()
    const changed = await rows
      .clone()
      .whereIn('status', below)
      .update({
        status: reached,
        sentAt: kernel.db.raw('coalesce("sentAt", ?)', [now]),
        ...(reached !== 'sent' ? { deliveredAt: kernel.db.raw('coalesce("deliveredAt", ?)', [now]) } : {}),
      })
      .returning('campaignId')
    for (const c of changed) announce(companyId, c.campaignId)
  })
}
