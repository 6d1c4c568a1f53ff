import type { Kernel } from '@atende/sdk'
// Listens to the tickets plugin's events (message.updated): its contract declares them.
import type { Message, TicketsRef } from '@atende/plugin-tickets/api'
import type { Announce } from './announce.ts'
import { pauseColumns } from './pause.ts'

const ORDER = ['queued', 'sent', 'delivered', 'read'] as const
type Reached = (typeof ORDER)[number]

/**
 * A recipient follows its message (message.updated, as the connection reports it): sent when the
 * network took it, delivered and read by the phone's acks, failed with the reason. Never
 * downgraded (Chatwoot PR #15276): a late "sent" after "read" changes nothing. When failures jump,
 * the campaign is paused (CANCELADA, with the reason): restarting it is the admin's call.
 */
export function followDelivery(kernel: Kernel, announce: Announce) {
  kernel.bus.on('message.updated', ({ companyId, message }) => mark(kernel, announce, companyId, message))
}

type FollowedMessage = Pick<Message, 'id' | 'fromMe' | 'userId' | 'sendStatus' | 'sendError' | 'ack'>

/** Moves the recipients of one campaign message to where the message is. */
async function mark(kernel: Kernel, announce: Announce, companyId: number, message: FollowedMessage) {
  // Campaign messages are the company's own, sent by no one.
  if (!message.fromMe || message.userId) return
  const rows = kernel.tenant(companyId)('campaign_recipients').where({ messageId: message.id })
  if (message.sendStatus === 'failed') {
    const changed = await rows
      .clone()
      .where({ status: 'queued' })
      .update({ status: 'failed', error: (message.sendError ?? 'not sent').slice(0, 500) })
      .returning('campaignId')
    for (const c of changed) {
      announce(companyId, c.campaignId)
      await pauseOnFailures(kernel, companyId, c.campaignId)
    }
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
  for (const c of changed) {
    announce(companyId, c.campaignId)
    // A send that went through also moves the window the failure rate is read in.
    await pauseOnFailures(kernel, companyId, c.campaignId)
  }
}

/** A recipient queued longer than this without news is looked at again. */
const STALE_MS = 15_000
const BATCH = 200

/**
 * The bus delivers at most once: a process killed between a message's send and its
 * `message.updated` leaves the recipient queued for good. Each call (from the engine's tick, every
 * RECONCILE_EVERY_MS at most) reads the next batch of recipients queued over STALE_MS ago, by id
 * through a partial index, asks the tickets plugin where their messages are, and marks them like
 * the event would have. The cursor goes round: messages still waiting are looked at again later.
 */
export function deliveryReconciler(kernel: Kernel, announce: Announce, opts: { everyMs: number }) {
  const tickets = () => kernel.services.get<TicketsRef>('tickets')
  let cursor = 0
  let last = 0
  return async function reconcile(now = Date.now()) {
    if (now - last < opts.everyMs) return 0
    last = now
    // Every company's recipients: a platform pass like the engine's tick, each mark then scoped.
    const rows: { id: number; companyId: number; messageId: number | null }[] = await kernel
      .db('campaign_recipients')
      .where({ status: 'queued' })
      .where('id', '>', cursor)
      .where('queuedAt', '<', new Date(now - STALE_MS))
      .orderBy('id')
      .limit(BATCH)
      .select('id', 'companyId', 'messageId')
    cursor = rows.length < BATCH ? 0 : rows[rows.length - 1]!.id
    let looked = 0
    for (const r of rows) {
      if (!r.messageId) continue
      const message = await tickets().getMessage(r.companyId, r.messageId)
      if (message) await mark(kernel, announce, r.companyId, message)
      looked++
    }
    return looked
  }
}

/** The automatic pause: over 5 % failed among the last 50 sends since it (re)started, once 20 are known. */
const WINDOW = 50
const MIN_KNOWN = 20
const MAX_FAILED = 0.05

async function pauseOnFailures(kernel: Kernel, companyId: number, campaignId: number) {
  const t = kernel.tenant(companyId)
  const c = await t('campaigns').where({ id: campaignId, status: 'EM_ANDAMENTO' }).first('resumedAt')
  if (!c?.resumedAt) return
  const last: { status: string }[] = await t('campaign_recipients')
    .where({ campaignId })
    .whereIn('status', ['failed', 'sent', 'delivered', 'read'])
    .where('queuedAt', '>=', c.resumedAt)
    .orderBy('queuedAt', 'desc')
    .limit(WINDOW)
    .select('status')
  const failed = last.filter((r) => r.status === 'failed').length
  if (last.length < MIN_KNOWN || failed / last.length <= MAX_FAILED) return
  await kernel.unitOfWork(companyId, async (uow) => {
    const paused = await uow
      .t('campaigns')
      .where({ id: campaignId, status: 'EM_ANDAMENTO' })
      .update({
        status: 'CANCELADA',
        ...pauseColumns({ code: 'failures', values: { failed, of: last.length } }),
        updatedAt: new Date(),
      })
      .returning('id')
    if (paused.length) uow.emit('campaign.saved', { companyId, action: 'update', campaignId })
  })
}
