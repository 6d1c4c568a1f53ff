/**
 * The campaign engine. One tick (`campaigns.tick`, every CAMPAIGN_TICK_MS, and at start):
 * 1. Start what is due: a PROGRAMADA campaign whose scheduledAt passed is claimed by a conditional
 *    UPDATE (→ EM_ANDAMENTO) and, in the same transaction, its audience is frozen: one
 *    campaign_recipients row per number of its list (unique per campaign and number), with the
 *    variant drawn (seeded per number) and the message rendered.
 * 2. Pace each sending connection: its pacer row (locked) says when it may send next. A send is one
 *    transaction: claim the next pending recipient of the connection's running campaigns (SKIP
 *    LOCKED), store the outgoing message on the contact's ticket with an id derived from the
 *    recipient, mark the recipient queued, move the pacer. The connection's outbound queue sends
 *    stored messages once; so a crash at any point sends nobody twice and skips nobody, and two
 *    workers never take one recipient. The status is read in that same transaction: a cancel
 *    stops the campaign before its next message.
 * 3. Delivery follows the message (message.updated): sent, delivered, read or failed with the
 *    reason; never downgraded.
 * The pacer waits a random 0..messageInterval s between messages and greaterInterval s more every
 * longerIntervalAfter messages; outside the sending window or past the daily limit it holds, and
 * the campaign says why (pauseReason), as while its connection is not connected. A campaign with
 * nobody pending left is FINALIZADA.
 */
import { createHash } from 'node:crypto'
import { localClock, type Kernel, type UnitOfWork } from '@atende/sdk'
import type { ContactsRef } from '@atende/plugin-contacts/api'
import type { ConnectionsRef } from '@atende/plugin-connections/api'
import type { TicketsRef, MessagingRef } from '@atende/plugin-tickets/api'
import type { TagsRef } from '@atende/plugin-tags/api'
import type { FileListForSending, FileListsRef } from '@atende/plugin-files/api'
import { renderCampaignMessage, variantFor } from './render.ts'
import type { CampaignRow } from './service.ts'
import type { CampaignSettings, CampaignSettingsService } from './settings.ts'
import type { Announce } from './announce.ts'
import { pauseColumns, type Pause } from './pause.ts'

export const TICK_JOB = 'campaigns.tick'
/** At most this many messages per connection in one tick (only reached with a zero interval). */
const BURST = 50
const PLAN_CHUNK = 500

interface Audience {
  id: number
  name: string
  number: string
  email: string
}

interface Pacer {
  companyId: number
  whatsappId: number
  nextAt: Date | string
  streak: number
  day: string
  dayCount: number
}

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5))

/** Why the connection may not send at `at`, or null. */
export function holdReason(s: CampaignSettings, pacer: Pick<Pacer, 'day' | 'dayCount'>, at: Date): Pause | null {
  const { day, minute } = localClock(at)
  if (minute < minutes(s.windowStart) || minute >= minutes(s.windowEnd))
    return { code: 'window', values: { start: s.windowStart, end: s.windowEnd } }
  if (pacer.day === day && pacer.dayCount >= s.dailyLimit)
    return { code: 'dailyLimit', values: { limit: s.dailyLimit } }
  return null
}

/** A WhatsApp-like message id of our own, the same for one recipient (and its n-th file) whatever happens. */
const providerIdOf = (campaignId: number, recipientId: number, file = 0) =>
  `3EB0${createHash('sha256')
    .update(`campaign:${campaignId}:${recipientId}${file ? `:file:${file}` : ''}`)
    .digest('hex')
    .slice(0, 20)
    .toUpperCase()}`

