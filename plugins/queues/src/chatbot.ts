/**
 * The queue chatbot: a step of the connections pipeline's routing chain (order 400). A new ticket on
 * a connection with queues gets the greeting and the numbered queue menu; the customer's answers
 * walk the chosen queue's option tree; the walk ends pending in the queue. Where each ticket is in
 * its walk lives in queue_bot_state.
 */
import type { Kernel, TenantDb } from '@atende/sdk'
import type { Ticket, TicketsRef } from '@atende/plugin-tickets/api'
import type { RoutingContext, RoutingStep, ConnectionsRef } from '@atende/plugin-connections/api'
import type { CompanyHoursRef } from '@atende/plugin-companies/api'
import { childrenOf, type OptionRow } from './options.ts'
import { parseRedirect } from './redirect.ts'
import { companyTimeZone } from '@atende/sdk'
import { isOpenAt, type ScheduleRow } from './schedule.ts'
import { ordered, queueView } from './service.ts'
import type { Queue } from './schemas.ts'

interface BotState {
  ticketId: number
  queueId: number | null
  optionId: number | null
  attempts: number
}
interface Item {
  n: number
  title: string
}

/** Answers back one level (inside a queue's options). '0' is left free: it is never an option number here, but customers read "0" as "talk to a person" in many bots. */
export const BACK = '#'
const BACK_LINE = `${BACK} - Voltar`

export function menuText(intro: string, items: Item[], back: boolean) {
  const lines = items.map((i) => `${i.n} - ${i.title}`)
  if (back) lines.push(BACK_LINE)
  return [intro.trim(), lines.join('\n')].filter(Boolean).join('\n\n')
}

/** By number, or by the exact title in any case. */
function pick<T>(answer: string, items: (Item & { value: T })[]) {
  const a = answer.trim()
  if (/^\d+$/.test(a)) return items.find((i) => i.n === Number(a))?.value
  return items.find((i) => i.title.trim().toLowerCase() === a.toLowerCase())?.value
}

