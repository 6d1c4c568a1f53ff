/**
 * The durable side of the runtime. A run's position, variables and waits are rows (flow_runs); every
 * event of a conversation (its start, a customer's message, a wait's end) is one transaction that
 * locks the run's row, runs the pure interpreter, stores the bot's messages as pending outgoing
 * messages (the connection sends them after the commit, each once), moves the ticket and saves the
 * run. A crash before the commit changes nothing; after it, everything is stored and goes out.
 *
 * Waits are jobs (`flows.wake`, with the run's step as a fencing token: a wake that arrives after
 * the run moved on is ignored); the sweep (`flows.sweep`, at start and every SWEEP_EVERY_MS) wakes
 * runs whose job was lost, such as in-process jobs when the process died.
 */
import { randomBytes, randomInt } from 'node:crypto'
import { renderVariables, type Kernel, type UnitOfWork } from '@atende/sdk'
import type { ContactsRef } from '@atende/plugin-contacts/api'
import type { Ticket, TicketsRef, MessagingRef } from '@atende/plugin-tickets/api'
import type { FlowEngineRef } from './api.ts'
import type { FlowGraph } from './graph.ts'
import {
  LIVE,
  advance,
  compile,
  initialState,
  type CompiledFlow,
  type Effect,
  type FlowEvent,
  type RunState,
  type RunStatus,
} from './interpreter.ts'

export const WAKE_JOB = 'flows.wake'
/** How many runs' waits end side by side in one process. */
export const WAKE_CONCURRENCY = 16
export const SWEEP_JOB = 'flows.sweep'
export const SWEEP_EVERY_MS = 10_000
/** A wait this late is taken as lost (its job should have fired). */
const SWEEP_GRACE_MS = 2_000
const SWEEP_BATCH = 500

export type StartedBy = 'phrase' | 'queue' | 'integration'

interface RunRow {
  id: string | number
  companyId: number
  ticketId: number
  whatsappId: number
  queueId: number | null
  flowId: number | null
  queueFlowId: number | null
  versionId: number
  startedBy: string
  status: RunStatus
  nodeId: string
  step: number
  seqIndex: number
  attempts: number
  vars: Record<string, string> | string
  rng: string | number
  wakeAt: Date | string | null
  lastInputId: string | number
  windowStart: Date | string | null
  windowCount: number
  endedReason: string | null
}

export interface WakeJob {
  companyId: number
  runId: number
  step: number
}

const date = (v: Date | string | null) => (v === null ? null : new Date(v))
const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v)

function stateOf(r: RunRow): RunState {
  return {
    status: r.status,
    nodeId: r.nodeId,
    step: r.step,
    seqIndex: r.seqIndex,
    attempts: r.attempts,
    vars: json(r.vars),
    rng: Number(r.rng),
    wakeAt: date(r.wakeAt),
    windowStart: date(r.windowStart),
    windowCount: r.windowCount,
    endedReason: r.endedReason,
  }
}

/** WhatsApp Web's id shape: the provider sends under the id stored first. */
const providerId = () => `3EB0${randomBytes(10).toString('hex').toUpperCase()}`
/** A stored name is `<company>/<area>/<month>/<uuid>-<file name>`: the part a customer sees. */
const fileNameOf = (key: string) =>
  key
    .split('/')
    .pop()!
    .replace(/^[0-9a-f-]{36}-/, '')

export interface EngineOptions {
  now?: () => Date
}

