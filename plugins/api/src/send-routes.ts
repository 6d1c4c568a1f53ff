import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type, type Static } from '@sinclair/typebox'
import { badRequest, type Kernel, type StoredFile } from '@atende/sdk'
import { SendResult } from './api.ts'
import { callerOf, integratorConfig, security, tags } from './integrator.ts'
import { apiErrors } from './schemas.ts'
import { BODY_MAX, type Sender } from './send.ts'
import type {} from '@atende/sdk/multipart'

const MAX_FILES = 10

export const SendBody = Type.Object({
  number: Type.String({ maxLength: 100, description: 'the phone number, any format (country and area code)' }),
  body: Type.String({ maxLength: BODY_MAX, description: 'the text; the caption of the first file with medias' }),
})

/** The multipart form, for the document (the handler reads it). */
const SendMultipart = Type.Object({
  number: SendBody.properties.number,
  body: SendBody.properties.body,
  medias: Type.Optional(
    Type.Array(Type.String({ format: 'binary', maxLength: 0 }), { maxItems: MAX_FILES, description: 'files' }),
  ),
})

/** POST /api/messages/send: JSON or multipart with `medias`. */
export function registerSendRoutes(root: FastifyInstance, kernel: Kernel, sender: Sender) {
  const app = root.withTypeProvider<TypeBoxTypeProvider>()

  /** Multipart: `number`, `body` and up to 10 `medias` files (stored with the kernel's upload checks). */
  async function readMultipart(request: FastifyRequest, companyId: number) {
    const files: StoredFile[] = []
    const fields: Record<string, string> = {}
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          if (part.fieldname !== 'medias') {
            part.file.resume()
            continue
          }
          if (files.length >= MAX_FILES) throw badRequest('medias', `At most ${MAX_FILES} files per message`)
          files.push(
            await kernel.storage.put(companyId, {
              data: part.file,
              fileName: part.filename,
              mimetype: part.mimetype,
              area: 'media',
            }),
          )
        } else if (part.fieldname === 'number' || part.fieldname === 'body')
          fields[part.fieldname] = String(part.value ?? '')
      }
    } catch (err) {
      await Promise.all(files.map((f) => kernel.storage.remove(f.key).catch(() => undefined)))
      throw err
    }
    return { number: fields.number ?? '', body: fields.body ?? '', files }
  }

  app.post(
    '/messages/send',
    {
      config: integratorConfig(),
      schema: {
        tags,
        security,
        summary:
          'Send a message to a number: JSON { number, body } or multipart (number, body, medias[]). ' +
          "Bearer: a company API token (the company's default connection sends) or a connection's own token. " +
          'Header Idempotency-Key (1-255 characters): a retry with the same key within 24 h sends once and answers the same.',
        // Per content type, so the document shows both forms; multipart is read part by part in the
        // handler (its body is null to the validator), JSON is validated here.
        body: {
          content: {
            'application/json': { schema: SendBody },
            'multipart/form-data': { schema: Type.Union([Type.Null(), SendMultipart]) },
          },
        },
        response: { 200: SendResult, ...apiErrors },
      },
    },
    async (request) => {
      const caller = callerOf(request)
      const idempotencyKey = request.headers['idempotency-key'] as string | undefined
      if (!request.isMultipart()) {
        const b = request.body as Static<typeof SendBody>
        return sender.send(caller, { number: b.number, body: b.body, files: [], idempotencyKey })
      }
      const input = await readMultipart(request, caller.companyId)
      try {
        return await sender.send(caller, { ...input, idempotencyKey })
      } catch (err) {
        await Promise.all(input.files.map((f) => kernel.storage.remove(f.key).catch(() => undefined)))
        throw err
      }
    },
  )
}
