/**
 * A Dialogflow ES turn: the customer's text — or voice note, sent as audio — to detectIntent in a
 * session per company, integration and contact; the fulfillment texts are the bot's answer, and
 * `end_conversation` ends it (the ticket goes on with people). A message with neither text nor
 * an OGG/Opus voice note (a picture without caption, an MP3) is not sent.
 */
import { readFile } from 'node:fs/promises'
import type { Kernel } from '@atende/sdk'
import type { Engine } from './bots.ts'
import { detectIntent, sessionOf, type DialogflowQuery } from './dialogflow.ts'

/** Dialogflow takes about a minute of audio; a longer note is not sent. */
const MAX_AUDIO_BYTES = 1_000_000

export function dialogflowEngine(kernel: Kernel): Engine {
  return async ({ integration, ticket, contact, message }) => {
    let query: DialogflowQuery | null = message.body.trim() ? { text: message.body.trim() } : null
    // Only OGG/Opus (WhatsApp's voice notes) is declared to Dialogflow; other audio files are not sent.
    const ogg = message.mediaKey && /ogg|opus/.test(kernel.storage.mimetypeOf(message.mediaKey))
    if (message.mediaType === 'audio' && message.mediaKey && ogg) {
      const audio = await readFile(kernel.storage.path(message.mediaKey)).catch(() => null)
      if (audio && audio.length <= MAX_AUDIO_BYTES) query = { audio }
    }
    if (!query) return { segments: [], ended: false }
    const session = sessionOf(ticket.companyId, integration.id, contact.id)
    const reply = await detectIntent(
      integration.jsonContent,
      integration.projectName,
      session,
      integration.language,
      query,
    )
    return {
      segments: [{ waitMs: 0, items: reply.texts.map((body) => ({ kind: 'text' as const, body })) }],
      ended: reply.endConversation,
      sessionId: session,
    }
  }
}
