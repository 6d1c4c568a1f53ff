/**
 * Conversational engines (Typebot, Dialogflow) at run time. The routing step only records the
 * customer message in the conversation's inbox and adds a job for it (`integrations.bot`, one per
 * message); the job drains the inbox in order under the conversation's lease (a conditional
 * UPDATE), so two messages of one ticket never reach the engine at once and the pipeline never
 * waits for it. A job that finds the lease taken leaves: the holder looks at the inbox again after
 * releasing it, and the sweep (`integrations.bot-sweep`, at start and every BOT_SWEEP_MS) restarts
 * what a dead job left (messages, held-back outputs whose wait is over).
 *
 * Before every message it sends, the bot reads the ticket again: once a person has it (or it left
 * pending), the bot is silent. Any failure of the engine ends the bot's turn: the conversation is
 * closed and the ticket handed to people with a note saying why.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import type { Kernel } from '@atende/sdk'
import type { Contact, ContactsRef } from '@atende/plugin-contacts/api'
import type { Message, Ticket, TicketsRef, MessagingRef } from '@atende/plugin-tickets/api'
import type { QueuesRef } from '@atende/plugin-queues/api'
import type { BotOutput, BotStore, InboxRow, Segment, SessionRow } from './bot-store.ts'
import type { IntegrationRow, IntegrationService } from './service.ts'

export const BOT_JOB = 'integrations.bot'
export const BOT_SWEEP_JOB = 'integrations.bot-sweep'
export const BOT_SWEEP_MS = 30_000
export interface BotJob {
  companyId: number
  sessionRowId: number
}

export interface TurnInput {
  session: SessionRow
  integration: IntegrationRow
  ticket: Ticket
  contact: Contact
  message: Message & { mediaKey: string | null }
}
export interface Turn {
  segments: Segment[]
  /** The engine ended the conversation: closed, and the ticket goes on without the bot. */
  ended: boolean
  sessionId?: string
  /** The choice the customer is asked (undefined: keep the one asked before). */
  input?: { items: string[] } | null
  /** After its words: the ticket moves to this queue, waiting for people (a webhook's answer). */
  action?: { type: 'transfer'; queueId: number }
}
export type Engine = (turn: TurnInput) => Promise<Turn>

/**
 * An engine's failure worth another try (no answer in time, 429, 5xx): the message stays first in
 * its ticket's inbox and a delayed job tries again after `pauses[attempts]`, holding no job slot in
 * between; once the pauses are spent it is a failure like any other.
 */
export class RetryLater extends Error {
  constructor(
    message: string,
    readonly pauses: number[],
  ) {
    super(message)
  }
}

export const unattended = (t: Pick<Ticket, 'status' | 'userId' | 'isGroup'>) =>
  t.status === 'pending' && !t.userId && !t.isGroup

type Renew = () => Promise<boolean>
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const providerId = () => `3EB0${randomBytes(10).toString('hex').toUpperCase()}`

