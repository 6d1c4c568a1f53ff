import type { WAMessage, WAMessageUpdate, proto } from '@whiskeysockets/baileys'
import type { MessageChange } from '../types.ts'
import type { BaileysLib } from './lib.ts'
import { contentOf, type InboundContext } from './inbound.ts'

type Base = { fromMe: boolean; isGroup: boolean }

/** The text an edit leaves: the new text, or the new caption of a media message. */
function editedBody(ctx: InboundContext, wa: WAMessage, content?: proto.IMessage | null): string | null {
  const m = ctx.lib.normalizeMessageContent(content)
  const type = m ? ctx.lib.getContentType(m) : undefined
  if (!m || !type) return null
  const c = contentOf(ctx, wa, m, type)
  return c ? c.body : null
}

/** A protocol message that edits or revokes another message, as a change of that message. */
function fromProtocol(
  ctx: InboundContext,
  wa: WAMessage,
  p: proto.Message.IProtocolMessage,
  base: Base,
  fallbackId?: string | null,
): MessageChange | null {
  const { Type } = ctx.lib.proto.Message.ProtocolMessage
  const id = p.key?.id ?? fallbackId
  if (!id) return null
  if (p.type === Type.REVOKE) return { id, kind: 'delete', ...base }
  if (p.type === Type.MESSAGE_EDIT) {
    const body = editedBody(ctx, wa, p.editedMessage)
    return body === null ? null : { id, kind: 'edit', body, ...base }
  }
  return null
}

function baseOf(lib: BaileysLib, key?: proto.IMessageKey | null): Base | null {
  const jid = key?.remoteJid
  if (!jid || lib.isJidStatusBroadcast(jid) || lib.isJidBroadcast(jid) || lib.isJidNewsletter(jid)) return null
  return { fromMe: !!key.fromMe, isGroup: !!lib.isJidGroup(jid) }
}

/**
 * An edit or a delete-for-everyone as Baileys hands it in `messages.upsert`: a protocolMessage
 * (MESSAGE_EDIT with the new content, or REVOKE), bare or wrapped in editedMessage. `fromMe` is the
 * outer key's: who made the change. Null for anything else.
 */
export function changeFromMessage(ctx: InboundContext, wa: WAMessage): MessageChange | null {
  const base = baseOf(ctx.lib, wa.key)
  const p = base ? ctx.lib.normalizeMessageContent(wa.message)?.protocolMessage : undefined
  return base && p ? fromProtocol(ctx, wa, p, base) : null
}

/**
 * The same changes as Baileys also reports them in `messages.update`, keyed by the changed message:
 * `update.message.editedMessage.message` holds the new content (or the protocol message), a revoke
 * is `message: null` with the REVOKE stub (or a REVOKE protocol message).
 */
export function changeFromUpdate(ctx: InboundContext, u: WAMessageUpdate): MessageChange | null {
  const base = baseOf(ctx.lib, u.key)
  const id = u.key?.id
  if (!base || !id) return null
  const { update } = u
  const wa: WAMessage = { key: u.key, message: update.message ?? null }
  if (update.message === null && update.messageStubType === ctx.lib.WAMessageStubType.REVOKE)
    return { id, kind: 'delete', ...base }
  const m = update.message ? ctx.lib.normalizeMessageContent(update.message) : undefined
  if (!m) return null
  if (m.protocolMessage) return fromProtocol(ctx, wa, m.protocolMessage, base, id)
  if (!update.message?.editedMessage) return null
  const body = editedBody(ctx, wa, m)
  return body === null ? null : { id, kind: 'edit', body, ...base }
}
