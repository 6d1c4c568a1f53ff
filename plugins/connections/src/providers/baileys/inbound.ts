import type { WACallEvent, WAMessage, WAMessageUpdate, proto } from '@whiskeysockets/baileys'
import type { Ack, AckUpdate, InboundMessage, MediaType } from '../types.ts'
import type { BaileysLib } from './lib.ts'

/** What mapping a message needs from its session. */
export interface InboundContext {
  lib: BaileysLib
  /** Our own account, to recognise our own identity among a message's addresses. */
  me?: { id: string; lid?: string }
  /** A phone JID for a LID from Baileys' mapping store (learnt from earlier messages and history). */
  pnForLid(lidJid: string): Promise<string | null>
  groupName(groupJid: string): Promise<string | undefined>
  /** Download and decrypt a media message's bytes. */
  download(msg: WAMessage): Promise<Buffer>
}

export interface Person {
  number: string
  lid?: string
}

/**
 * One person from the addresses a message carries. Baileys 7 addresses people by LID (`…@lid`) or by
 * phone (`…@s.whatsapp.net`), and gives the other identity, when the server sent it, in
 * `key.remoteJidAlt` (chats) or `key.participantAlt` (group members). The number is the phone's
 * digits whenever known (from the message or Baileys' LID mapping store); otherwise it is the LID's
 * digits, and `lid` carries the LID's digits either way — so the contacts service, which resolves by
 * LID first, keeps one contact when the same person later shows up with a phone number.
 */
export async function resolvePerson(
  ctx: InboundContext,
  primary?: string | null,
  alt?: string | null,
): Promise<Person | null> {
  const { lib } = ctx
  const mine = (jid: string) =>
    !!ctx.me && (lib.areJidsSameUser(jid, ctx.me.id) || (!!ctx.me.lid && lib.areJidsSameUser(jid, ctx.me.lid)))
  // In a message of ours the alternate can be our own identity: it says nothing about the peer.
  const altIsOurs = !!alt && !!primary && !mine(primary) && mine(alt)
  const jids = [primary, altIsOurs ? undefined : alt].filter((j): j is string => !!j)
  let pn = jids.find((j) => lib.isPnUser(j) || lib.isHostedPnUser(j))
  const lid = jids.find((j) => lib.isLidUser(j) || lib.isHostedLidUser(j))
  if (!pn && lid) pn = (await ctx.pnForLid(lid).catch(() => null)) ?? undefined
  const user = (jid?: string) => (jid ? lib.jidDecode(jid)?.user : undefined)
  const lidUser = user(lid)
  const number = user(pn) ?? lidUser
  return number ? { number, lid: lidUser } : null
}

const MEDIA: Partial<Record<string, { mediaType: MediaType; mimetype: string }>> = {
  imageMessage: { mediaType: 'image', mimetype: 'image/jpeg' },
  videoMessage: { mediaType: 'video', mimetype: 'video/mp4' },
  audioMessage: { mediaType: 'audio', mimetype: 'audio/ogg; codecs=opus' },
  documentMessage: { mediaType: 'document', mimetype: 'application/octet-stream' },
  stickerMessage: { mediaType: 'sticker', mimetype: 'image/webp' },
}

type Content = { body: string; mediaType?: MediaType; media?: InboundMessage['media'] }

/**
 * The body and media of a message's content, or null for what is not a conversation message.
 * - text: `conversation` / `extendedTextMessage.text`; replies to buttons and lists: their text.
 * - image, video, audio, document, sticker: the caption is the body (a document without one: its
 *   file name); the bytes load lazily through Baileys' downloadMediaMessage.
 * - location (also live location): mediaType 'locationMessage', body `lat,lng`, then the place's
 *   name and address on their own lines when the sender shared a place.
 * - contact cards: mediaType 'vcard', body the vCard (several cards one after another).
 * Reactions, polls' votes, protocol messages (key shares…) and stubs are skipped; edits and deletes
 * are changes of another message (changes.ts), not messages.
 */
export function contentOf(ctx: InboundContext, wa: WAMessage, m: proto.IMessage, type: string): Content | null {
  const media = MEDIA[type]
  if (media) {
    const item = (m as Record<string, unknown>)[type] as proto.Message.IImageMessage & proto.Message.IDocumentMessage
    const fileName = item.fileName ?? undefined
    const body = item.caption ?? (media.mediaType === 'document' ? (fileName ?? '') : '')
    return {
      body,
      mediaType: media.mediaType,
      media: { mimetype: item.mimetype || media.mimetype, fileName, load: () => ctx.download(wa) },
    }
  }
  switch (type) {
    case 'conversation':
      return { body: m.conversation ?? '' }
    case 'extendedTextMessage':
      return { body: m.extendedTextMessage?.text ?? '' }
    case 'buttonsResponseMessage':
      return { body: m.buttonsResponseMessage?.selectedDisplayText ?? '' }
    case 'templateButtonReplyMessage':
      return { body: m.templateButtonReplyMessage?.selectedDisplayText ?? '' }
    case 'listResponseMessage':
      return { body: m.listResponseMessage?.title ?? '' }
    case 'locationMessage':
    case 'liveLocationMessage': {
      const loc = (m.locationMessage ?? m.liveLocationMessage) as proto.Message.ILocationMessage
      const lines = [`${loc.degreesLatitude ?? 0},${loc.degreesLongitude ?? 0}`, loc.name, loc.address].filter(
        (l) => !!l,
      )
      return { body: lines.join('\n'), mediaType: 'locationMessage' }
    }
    case 'contactMessage':
      return { body: m.contactMessage?.vcard ?? '', mediaType: 'vcard' }
    case 'contactsArrayMessage': {
      const cards = (m.contactsArrayMessage?.contacts ?? []).map((c) => c.vcard?.trim()).filter((v) => !!v)
      return { body: cards.join('\n'), mediaType: 'vcard' }
    }
    default:
      return null
  }
}