export function createBotRuntime(
  kernel: Kernel,
  service: IntegrationService,
  store: BotStore,
  engines: Partial<Record<IntegrationRow['type'], Engine>>,
  handOver: (companyId: number, ticketId: number, why: string) => Promise<void>,
) {
  const tickets = () => kernel.services.get<TicketsRef>('tickets')
  const contacts = () => kernel.services.get<ContactsRef>('contacts')
  const messaging = () => kernel.services.find<MessagingRef>('messaging')

  /** A media bubble as a file when its URL can be fetched into storage, else as its link. */
  async function sendMedia(ticket: Ticket, item: Extract<BotOutput, { kind: 'media' }>) {
    try {
      const file = await kernel.storage.fromUrl(ticket.companyId, item.url, { area: 'media', allow: [item.mediaType] })
      await kernel.unitOfWork(ticket.companyId, (uow) =>
        tickets().addOutgoing(uow, ticket, {
          providerId: providerId(),
          body: '',
          userId: null,
          mediaType: item.mediaType,
          mediaKey: file.key,
          mediaName: file.fileName,
        }),
      )
      if (ticket.whatsappId) messaging()?.flush(ticket.companyId, ticket.whatsappId)
    } catch {
      await messaging()?.send(ticket.companyId, ticket.id, item.url)
    }
  }

  /** Sends in order, `gapMs` apart (the lease renewed meanwhile); false when the ticket stopped being the bot's. */
  async function deliver(companyId: number, ticketId: number, items: BotOutput[], gapMs: number, renew: Renew) {
    for (const [i, item] of items.entries()) {
      if (i && gapMs) {
        await renew()
        await sleep(gapMs)
      }
      const ticket = await tickets().get(companyId, ticketId)
      if (!ticket || !unattended(ticket)) return false
      if (item.kind === 'text') await messaging()?.send(companyId, ticketId, item.body)
      else await sendMedia(ticket, item)
    }
    return true
  }

  const gapOf = (integration: IntegrationRow | null) =>
    integration?.type === 'typebot' ? integration.typebotDelayMessage : 0

  /** Keep what a wait holds back, and wake for its first segment. */
  async function holdBack(s: SessionRow, rest: Segment[]) {
    const due = rest.length ? new Date(Date.now() + rest[0].waitMs) : null
    await store.save(s.companyId, s.id, { pending: rest, pendingDueAt: due })
    if (due)
      await kernel.jobs
        .add<BotJob>(
          BOT_JOB,
          { companyId: s.companyId, sessionRowId: s.id },
          { delay: rest[0].waitMs, jobId: `bot-wait-${s.companyId}-${s.id}-${due.getTime()}` },
        )
        .catch((err) => kernel.log.warn({ err, sessionRowId: s.id }, 'bot wait not scheduled: the sweep will send it'))
  }

  /** A wait is over: its segment goes out (taken off first, so a crash never sends it twice). */
  async function resume(s: SessionRow, renew: Renew) {
    const [segment, ...rest] = s.pending
    await holdBack(s, rest)
    if (!segment) return
    const integration = await service.row(s.companyId, s.integrationId).catch(() => null)
    await deliver(s.companyId, s.ticketId, segment.items, gapOf(integration), renew)
  }

  /** Answers one inbox message; 'retry' when it stays in the inbox for a later try. */
  async function answer(s: SessionRow, item: InboxRow, renew: Renew): Promise<'retry' | void> {
    const { messageId } = item
    const { companyId } = s
    const ticket = await tickets().get(companyId, s.ticketId)
    if (!ticket || !unattended(ticket) || !ticket.useIntegration || ticket.integrationId !== s.integrationId) return
    const integration = await service.row(companyId, s.integrationId).catch(() => null)
    if (!integration)
      return handOver(companyId, ticket.id, 'A integração foi excluída; o atendimento segue com a equipe.')
    const engine = engines[integration.type]
    if (!engine) return
    // The customer wrote during a wait: what it held back goes first.
    if (s.pending.length) {
      await store.save(companyId, s.id, { pending: [], pendingDueAt: null })
      const held = s.pending.flatMap((p) => p.items)
      s.pending = []
      if (!(await deliver(companyId, ticket.id, held, gapOf(integration), renew))) return
    }
    const [message, contact] = await Promise.all([
      tickets().getMessage(companyId, messageId),
      contacts().get(companyId, ticket.contactId),
    ])
    if (!message || !contact) return
    let turn: Turn
    try {
      turn = await engine({ session: s, integration, ticket, contact, message })
    } catch (err) {
      if (err instanceof RetryLater && item.attempts < err.pauses.length) {
        const delay = err.pauses[item.attempts]
        await store.retryLater(companyId, item.id, item.attempts + 1, new Date(Date.now() + delay))
        await kernel.jobs.add<BotJob>(
          BOT_JOB,
          { companyId, sessionRowId: s.id },
          { delay, jobId: `bot-retry-${companyId}-${item.id}-${item.attempts + 1}` },
        )
        kernel.log.info({ companyId, ticketId: ticket.id, attempt: item.attempts + 1, why: err.message }, 'bot retry')
        return 'retry'
      }
      const why = err instanceof Error && err.message ? err.message : 'erro inesperado'
      kernel.log.warn({ companyId, ticketId: ticket.id, err: why }, 'bot engine failed')
      await store.save(companyId, s.id, {
        status: 'closed',
        sessionId: '',
        input: null,
        pending: [],
        pendingDueAt: null,
      })
      return handOver(
        companyId,
        ticket.id,
        `A integração "${integration.name}" falhou (${why}); o atendimento segue com a equipe.`,
      )
    }
    await store.save(companyId, s.id, {
      sessionId: turn.ended ? '' : (turn.sessionId ?? s.sessionId),
      status: turn.ended ? 'closed' : 'active',
      lastActivityAt: new Date(),
      ...(turn.input !== undefined ? { input: turn.input } : {}),
    })
    const [first, ...rest] = turn.segments
    if (first && first.waitMs === 0) {
      await holdBack(s, rest)
      await deliver(companyId, ticket.id, first.items, gapOf(integration), renew)
    } else await holdBack(s, turn.segments)
    // The bot's last words are out: the ticket goes on without it (what a wait holds back still follows).
    if (turn.ended) await tickets().update(companyId, ticket.id, { useIntegration: false })
    if (turn.action) await transfer(ticket.id, integration, turn.action.queueId)
  }

  /** A webhook's transfer: to one of the company's queues, waiting for people, the bot out of it. */
  async function transfer(ticketId: number, integration: IntegrationRow, queueId: number) {
    const { companyId } = integration
    // Someone may have taken the ticket while the endpoint thought.
    const now = await tickets().get(companyId, ticketId)
    if (!now || !unattended(now) || !now.useIntegration) return
    if (!(await kernel.services.find<QueuesRef>('queues')?.exists(companyId, [queueId])))
      return handOver(
        companyId,
        ticketId,
        `A integração "${integration.name}" pediu uma fila que não existe; o atendimento segue com a equipe.`,
      )
    await tickets().update(companyId, ticketId, { queueId, status: 'pending', useIntegration: false })
  }

  /** Everything the conversation has to do now, in order, while holding its lease. */
  async function work(companyId: number, id: number, owner: string) {
    const renew = () => store.claim(companyId, id, owner)
    for (;;) {
      if (!(await store.claim(companyId, id, owner))) return // extended; lost only if it ran out
      const s = await store.get(companyId, id)
      if (!s) return
      if (s.pendingDueAt && s.pendingDueAt <= new Date()) {
        await resume(s, renew)
        continue
      }
      const next = await store.next(companyId, id)
      if (!next) return
      // The oldest waits for its retry, and the ones behind it with it (one ticket's events stay in order).
      if (next.retryAt && new Date(next.retryAt) > new Date()) return
      let outcome: 'retry' | void = undefined
      try {
        outcome = await answer(s, next, renew)
      } finally {
        if (outcome !== 'retry') await store.done(companyId, next.id)
      }
      if (outcome === 'retry') return
    }
  }

  return {
    /** The routing step's part: record the message and wake a drain. */
    async enqueue(companyId: number, ticketId: number, integrationId: number, messageId: number) {
      const sessionRowId = await store.open(companyId, ticketId, integrationId)
      await store.enqueue(companyId, sessionRowId, messageId)
      await kernel.jobs.add<BotJob>(BOT_JOB, { companyId, sessionRowId }, { jobId: `bot-${companyId}-${messageId}` })
    },

    async drain({ companyId, sessionRowId }: BotJob) {
      const owner = randomUUID()
      while (await store.claim(companyId, sessionRowId, owner)) {
        try {
          await work(companyId, sessionRowId, owner)
        } finally {
          await store.release(companyId, sessionRowId, owner)
        }
        // A message queued while we held the lease found it taken: its job left it to us.
        if (!(await store.hasWork(companyId, sessionRowId))) return
      }
    },

    /** Drains for what lost jobs left behind. */
    async sweep(graceMs = Number(process.env.BOT_SWEEP_GRACE_MS || 5000)) {
      const stranded = await store.stranded(graceMs)
      for (const s of stranded)
        await kernel.jobs.add<BotJob>(
          BOT_JOB,
          { companyId: s.companyId, sessionRowId: s.id },
          { jobId: `bot-sweep-${s.companyId}-${s.id}-${Date.now()}` },
        )
      return stranded.length
    },
  }
}

export type BotRuntime = ReturnType<typeof createBotRuntime>
