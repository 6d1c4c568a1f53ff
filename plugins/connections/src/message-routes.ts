import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { Static } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'
import { IdParams, badRequest, type Kernel, type StoredFile } from '@atende/sdk'
import type { Draft, Messaging } from './messages.ts'
import {
  EditBody,
  ForwardBody,
  MentionBody,
  MessageLimits,
  MessageView,
  SendBody,
  SendContactBody,
  SendResult,
  TicketIdParams,
} from './message-schemas.ts'
import { errors } from './schemas.ts'
import { createVoiceUploads } from './voice-upload.ts'
import type {} from '@atende/sdk/multipart'

const tags = ['messages']
const MAX_FILES = 10
/** The kernel's default media limit (MEDIA_MAX_BYTES unset): what kernel.storage.put enforces then. */
const DEFAULT_MEDIA_MAX_BYTES = 16 * 1024 * 1024
const KINDS = ['image', 'audio', 'video'] as const
export const ERR_VOICE_NOTE_NOT_AUDIO = 'ERR_VOICE_NOTE_NOT_AUDIO'

/** The spec's media type for an uploaded file: image/audio/video by its mimetype, else document. */
const mediaTypeOf = (mimetype: string) => KINDS.find((k) => mimetype.startsWith(`${k}/`)) ?? 'document'

/**
 * Outgoing message routes. Who may write on which ticket is the
 * tickets issue's access rule; until it lands any user of the company may.
 */
