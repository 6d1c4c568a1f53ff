/**
 * Prompts at run time: a step of the connections routing chain (order 300: after flows and
 * integrations, before the queues' chatbot). For a ticket waiting with nobody on it whose queue —
 * or else connection — names a prompt, each customer message becomes a job (`prompts.reply`, one
 * per message) so the model's seconds never hold the pipeline. The job:
 * - answers a burst once: a job whose message is no longer the customer's last leaves the answer
 *   to the newer one, which sees both (Chatwoot's coalescing);
 * - sends the prompt as the system message and the LAST `maxMessages` messages of the ticket
 *   (customer voice notes as their transcripts; internal notes are never messages);
 * - answers in text, or as a voice note spoken by Azure when the prompt has a voice;
 * - hands over when the model calls transfer_to_human: the ticket goes pending to the prompt's
 *   queue with the reason as a note, and the prompt stops for it.
 * Any outside failure (no answer, refused key, no quota) tells the customer someone will answer,
 * leaves a note saying why, and stops the prompt for the ticket: never silence. A person who takes
 * the ticket ends it all: the step and the job look again before acting.
 *
 * Replies run side by side (REPLY_CONCURRENCY per process): a model call can take its whole
 * timeout and retries (OPENAI_TIMEOUT_MS, 30 s, three tries), and one slot for every company let a
 * single company's dead key or hanging endpoint hold everyone's replies. No company holds more
 * than COMPANY_SHARE of them: its further replies wait their turn as delayed jobs (holding no
 * slot), so the others always find room. One ticket's burst needs no order of its own: only the
 * job of the customer's last message answers (the coalescing above), whichever finishes first.
 */
import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import type { Kernel } from '@atende/sdk'
import type { RoutingStep, ConnectionsRef } from '@atende/plugin-connections/api'
import type { QueuesRef } from '@atende/plugin-queues/api'
import type { Message, Ticket, TicketsRef, MessagingRef } from '@atende/plugin-tickets/api'
import { AiFailure, chat, transcribe, type Turn } from './openai.ts'
import type { PromptService } from './service.ts'
import { speak } from './tts.ts'

export const REPLY_JOB = 'prompts.reply'
/** Replies one process runs at once (PROMPT_REPLY_CONCURRENCY). */
export const replyConcurrency = () => Math.max(1, Number(process.env.PROMPT_REPLY_CONCURRENCY || 16))
/** At most this many of them for one company (PROMPT_COMPANY_SHARE); the rest wait as delayed jobs. */
const companyShare = () => Math.max(1, Number(process.env.PROMPT_COMPANY_SHARE || 4))
/** How long a reply over its company's share waits before trying again. */
const SHARE_WAIT_MS = 1000
export interface ReplyJob {
  companyId: number
  ticketId: number
  messageId: number
  promptId: number
  /** Times it waited for its company's share (part of the job id, which must be new each time). */
  waited?: number
}

/** What the customer reads when the assistant cannot go on (pt: the customers' language). */
export const HANDOVER_MESSAGE = 'Um momento, por favor: vou encaminhar você para um de nossos atendentes.'

const unattended = (t: Pick<Ticket, 'status' | 'userId' | 'isGroup'>) =>
  t.status === 'pending' && !t.userId && !t.isGroup
const providerId = () => `3EB0${randomBytes(10).toString('hex').toUpperCase()}`

const FAILURE_TEXT: Record<AiFailure['kind'], string> = {
  auth: 'a chave da OpenAI foi recusada',
  quota: 'a conta da OpenAI está sem créditos',
  config: 'a OpenAI recusou o pedido',
  unavailable: 'a OpenAI não respondeu',
  malformed: 'a OpenAI respondeu algo inválido',
}

