import type { AnyMessageContent, MiscMessageGenerationOptions, WAMessage, WAMessageKey } from '@whiskeysockets/baileys'
import type { MessageKey, OutboundMessage } from '../types.ts'
import { vcard } from '../../vcard.ts'

/** How a person's digits become a JID: by phone, unless the session knows them only by LID. */
export type UserJid = (digits: string, lid?: string) => string

export const groupJid = (id: string) => (id.includes('@') ? id : `${id}@g.us`)
export const chatJid = (userJid: UserJid, chatId: string, isGroup: boolean, lid?: string) =>
  isGroup ? groupJid(chatId) : userJid(chatId, lid)

/**
 * The Baileys content of an outbound message. Media is read from disk by Baileys (`{ url: path }`)
 * and the body is its caption (audio has none: its body is not sent). An audio voice note goes as
 * push-to-talk Opus (`audio/ogg; codecs=opus`): the file must already be Opus in Ogg.
 */
export function toContent(msg: OutboundMessage, userJid: UserJid): AnyMessageContent {
  const mentions = msg.mentions?.length ? msg.mentions.map((n) => userJid(n.replace(/\D/g, ''))) : undefined
  const caption = msg.body || undefined
  if (msg.media) {
    const { kind, path, mimetype, fileName, voiceNote } = msg.media
    const url = { url: path }
    switch (kind) {
      case 'image':
        return { image: url, caption, mimetype, ...(mentions ? { mentions } : {}) }
      case 'video':
        return { video: url, caption, mimetype, ...(mentions ? { mentions } : {}) }
      case 'audio':
        return voiceNote ? { audio: url, ptt: true, mimetype: 'audio/ogg; codecs=opus' } : { audio: url, mimetype }
      default:
        return { document: url, mimetype, fileName, caption }
    }
  }
  if (msg.contact) {
    const { name, number } = msg.contact
    return { contacts: { displayName: name, contacts: [{ displayName: name, vcard: vcard(name, number) }] } }
  }
  if (msg.location) {
    const { latitude, longitude, name } = msg.location
    return { location: { degreesLatitude: latitude, degreesLongitude: longitude, ...(name ? { name } : {}) } }
  }
  return { text: msg.body ?? '', ...(mentions ? { mentions } : {}) }
}

/** Send options: our id for the message when given, and the quoted message rebuilt from what we stored. */
export function toOptions(msg: OutboundMessage, jid: string): MiscMessageGenerationOptions {
  const options: MiscMessageGenerationOptions = {}
  if (msg.id) options.messageId = msg.id
  if (msg.quoted) {
    const quoted: WAMessage = {
      key: { remoteJid: jid, id: msg.quoted.id, fromMe: msg.quoted.fromMe },
      message: { conversation: msg.quoted.body },
    }
    options.quoted = quoted
  }
  return options
}

/** One of our MessageKeys as Baileys' key. */
export function toKey(key: MessageKey, userJid: UserJid): WAMessageKey {
  const out: WAMessageKey = {
    remoteJid: chatJid(userJid, key.chatId, key.isGroup, key.lid),
    id: key.id,
    fromMe: key.fromMe,
  }
  if (key.participant) out.participant = key.participant.includes('@') ? key.participant : userJid(key.participant)
  return out
}