export function registerMessageRoutes(root: FastifyInstance, kernel: Kernel, messaging: Messaging) {
  const app = root.withTypeProvider<TypeBoxTypeProvider>()
  const voiceUploads = createVoiceUploads(kernel)
  /**
   * Multipart: every `medias` file stored first (size and type checked while streaming), then one
   * message each; `body` captions the first. `voiceNote=true` marks the composer's recording: one
   * audio file, converted to Ogg/Opus so it goes out as push-to-talk (in any field order).
   */
  async function multipartDrafts(request: FastifyRequest): Promise<Draft[]> {
    const files: StoredFile[] = []
    let body = ''
    let voiceNote = 'false'
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'medias') {
          part.file.resume()
          continue
        }
        if (files.length >= MAX_FILES) throw badRequest('medias', `At most ${MAX_FILES} files per message`)
        files.push(
          await kernel.storage.put(request.auth.companyId, {
            data: part.file,
            fileName: part.filename,
            mimetype: part.mimetype,
            area: 'media',
          }),
        )
      } else if (part.fieldname === 'body') body = String(part.value ?? '')
      else if (part.fieldname === 'voiceNote') voiceNote = String(part.value ?? '')
    }
    // A refused request leaves no stored file behind.
    const refuse = async (err: Error) => {
      await Promise.all(files.map((f) => kernel.storage.remove(f.key).catch(() => undefined)))
      return err
    }
    if (voiceNote !== 'true' && voiceNote !== 'false') throw await refuse(badRequest('voiceNote', 'true or false'))
    if (voiceNote === 'true') {
      if (files.length !== 1 || mediaTypeOf(files[0].mimetype) !== 'audio')
        throw await refuse(badRequest('voiceNote', 'A voice note is one audio file', ERR_VOICE_NOTE_NOT_AUDIO))
      files[0] = await voiceUploads.convert(request.auth.companyId, files[0])
    }
    if (!files.length) return [{ body }]
    return files.map((f, i) => ({ body: i === 0 ? body : '', media: f, mediaType: mediaTypeOf(f.mimetype) }))
  }

  // Static, so it is not read as GET /messages/{ticketId} (the tickets plugin's page of messages).
  app.get(
    '/messages/limits',
    {
      schema: {
        tags,
        summary: "The files a send takes: the largest size (the server's media limit) and how many at once",
        response: { 200: MessageLimits, ...errors },
      },
    },
    async () => ({ mediaMaxBytes: kernel.config.mediaMaxBytes ?? DEFAULT_MEDIA_MAX_BYTES, maxFiles: MAX_FILES }),
  )

  app.post(
    '/messages/:ticketId',
    {
      schema: {
        tags,
        summary: 'Send on a ticket: JSON { body, quotedMsg } or multipart (medias[], body, voiceNote)',
        consumes: ['application/json', 'multipart/form-data'],
        params: TicketIdParams,
        response: { 200: SendResult, ...errors },
      },
      // JSON bodies are validated here (TypeBox); multipart is read part by part above.
      preValidation: async (request) => {
        if (request.isMultipart()) return
        const first = Value.Errors(SendBody, request.body ?? {}).First()
        if (first) throw badRequest(first.path.replace(/^\//, '').replace(/\//g, '.') || 'body', first.message)
      },
    },
    async (request) => {
      const { ticketId } = request.params
      let drafts: Draft[]
      if (request.isMultipart()) drafts = await multipartDrafts(request)
      else {
        const b = (request.body ?? {}) as Static<typeof SendBody>
        // A mediaUrl is fetched into storage with an upload's checks (kernel storage.fromUrl), or refused naming the field.
        const media = b.mediaUrl
          ? await kernel.storage.fromUrl(request.auth.companyId, b.mediaUrl, { field: 'mediaUrl', area: 'media' })
          : null
        drafts = [
          {
            body: b.body ?? '',
            quotedMsgId: b.quotedMsg?.id ?? null,
            ...(media ? { media, mediaType: mediaTypeOf(media.mimetype) } : {}),
          },
        ]
        if (media) {
          try {
            return { messages: await messaging.send(request.auth.companyId, request.auth.userId, ticketId, drafts) }
          } catch (err) {
            await kernel.storage.remove(media.key).catch(() => undefined) // not sent: nothing points at it
            throw err
          }
        }
      }
      return { messages: await messaging.send(request.auth.companyId, request.auth.userId, ticketId, drafts) }
    },
  )

  app.post(
    '/messages/:ticketId/mention',
    {
      schema: {
        tags,
        summary: 'Send a group message mentioning people (@number in the text)',
        params: TicketIdParams,
        body: MentionBody,
        response: { 200: SendResult, ...errors },
      },
    },
    async (request) => {
      const { ticketId } = request.params
      const { text, mentionedJids } = request.body
      // Mentions travel in the text as @digits (what WhatsApp shows); add the missing ones at the end.
      const numbers = mentionedJids.map((j) => j.split('@')[0].replace(/\D/g, '')).filter((n) => n.length >= 8)
      const missing = numbers.filter((n) => !text.includes(`@${n}`))
      const body = missing.length ? `${text} ${missing.map((n) => `@${n}`).join(' ')}` : text
      return { messages: await messaging.send(request.auth.companyId, request.auth.userId, ticketId, [{ body }]) }
    },
  )

  app.put(
    '/messages/:id',
    {
      schema: {
        tags,
        summary: 'Edit a sent text message',
        params: IdParams,
        body: EditBody,
        response: { 200: MessageView, ...errors },
      },
    },
    async (request) => messaging.edit(request.auth.companyId, request.params.id, request.body.body),
  )

  app.delete(
    '/messages/:id',
    {
      schema: {
        tags,
        summary: 'Delete a sent message for everyone',
        params: IdParams,
        response: { 200: MessageView, ...errors },
      },
    },
    async (request) => messaging.remove(request.auth.companyId, request.params.id),
  )

  app.post(
    '/messages/forward-by-phone',
    {
      schema: {
        tags,
        summary: 'Forward a message to a phone number (opens or reuses its ticket)',
        body: ForwardBody,
        response: { 200: SendResult, ...errors },
      },
    },
    async (request) => {
      const { messageId, phone } = request.body
      return { messages: await messaging.forwardByPhone(request.auth.companyId, request.auth.userId, messageId, phone) }
    },
  )

  app.post(
    '/send-contact',
    {
      schema: {
        tags,
        summary: "Send a contact's card (vCard) on a ticket",
        body: SendContactBody,
        response: { 200: SendResult, ...errors },
      },
    },
    async (request) => {
      const { contactId, ticketId } = request.body
      return { messages: await messaging.sendContact(request.auth.companyId, request.auth.userId, ticketId, contactId) }
    },
  )
}