export function createPromptRuntime(kernel: Kernel, service: PromptService) {
  const tickets = () => kernel.services.get<TicketsRef>('tickets')
  const messaging = () => kernel.services.find<MessagingRef>('messaging')

  /** The queue's prompt, else the connection's. */
  async function promptOf(companyId: number, ticket: Ticket, whatsappId: number) {
    if (ticket.queueId) {
      const bots = await kernel.services.find<QueuesRef>('queues')?.botsOf(companyId, ticket.queueId)
      if (bots?.promptId) return bots.promptId
    }
    return (await kernel.services.get<ConnectionsRef>('connections').get(companyId, whatsappId)).promptId ?? null
  }

  /** Still the assistant's to answer: nobody took it, nobody stopped the prompt. */
  const live = (t: Ticket | null, promptId: number): t is Ticket =>
    !!t && unattended(t) && t.useIntegration && t.promptId === promptId

  async function handOver(companyId: number, ticket: Ticket, why: string, tell = true) {
    if (tell) await messaging()?.send(companyId, ticket.id, HANDOVER_MESSAGE)
    await tickets().addNote(companyId, ticket.id, why)
    await tickets().update(companyId, ticket.id, { useIntegration: false })
    kernel.log.warn({ companyId, ticketId: ticket.id, why }, 'prompt handed the ticket over')
  }

  /** Customer voice notes as text: stored transcripts, and the new one transcribed now. */
  async function withTranscripts(companyId: number, apiKey: string, recent: Message[], current: number) {
    const voice = recent.filter((m) => !m.fromMe && m.mediaType === 'audio' && !m.body.trim())
    if (!voice.length) return new Map<number, string>()
    const t = kernel.tenant(companyId)
    const rows: { messageId: number; text: string }[] = await t('prompt_transcripts')
      .whereIn(
        'messageId',
        voice.map((m) => m.id),
      )
      .select('messageId', 'text')
    const known = new Map(rows.map((r) => [r.messageId, r.text]))
    const fresh = voice.find((m) => m.id === current && !known.has(m.id))
    if (fresh) {
      const stored = await tickets().getMessage(companyId, fresh.id)
      if (stored?.mediaKey) {
        const text = await transcribe(apiKey, await readFile(kernel.storage.path(stored.mediaKey)))
        await t
          .insert('prompt_transcripts', { messageId: fresh.id, text })
          .onConflict(['companyId', 'messageId'])
          .ignore()
        known.set(fresh.id, text)
      }
    }
    return known
  }

  async function sendVoice(companyId: number, ticketId: number, audio: Buffer) {
    const file = await kernel.storage.put(companyId, {
      data: audio,
      fileName: 'resposta.ogg',
      mimetype: 'audio/ogg',
      allow: ['audio'],
      area: 'media',
    })
    const whatsappId = await kernel.unitOfWork(companyId, async (uow) => {
      const ticket = await tickets().get(companyId, ticketId, uow)
      if (!ticket?.whatsappId) return null
      await tickets().addOutgoing(uow, ticket, {
        providerId: providerId(),
        body: '',
        userId: null,
        mediaType: 'audio',
        mediaKey: file.key,
        mediaName: 'resposta.ogg',
      })
      return ticket.whatsappId
    })
    if (whatsappId) messaging()?.flush(companyId, whatsappId)
  }

  // Replies running in this process, per company.
  const running = new Map<number, number>()

  async function reply(job: ReplyJob) {
    const { companyId } = job
    const mine = running.get(companyId) ?? 0
    if (mine >= companyShare()) {
      const waited = (job.waited ?? 0) + 1
      await kernel.jobs.add<ReplyJob>(
        REPLY_JOB,
        { ...job, waited },
        { jobId: `prompt-${companyId}-${job.messageId}-w${waited}`, delay: SHARE_WAIT_MS },
      )
      return
    }
    running.set(companyId, mine + 1)
    try {
      await respond(job)
    } finally {
      const left = (running.get(companyId) ?? 1) - 1
      if (left > 0) running.set(companyId, left)
      else running.delete(companyId)
    }
  }

  async function respond(job: ReplyJob) {
    const { companyId, ticketId, messageId, promptId } = job
    const ticket = await tickets().get(companyId, ticketId)
    if (!live(ticket, promptId)) return
    const prompt = await service.secrets(companyId, promptId)
    if (!prompt) return handOver(companyId, ticket, 'O prompt foi excluído; o atendimento segue com a equipe.')
    const recent = await tickets().recentMessages(companyId, ticketId, prompt.maxMessages)
    const newer = () => recent.some((m) => !m.fromMe && m.id > messageId)
    if (newer()) return // the newer message's job answers both
    let answer
    try {
      const transcripts = await withTranscripts(companyId, prompt.apiKey, recent, messageId)
      const turns: Turn[] = [{ role: 'system', content: prompt.prompt }]
      for (const m of recent) {
        const content = (transcripts.get(m.id) ?? m.body).trim() || (m.mediaType ? `[${m.mediaType}]` : '')
        if (content) turns.push({ role: m.fromMe ? 'assistant' : 'user', content })
      }
      answer = await chat({
        apiKey: prompt.apiKey,
        model: prompt.model,
        messages: turns,
        maxTokens: prompt.maxTokens,
        temperature: prompt.temperature,
      })
    } catch (err) {
      const why = err instanceof AiFailure ? FAILURE_TEXT[err.kind] : 'erro inesperado'
      if (!(err instanceof AiFailure)) kernel.log.error({ err, companyId, ticketId }, 'prompt reply failed')
      const now = await tickets().get(companyId, ticketId)
      if (!live(now, promptId)) return
      return handOver(companyId, now, `O prompt "${prompt.name}" parou (${why}); o atendimento segue com a equipe.`)
    }
    // Someone may have taken the ticket, or the customer written again, while the model thought.
    const now = await tickets().get(companyId, ticketId)
    if (!live(now, promptId)) return
    const latest = await tickets().recentMessages(companyId, ticketId, 1)
    if (latest.some((m) => !m.fromMe && m.id > messageId)) return
    if (answer.text) {
      let spoken = false
      if (prompt.voice !== 'texto') {
        try {
          const audio = await speak({
            key: prompt.voiceKey,
            region: prompt.voiceRegion,
            voice: prompt.voice,
            text: answer.text,
          })
          await sendVoice(companyId, ticketId, audio)
          spoken = true
        } catch (err) {
          // The words still reach the customer; the attendant learns why they were not spoken.
          const why = err instanceof AiFailure ? err.message : 'erro inesperado'
          await tickets().addNote(companyId, ticketId, `A resposta foi enviada em texto: a voz falhou (${why}).`)
        }
      }
      if (!spoken) await messaging()?.send(companyId, ticketId, answer.text)
    }
    if (answer.handoff) {
      await tickets().addNote(
        companyId,
        ticketId,
        `O prompt "${prompt.name}" transferiu o atendimento${answer.handoff.reason ? `: ${answer.handoff.reason}` : '.'}`,
      )
      await tickets().update(companyId, ticketId, {
        useIntegration: false,
        status: 'pending',
        ...(prompt.queueId ? { queueId: prompt.queueId } : {}),
      })
    }
  }

  const step: RoutingStep = {
    name: 'prompts',
    order: 300,
    async run(ctx) {
      const { companyId, ticket } = ctx
      if (!unattended(ticket)) return false
      // Handed over to people (a failure or a transfer): the prompt stays out of this ticket.
      if (ticket.promptId && !ticket.useIntegration) return false
      // An integration owns it (its step runs first).
      if (ticket.integrationId && ticket.useIntegration) return false
      const promptId = ticket.promptId ?? (await promptOf(companyId, ticket, ctx.whatsapp.id))
      if (!promptId) return false
      if (!ticket.useIntegration || ticket.promptId !== promptId)
        await tickets().update(companyId, ticket.id, { useIntegration: true, promptId })
      await kernel.jobs.add<ReplyJob>(
        REPLY_JOB,
        { companyId, ticketId: ticket.id, messageId: ctx.message.id, promptId },
        { jobId: `prompt-${companyId}-${ctx.message.id}` },
      )
      return true
    },
  }

  return { step, reply }
}