export function createDispatcher(kernel: Kernel, settings: CampaignSettingsService, announce: Announce) {
  const tickets = () => kernel.services.get<TicketsRef>('tickets')
  const contacts = () => kernel.services.get<ContactsRef>('contacts')
  const messaging = () => kernel.services.find<MessagingRef>('messaging')
  // A list read once a minute at most per process: each recipient would otherwise read it again.
  const lists = new Map<string, { at: number; list: FileListForSending | null }>()
  async function fileList(uow: UnitOfWork, companyId: number, id: number) {
    const key = `${companyId}:${id}`
    const hit = lists.get(key)
    if (hit && Date.now() - hit.at < 60_000) return hit.list
    const list = (await kernel.services.find<FileListsRef>('fileLists')?.get(companyId, id, uow)) ?? null
    lists.set(key, { at: Date.now(), list })
    return list
  }
  const connectionUp = async (companyId: number, whatsappId: number) =>
    (
      await kernel.services
        .get<ConnectionsRef>('connections')
        .get(companyId, whatsappId)
        .catch(() => null)
    )?.status === 'CONNECTED'

  async function start(companyId: number, campaignId: number, at: Date) {
    const s = await settings.read(companyId)
    await kernel.unitOfWork(companyId, async (uow) => {
      const [c]: CampaignRow[] = await uow
        .t('campaigns')
        .where({ id: campaignId, status: 'PROGRAMADA' })
        .where('scheduledAt', '<=', at)
        .update({
          status: 'EM_ANDAMENTO',
          startedAt: kernel.db.raw('coalesce("startedAt", ?)', [at]),
          resumedAt: at,
          updatedAt: at,
        })
        .returning('*')
      if (!c) return // another worker started it, or it changed
      await plan(uow, c, s, at)
      uow.emit('campaign.saved', { companyId, action: 'update', campaignId })
    })
  }

  /**
   * The audience, frozen: the list's numbers not known to lack WhatsApp, or else the contacts with a
   * ticket carrying the tag (groups left out). Read in chunks inside the starting transaction.
   */
  async function plan(uow: UnitOfWork, c: CampaignRow, s: CampaignSettings, at: Date) {
    const tags = kernel.services.find<TagsRef>('tags')
    const audience = c.contactListId
      ? (afterId: number) =>
          uow
            .t('contact_list_items')
            .where({ contactListId: c.contactListId })
            .where((q) => q.whereNull('isWhatsappValid').orWhere('isWhatsappValid', true))
            .where('id', '>', afterId)
            .orderBy('id')
            .limit(PLAN_CHUNK)
            .select('id', 'name', 'number', 'email') as Promise<Audience[]>
      : c.tagListId && tags
        ? (afterId: number) =>
            contacts().audiencePage(
              uow,
              tickets().contactIdsQuery(c.companyId, tags.ticketIdsWithAll(c.companyId, [c.tagListId!])),
              { afterId, limit: PLAN_CHUNK },
            )
        : null
    if (!audience) return
    for (let lastId = 0; ;) {
      const items = await audience(lastId)
      if (!items.length) return
      lastId = items[items.length - 1].id
      const rows = items.flatMap((i) => {
        const v = variantFor(c, i.number)
        return v
          ? [
              {
                campaignId: c.id,
                number: i.number,
                name: i.name.slice(0, 100),
                email: i.email,
                variant: v.index,
                message: renderCampaignMessage(v.text, i, s.variables, at),
              },
            ]
          : []
      })
      if (rows.length) await uow.t.insert('campaign_recipients', rows).onConflict(['campaignId', 'number']).ignore()
    }
  }

  /** Up to BURST messages of one connection, each its own transaction; false when it must wait. */
  async function pace(companyId: number, whatsappId: number, at: Date) {
    const s = await settings.read(companyId)
    // Read before any transaction: embedded mode has a single database connection.
    const connected = await connectionUp(companyId, whatsappId)
    let sent = 0
    while (sent < BURST) {
      const outcome = await kernel.unitOfWork(companyId, (uow) => sendOne(uow, companyId, whatsappId, s, at, connected))
      if (typeof outcome !== 'number') break
      announce(companyId, outcome)
      sent++
    }
    if (sent) messaging()?.flush(companyId, whatsappId)
    return sent
  }

  async function sendOne(
    uow: UnitOfWork,
    companyId: number,
    whatsappId: number,
    s: CampaignSettings,
    at: Date,
    connected: boolean,
  ): Promise<number | 'wait' | 'done'> {
    await uow.t
      .insert('campaign_pacers', { whatsappId, nextAt: new Date(0) })
      .onConflict(['companyId', 'whatsappId'])
      .ignore()
    const pacer: Pacer = await uow.t('campaign_pacers').where({ whatsappId }).forUpdate().first()
    if (new Date(pacer.nextAt) > at) return 'wait'
    const running = uow.t('campaigns').where({ whatsappId, status: 'EM_ANDAMENTO' })
    const hold: Pause | null = connected ? holdReason(s, pacer, at) : { code: 'disconnected', values: {} }
    // A campaign with nobody left to send to ends even while the connection has to wait.
    if (hold && (await finishIdle(uow, companyId, whatsappId, at)) && !(await running.clone().first('id')))
      return 'done'
    if (hold) {
      const columns = pauseColumns(hold)
      const held = await running
        .clone()
        .whereNot({ pauseReason: columns.pauseReason })
        .update({ ...columns, updatedAt: at })
        .returning('id')
      for (const c of held) uow.emit('campaign.saved', { companyId, action: 'update', campaignId: c.id })
      return 'wait'
    }
    const r = await uow
      .t('campaign_recipients')
      .join('campaigns', 'campaigns.id', 'campaign_recipients.campaignId')
      .where({
        'campaigns.whatsappId': whatsappId,
        'campaigns.status': 'EM_ANDAMENTO',
        'campaign_recipients.status': 'pending',
      })
      .where('campaign_recipients.companyId', companyId)
      .orderBy([{ column: 'campaign_recipients.campaignId' }, { column: 'campaign_recipients.id' }])
      .forUpdate('campaign_recipients')
      .skipLocked()
      .first(
        'campaign_recipients.*',
        'campaigns.mediaPath as mediaPath',
        'campaigns.mediaName as mediaName',
        'campaigns.pauseReason as pauseReason',
        'campaigns.fileListId as fileListId',
      )
    if (!r) {
      await finishIdle(uow, companyId, whatsappId, at)
      return 'done'
    }
    const [{ contact }] = await contacts().upsertMany(uow, [{ number: r.number, name: r.name, whatsappId }])
    const ticket = await tickets().outreachTicket(uow, { contactId: contact.id, whatsappId })
    const providerId = providerIdOf(r.campaignId, Number(r.id))
    const message = await tickets().addOutgoing(uow, ticket, {
      providerId,
      body: r.message,
      userId: null,
      ...(r.mediaPath
        ? {
            mediaType: mediaTypeOf(kernel.storage.mimetypeOf(r.mediaPath)),
            mediaKey: r.mediaPath,
            mediaName: r.mediaName,
          }
        : {}),
    })
    // The file list's files follow the message, in the same transaction: once each, like it.
    const list = r.fileListId ? await fileList(uow, companyId, r.fileListId) : null
    for (const [i, file] of (list?.options ?? []).entries())
      await tickets().addOutgoing(uow, ticket, {
        providerId: providerIdOf(r.campaignId, Number(r.id), i + 1),
        body: i === 0 ? (list?.message ?? '') : '',
        userId: null,
        mediaType: file.mediaType,
        mediaKey: file.mediaKey,
        mediaName: file.fileName,
      })
    await uow
      .t('campaign_recipients')
      .where({ id: r.id })
      .update({ status: 'queued', providerId, ticketId: ticket.id, messageId: message.id, queuedAt: at })
    const { day } = localClock(at)
    const streak = pacer.streak + 1
    const longPause = s.longerIntervalAfter > 0 && streak % s.longerIntervalAfter === 0
    const delayMs =
      Math.floor(Math.random() * (s.messageInterval * 1000 + 1)) + (longPause ? s.greaterInterval * 1000 : 0)
    await uow
      .t('campaign_pacers')
      .where({ whatsappId })
      .update({
        nextAt: new Date(at.getTime() + delayMs),
        streak,
        day,
        dayCount: pacer.day === day ? pacer.dayCount + 1 : 1,
      })
    if (r.pauseReason) await uow.t('campaigns').where({ id: r.campaignId }).update(pauseColumns(null))
    return r.campaignId as number
  }

  /**
   * Running campaigns of the connection whose every message has left: FINALIZADA. A queued recipient
   * is still in the connection's outbound queue (a rate-limited connection holds thousands), so it
   * keeps the campaign running as a pending one does; the report counts both as pending.
   */
  async function finishIdle(uow: UnitOfWork, companyId: number, whatsappId: number, at: Date) {
    const done: { id: number }[] = await uow
      .t('campaigns')
      .where({ whatsappId, status: 'EM_ANDAMENTO' })
      .whereNotExists((q) =>
        q
          .from('campaign_recipients')
          .whereRaw('"campaign_recipients"."campaignId" = "campaigns"."id"')
          .whereIn('campaign_recipients.status', UNSENT),
      )
      .update({ status: 'FINALIZADA', completedAt: at, ...pauseColumns(null), updatedAt: at })
      .returning('id')
    for (const d of done) uow.emit('campaign.saved', { companyId, action: 'update', campaignId: d.id })
    return done.length
  }

  return {
    /** One round: start what is due, then let every sending connection send what it may. */
    async tick(at = new Date()) {
      const due: { id: number; companyId: number }[] = await kernel
        .db('campaigns')
        .where({ status: 'PROGRAMADA' })
        .where('scheduledAt', '<=', at)
        .orderBy('scheduledAt')
        .limit(100)
        .select('id', 'companyId')
      for (const c of due) await start(c.companyId, c.id, at)
      const senders: { companyId: number; whatsappId: number }[] = await kernel
        .db('campaigns')
        .where({ status: 'EM_ANDAMENTO' })
        .whereNotNull('whatsappId')
        .distinct('companyId', 'whatsappId')
      let sent = 0
      for (const p of senders) sent += await pace(p.companyId, p.whatsappId, at)
      return sent
    },
  }
}

/** Recipients whose message has not left yet (the report's "pending"). */
const UNSENT = ['pending', 'sending', 'queued']

const mediaTypeOf = (mimetype: string) =>
  ['image', 'video', 'audio'].find((k) => mimetype.startsWith(`${k}/`)) ?? 'document'

export type Dispatcher = ReturnType<typeof createDispatcher>