export function createChatbot(kernel: Kernel, now: () => Date = () => new Date()): RoutingStep {
  const tickets = () => kernel.services.get<TicketsRef>('tickets')
  const connections = () => kernel.services.get<ConnectionsRef>('connections')

  const stateOf = async (t: TenantDb, ticketId: number): Promise<BotState | undefined> =>
    t('queue_bot_state').where({ ticketId }).first()
  const save = (t: TenantDb, s: BotState) =>
    t
      .insert('queue_bot_state', { ...s, updatedAt: new Date() })
      .onConflict('ticketId')
      .merge(['queueId', 'optionId', 'attempts', 'updatedAt'])
  const clear = (t: TenantDb, ticketId: number) => t('queue_bot_state').where({ ticketId }).delete()

  /** scheduleType 'queue': the queue's hours; 'company': the company's; otherwise always open. */
  async function isOpen(companyId: number, queue: Queue) {
    const type = await kernel.settings.get(companyId, 'scheduleType')
    if (type === 'queue') return isOpenAt(queue.schedules as ScheduleRow[], now(), companyTimeZone())
    if (type === 'company') {
      const hours = kernel.services.find<CompanyHoursRef>('companies.hours')
      const schedules = ((await hours?.of(companyId)) ?? []) as ScheduleRow[]
      return isOpenAt(schedules, now(), companyTimeZone())
    }
    return true
  }

  return {
    name: 'queues-chatbot',
    order: 400,
    async run(ctx: RoutingContext) {
      const { companyId } = ctx
      // The hot path's shortcut, before any query: the bot only ever holds tickets it marked
      // `chatbot` (a walk in progress) or starts on new ones. Within a batch a ticket's flag can be
      // stale only towards true (the bot clears it), which the re-read below settles.
      if (!ctx.isNewTicket && !ctx.ticket.chatbot) return false
      const t = kernel.tenant(companyId)
      const found: Ticket | null = await tickets().get(companyId, ctx.ticket.id)
      if (!found || found.isGroup) return false
      const ticket = found
      let state = await stateOf(t, ticket.id)
      // Someone took the ticket (or it closed): the bot leaves it.
      if (ticket.status !== 'pending' || ticket.userId) {
        if (state) await clear(t, ticket.id)
        return false
      }
      if (!state && !ctx.isNewTicket) return false
      const conn = await connections().get(companyId, ctx.whatsapp.id)
      const linked: Queue[] = conn.queueIds.length
        ? (await ordered(t('queues').whereIn('id', conn.queueIds)).select()).map(queueView)
        : []
      if (!linked.length) {
        if (state) await clear(t, ticket.id)
        return false
      }
      const queueItems = linked.map((q, i) => ({ n: i + 1, title: q.name, value: q }))
      const topMenu = () => ctx.reply(menuText(conn.greetingMessage, queueItems, false))
      const optionItems = (rows: OptionRow[]) => rows.map((o) => ({ n: o.option, title: o.title, value: o }))

      const finish = async (queueId: number | null) => {
        await clear(t, ticket.id)
        await tickets().update(companyId, ticket.id, { queueId, chatbot: false })
        return true
      }

      async function enterQueue(queue: Queue): Promise<boolean> {
        if (!(await isOpen(companyId, queue))) {
          const text = queue.outOfHoursMessage.trim() || conn.outOfHoursMessage.trim()
          if (text) await ctx.reply(text)
          return finish(queue.id)
        }
        const top: OptionRow[] = await childrenOf(t, queue.id, null).select()
        if (!top.length) {
          if (queue.greetingMessage.trim()) await ctx.reply(queue.greetingMessage)
          return finish(queue.id)
        }
        await save(t, { ticketId: ticket.id, queueId: queue.id, optionId: null, attempts: 0 })
        await tickets().update(companyId, ticket.id, { queueId: queue.id, chatbot: true })
        await ctx.reply(menuText(queue.greetingMessage, optionItems(top), true))
        return true
      }

      async function enterOption(option: OptionRow): Promise<boolean> {
        const children: OptionRow[] = await childrenOf(t, option.queueId, option.id).select()
        if (!children.length) {
          if (option.message.trim()) await ctx.reply(option.message)
          return finish(option.queueId)
        }
        await save(t, { ticketId: ticket.id, queueId: option.queueId, optionId: option.id, attempts: 0 })
        await tickets().update(companyId, ticket.id, { queueId: option.queueId, chatbot: true })
        await ctx.reply(menuText(option.message, optionItems(children), true))
        return true
      }

      /** Another invalid answer: repeat the menu, or past the limit (0 = none) take the redirect. */
      async function invalid(
        s: BotState,
        max: number,
        redirect: string | number | null,
        repeat: () => Promise<unknown>,
      ) {
        const attempts = s.attempts + 1
        if (max > 0 && attempts >= max) {
          const target = parseRedirect(redirect)
          if (target && 'queueId' in target) {
            const q = await t('queues').where({ id: target.queueId }).first()
            if (q) return enterQueue(queueView(q))
          } else if (target) {
            const o: OptionRow | undefined = await t('queue_options').where({ id: target.optionId }).first()
            if (o) return enterOption(o)
          }
          return finish(s.queueId)
        }
        await save(t, { ...s, attempts })
        await repeat()
        return true
      }

      if (!state) {
        const single =
          linked.length === 1 && (await kernel.settings.get(companyId, 'sendGreetingMessageOneQueues')) === 'enabled'
        if (single) return enterQueue(linked[0])
        state = { ticketId: ticket.id, queueId: null, optionId: null, attempts: 0 }
        await save(t, state)
        await tickets().update(companyId, ticket.id, { chatbot: true })
        await topMenu()
        return true
      }

      const answer = ctx.message.body ?? ''
      if (state.queueId === null) {
        const queue = pick(answer, queueItems)
        if (queue) return enterQueue(queue)
        return invalid(state, conn.maxAttemptsWithoutResponse, conn.redirectQueueId, topMenu)
      }

      const queueRow = await t('queues').where({ id: state.queueId }).first()
      if (!queueRow) return finish(null)
      const queue = queueView(queueRow)
      const current: OptionRow | undefined = state.optionId
        ? await t('queue_options').where({ id: state.optionId }).first()
        : undefined
      const level: OptionRow[] = await childrenOf(t, queue.id, current?.id ?? null).select()
      const levelMenu = () =>
        ctx.reply(menuText(current ? current.message : queue.greetingMessage, optionItems(level), true))

      if (answer.trim() === BACK) {
        if (!current) {
          await save(t, { ticketId: ticket.id, queueId: null, optionId: null, attempts: 0 })
          await tickets().update(companyId, ticket.id, { queueId: null, chatbot: true })
          await topMenu()
          return true
        }
        if (current.parentId === null) {
          await save(t, { ticketId: ticket.id, queueId: queue.id, optionId: null, attempts: 0 })
          const top: OptionRow[] = await childrenOf(t, queue.id, null).select()
          await ctx.reply(menuText(queue.greetingMessage, optionItems(top), true))
          return true
        }
        const parent: OptionRow = await t('queue_options').where({ id: current.parentId }).first()
        return enterOption(parent)
      }
      const chosen = pick(answer, optionItems(level))
      if (chosen) return enterOption(chosen)
      const max =
        current && current.maxAttemptsWithoutResponse > 0
          ? current.maxAttemptsWithoutResponse
          : queue.maxAttemptsWithoutResponse
      const redirect =
        current && current.maxAttemptsWithoutResponse > 0 ? current.redirectQueueId : queue.redirectQueueId
      return invalid(state, max, redirect, levelMenu)
    },
  }
}