/**
 * A Baileys message as the pipeline's InboundMessage, or null when it is not one to record: status
 * broadcasts, broadcast lists, channels, stubs without content, and the kinds contentOf skips.
 * chatId is the phone number's digits (or the LID's, see resolvePerson) of a chat, or the group id
 * (before `@g.us`) with the member who wrote in `participant`.
 */
export async function toInbound(ctx: InboundContext, wa: WAMessage): Promise<InboundMessage | null> {
  const { lib } = ctx
  const remoteJid = wa.key?.remoteJid
  const id = wa.key?.id
  if (!remoteJid || !id || !wa.message) return null
  if (lib.isJidStatusBroadcast(remoteJid) || lib.isJidBroadcast(remoteJid) || lib.isJidNewsletter(remoteJid))
    return null
  // An edit arrives wrapped (editedMessage / protocolMessage): it is not a new message.
  if (wa.message.protocolMessage || wa.message.editedMessage) return null
  const m = lib.normalizeMessageContent(wa.message)
  const type = m ? lib.getContentType(m) : undefined
  if (!m || !type) return null
  const content = contentOf(ctx, wa, m, type)
  if (!content) return null

  const fromMe = !!wa.key.fromMe
  const isGroup = lib.isJidGroup(remoteJid) ?? false
  const ts = wa.messageTimestamp ? lib.toNumber(wa.messageTimestamp) : 0
  const inner = (m as Record<string, unknown>)[type] as { contextInfo?: proto.IContextInfo } | undefined
  const msg: InboundMessage = {
    id,
    chatId: '',
    isGroup,
    fromMe,
    body: content.body,
    timestamp: ts ? new Date(ts * 1000) : new Date(),
  }
  if (content.mediaType) msg.mediaType = content.mediaType
  if (content.media) msg.media = content.media
  const quotedId = typeof inner === 'object' ? inner?.contextInfo?.stanzaId : undefined
  if (quotedId) msg.quotedId = quotedId

  if (isGroup) {
    msg.chatId = lib.jidDecode(remoteJid)?.user ?? remoteJid.split('@')[0]
    const name = await ctx.groupName(remoteJid)
    if (name) msg.groupName = name
    if (!fromMe) {
      const who = await resolvePerson(ctx, wa.key.participant, wa.key.participantAlt)
      if (who)
        msg.participant = {
          number: who.number,
          ...(who.lid ? { lid: who.lid } : {}),
          ...(wa.pushName ? { name: wa.pushName } : {}),
        }
    }
  } else {
    const who = await resolvePerson(ctx, remoteJid, wa.key.remoteJidAlt)
    if (!who) return null
    msg.chatId = who.number
    if (who.lid) msg.lid = who.lid
    if (!fromMe && (wa.pushName || wa.verifiedBizName)) msg.name = (wa.pushName || wa.verifiedBizName)!
  }
  return msg
}

/**
 * An incoming call as a 'call_log' message (the chat shows it as a missed call): one per call, on
 * its offer, keyed by the call id. Group calls are not logged. The body is empty; mediaType says it all.
 */
export async function callToInbound(ctx: InboundContext, call: WACallEvent): Promise<InboundMessage | null> {
  if (call.status !== 'offer' || call.isGroup || !call.id) return null
  const who = await resolvePerson(ctx, call.from, call.callerPn)
  if (!who) return null
  return {
    id: call.id,
    chatId: who.number,
    ...(who.lid ? { lid: who.lid } : {}),
    isGroup: false,
    fromMe: false,
    body: '',
    mediaType: 'call_log',
    timestamp: call.date instanceof Date ? call.date : new Date(),
  }
}

/**
 * A delivery status as an ack: Baileys' WebMessageInfo.Status is PENDING 1, SERVER_ACK 2,
 * DELIVERY_ACK 3, READ 4, PLAYED 5, which is the spec's ack scale as is. ERROR (0) and updates that
 * carry no status (edits, deletes, reactions) are not acks.
 */
export function toAck(u: WAMessageUpdate): AckUpdate | null {
  const status = u.update?.status
  if (typeof status !== 'number' || status < 1 || !u.key?.id) return null
  return { id: u.key.id, ack: Math.min(5, status) as Ack }
}