export function createEngine(kernel: Kernel, opts: EngineOptions = {}) {
  const now = opts.now ?? (() => new Date())
  const tickets = () => kernel.services.get<TicketsRef>('tickets')
  const contacts = () => kernel.services.get<ContactsRef>('contacts')
  const messaging = () => kernel.services.find<MessagingRef>('messaging')
  const versions = new Map<number, CompiledFlow>()

  /** Versions never change, so each is read and indexed once per process. */
  async function flowOf(uow: UnitOfWork, versionId: number): Promise<CompiledFlow | null> {
    const hit = versions.get(versionId)
    if (hit) return hit
    const row = await uow.t('flow_versions').where({ id: versionId }).first('graph')
    if (!row) return null
    const flow = compile(json<FlowGraph>(row.graph))
    if (versions.size > 1000) versions.clear()
    versions.set(versionId, flow)
    return flow
  }

  async function renderer(uow: UnitOfWork, ticket: Ticket) {
    const contact = await contacts().get(ticket.companyId, ticket.contactId, uow)
    const base = {
      contactName: contact?.name ?? '',
      ticketId: ticket.id,
      ticketCreatedAt: ticket.createdAt,
      now: now(),
    }
    return (text: string, vars: Record<string, string>) => renderVariables(text, base, vars)
  }

  /** `chatbot`: the ticket's bot flag, when the step changes it, written with each message it sends. */
  async function applyEffects(uow: UnitOfWork, ticket: Ticket, effects: Effect[], chatbot?: boolean) {
    let sent = false
    for (const e of effects) {
      if (e.kind === 'handoff') continue // after the commit (see after())
      if (e.kind === 'transfer') {
        await tickets().update(
          ticket.companyId,
          ticket.id,
          { queueId: e.queueId, status: 'pending', userId: null, chatbot: false },
          uow,
        )
        continue
      }
      const media =
        e.kind === 'media' ? { mediaType: e.mediaType, mediaKey: e.name, mediaName: fileNameOf(e.name) } : {}
      await tickets().addOutgoing(uow, ticket, {
        providerId: providerId(),
        body: e.kind === 'text' ? e.body : '',
        userId: null,
        ...media,
        chatbot,
      })
      sent = true
    }
    return sent
  }

  interface Outcome {
    applied: boolean
    live: boolean
    sent: boolean
    whatsappId: number
    wake: (WakeJob & { at: Date }) | null
    handoffs?: { ticketId: number; flowId: number | null; effect: Extract<Effect, { kind: 'handoff' }> }[]
  }

  /** One event on a locked run, inside the caller's unit of work. */
  async function step(uow: UnitOfWork, row: RunRow, event: FlowEvent, inputId = 0): Promise<Outcome> {
    const companyId = row.companyId
    const runId = Number(row.id)
    const none: Outcome = {
      applied: false,
      live: LIVE.includes(row.status),
      sent: false,
      whatsappId: row.whatsappId,
      wake: null,
    }
    if (!LIVE.includes(row.status)) return none
    if (inputId && inputId <= Number(row.lastInputId)) return none // a re-delivered message
    const ticket = await tickets().get(companyId, row.ticketId, uow)
    const flow = await flowOf(uow, row.versionId)
    // A bot never talks over a person: a ticket someone took (or that closed) ends the run.
    if (!ticket || ticket.userId || ticket.status !== 'pending' || !flow) {
      const reason = !flow ? 'version_missing' : 'human'
      await finish(uow, row, 'cancelled', reason, row.step + 1)
      if (ticket?.chatbot && reason === 'human') await tickets().update(companyId, ticket.id, { chatbot: false }, uow)
      return { ...none, live: false }
    }
    const prev = stateOf(row)
    const result = advance(flow, prev, event, { now: now(), render: await renderer(uow, ticket) })
    if (!result.applied) {
      if (inputId) await uow.t('flow_runs').where({ id: runId }).update({ lastInputId: inputId })
      return none
    }
    const s = result.state
    const live = LIVE.includes(s.status)
    const transferred = result.effects.some((e) => e.kind === 'transfer')
    // A run that begins or ends marks the ticket with the message it sends, or on its own.
    const flag = !transferred && ticket.chatbot !== live ? live : undefined
    const sent = await applyEffects(uow, ticket, result.effects, flag)
    if (flag !== undefined && !sent) await tickets().update(companyId, ticket.id, { chatbot: flag }, uow)
    await uow
      .t('flow_runs')
      .where({ id: runId })
      .update({
        status: s.status,
        nodeId: s.nodeId,
        step: s.step,
        seqIndex: s.seqIndex,
        attempts: s.attempts,
        vars: JSON.stringify(s.vars),
        rng: s.rng,
        wakeAt: s.wakeAt,
        windowStart: s.windowStart,
        windowCount: s.windowCount,
        endedReason: s.endedReason,
        ...(inputId ? { lastInputId: inputId } : {}),
        queueId: transferred ? row.queueId : ticket.queueId,
        updatedAt: now(),
      })
    if (result.log.length)
      await uow.t.insert(
        'flow_run_events',
        result.log.map((l) => ({ runId, step: s.step, type: l.type, payload: JSON.stringify(l.payload) })),
      )
    if (s.status === 'failed')
      kernel.log.warn({ companyId, runId, ticketId: row.ticketId, reason: s.endedReason }, 'flow run stopped')
    const wake = s.status === 'waiting_timer' && s.wakeAt ? { companyId, runId, step: s.step, at: s.wakeAt } : null
    const handoffs = result.effects.flatMap((effect) =>
      effect.kind === 'handoff' ? [{ ticketId: row.ticketId, flowId: row.flowId, effect }] : [],
    )
    return { applied: true, live, sent, whatsappId: row.whatsappId, wake, handoffs }
  }

  async function finish(uow: UnitOfWork, row: RunRow, status: RunStatus, reason: string, stepNo: number) {
    await uow
      .t('flow_runs')
      .where({ id: row.id })
      .update({ status, endedReason: reason, wakeAt: null, step: stepNo, updatedAt: now() })
    await uow.t.insert('flow_run_events', {
      runId: row.id,
      step: stepNo,
      type: 'end',
      payload: JSON.stringify({ reason, nodeId: row.nodeId }),
    })
  }

  /** After the commit: the connection sends what was stored; the wait becomes a job. */
  async function after(companyId: number, o: Outcome) {
    if (o.sent) messaging()?.flush(companyId, o.whatsappId)
    for (const { ticketId, flowId, effect } of o.handoffs ?? []) {
      const engine = kernel.services.find<FlowEngineRef>(`flowEngine.${effect.engine}`)
      const adopted = await engine
        ?.adopt(companyId, { ticketId, flowId, nodeId: effect.nodeId, settings: effect.settings })
        .catch((err) => {
          kernel.log.warn({ err, companyId, ticketId, engine: effect.engine }, 'flow handoff failed')
          return false
        })
      if (!adopted)
        await tickets().addNote(
          companyId,
          ticketId,
          `O fluxo chegou ao nó ${effect.engine === 'openai' ? 'OpenAI' : 'Typebot'}, que não pôde assumir a conversa; o atendimento segue com a equipe.`,
        )
    }
    if (o.wake) {
      const { at, ...job } = o.wake
      await kernel.jobs
        .add<WakeJob>(WAKE_JOB, job, {
          delay: Math.max(0, at.getTime() - now().getTime()),
          jobId: `flows-wake-${job.runId}-${job.step}`,
        })
        .catch((err) => kernel.log.warn({ err, ...job }, 'flow wait not scheduled: the sweep will wake it'))
    }
    return o
  }

  const lock = (uow: UnitOfWork, where: Record<string, unknown>) =>
    uow.t('flow_runs').where(where).forUpdate().first<RunRow | undefined>()

  return {
    /**
     * Start a flow version on a ticket, unless the ticket already has a live run (then false). A
     * sub-queue flow (queueFlowId) starts at most once per ticket.
     */
    async start(
      companyId: number,
      input: {
        ticketId: number
        whatsappId: number
        versionId: number
        flowId?: number | null
        queueFlowId?: number | null
        startedBy: StartedBy
      },
    ): Promise<boolean> {
      const outcome = await kernel.unitOfWork(companyId, async (uow) => {
        const flow = await flowOf(uow, input.versionId)
        if (!flow) return null
        const state = initialState(flow.start.id, randomInt(2 ** 31))
        const [created] = await uow.t
          .insert('flow_runs', {
            ticketId: input.ticketId,
            whatsappId: input.whatsappId,
            flowId: input.flowId ?? null,
            queueFlowId: input.queueFlowId ?? null,
            versionId: input.versionId,
            startedBy: input.startedBy,
            status: state.status,
            nodeId: state.nodeId,
            rng: state.rng,
          })
          .onConflict()
          .ignore()
          .returning('*')
        if (!created) return null
        return step(uow, created as RunRow, { kind: 'start' })
      })
      if (!outcome) return false
      await after(companyId, outcome)
      return true
    },

    /** The live run of a ticket, if any (its id). */
    async liveRun(companyId: number, ticketId: number): Promise<number | null> {
      const row = await kernel.tenant(companyId)('flow_runs').where({ ticketId }).whereIn('status', LIVE).first('id')
      return row ? Number(row.id) : null
    },

    /**
     * A customer's message on a ticket with a live run. True when the run took it (or is waiting and
     * ignores it: the bot owns the conversation); false when there is no live run any more.
     */
    async input(companyId: number, ticketId: number, message: { id: number; body: string }): Promise<boolean> {
      // Most customer messages meet no flow: a plain read decides that without a transaction.
      if ((await this.liveRun(companyId, ticketId)) === null) return false
      const outcome = await kernel.unitOfWork(companyId, async (uow) => {
        const row = await uow
          .t('flow_runs')
          .where({ ticketId })
          .whereIn('status', LIVE)
          .forUpdate()
          .first<RunRow | undefined>()
        if (!row) return null
        return step(uow, row, { kind: 'input', text: message.body }, message.id)
      })
      if (!outcome) return false
      await after(companyId, outcome)
      return outcome.live || outcome.applied
    },

    /** A wait's end: ignored unless the run still waits at that step. */
    async wake(job: WakeJob) {
      const outcome = await kernel.unitOfWork(job.companyId, async (uow) => {
        const row = await lock(uow, { id: job.runId })
        if (!row) return null
        return step(uow, row, { kind: 'timer', step: job.step })
      })
      if (outcome) await after(job.companyId, outcome)
    },

    /**
     * Ends the live run of a ticket: a person took it, it closed or was deleted (`moved` undefined),
     * or — when `movedTo` is given — only if the ticket now sits in another queue than the run saw.
     */
    async cancel(companyId: number, ticketId: number, reason: string, movedTo?: { queueId: number | null }) {
      // The common case (every bot message moves the ticket's lastMessage): a plain read, no transaction.
      const seen = await kernel
        .tenant(companyId)('flow_runs')
        .where({ ticketId })
        .whereIn('status', LIVE)
        .first('queueId')
      if (!seen || (movedTo && (seen.queueId ?? null) === (movedTo.queueId ?? null))) return
      await kernel.unitOfWork(companyId, async (uow) => {
        const row = await uow
          .t('flow_runs')
          .where({ ticketId })
          .whereIn('status', LIVE)
          .forUpdate()
          .first<RunRow | undefined>()
        if (!row || (movedTo && (row.queueId ?? null) === (movedTo.queueId ?? null))) return
        await finish(uow, row, 'cancelled', reason, row.step + 1)
      })
    },

    /** Wake every run whose wait is over by `at` and whose job did not fire (lost with a process). */
    async sweep(at: Date = now()): Promise<number> {
      // A platform-wide scan of ids only (the partial index flow_runs_due); each wake is company-scoped.
      const due: { id: string; companyId: number; step: number }[] = await kernel
        .db('flow_runs')
        .where('status', 'waiting_timer')
        .where('wakeAt', '<=', new Date(at.getTime() - (opts.now ? 0 : SWEEP_GRACE_MS)))
        .orderBy('wakeAt')
        .limit(SWEEP_BATCH)
        .select('id', 'companyId', 'step')
      for (const r of due) {
        try {
          await this.wake({ companyId: r.companyId, runId: Number(r.id), step: r.step })
        } catch (err) {
          kernel.log.warn({ err, runId: r.id }, 'flow wake failed')
        }
      }
      return due.length
    },

    /** Tests: drop the per-process version cache. */
    forget: () => versions.clear(),
  }
}

export type Engine = ReturnType<typeof createEngine>
