/**
 * The flow editor's uploads (POST /flowbuilder/img, /audio, /content, within
 * the file limits): each file part of the multipart body (`medias`) is streamed into the company's storage
 * and answered by its stored name, which the node keeps. Other parts (fromMe, body) are ignored.
 */
import { extname } from 'node:path'
import type { FastifyRequest } from 'fastify'
import { AppError, badRequest, type Kernel, type StoredFile } from '@atende/sdk'
import { MEDIA_AREA } from './service.ts'
import type {} from '@atende/sdk/multipart'

const MB = 1024 * 1024
interface Rule {
  family: 'image' | 'audio' | 'video'
  exts: string[]
  maxBytes: number
}
const IMAGE: Rule = { family: 'image', exts: ['.png', '.jpg', '.jpeg'], maxBytes: 2 * MB }
const AUDIO_50: Rule = { family: 'audio', exts: ['.ogg', '.mp3', '.opus'], maxBytes: 50 * MB }
const AUDIO_20: Rule = { ...AUDIO_50, maxBytes: 20 * MB }
const VIDEO: Rule = { family: 'video', exts: ['.mp4'], maxBytes: 50 * MB }

/** img: images; audio: the audio and video dialogs; content: a sequence's images, audio and video. */
export const UPLOAD_RULES = { img: [IMAGE], audio: [AUDIO_50, VIDEO], content: [IMAGE, AUDIO_20, VIDEO] } as const
export type UploadKind = keyof typeof UPLOAD_RULES

/** The type a file is stored and sent as follows its extension (browsers type .ogg and .opus variously). */
const MIMETYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.ogg': 'audio/ogg',
  '.opus': 'audio/ogg',
  '.mp3': 'audio/mpeg',
  '.mp4': 'video/mp4',
}

function ruleFor(kind: UploadKind, fileName: string): Rule {
  const ext = extname(fileName).toLowerCase()
  const rule = UPLOAD_RULES[kind].find((r) => r.exts.includes(ext))
  if (!rule) {
    const allowed = UPLOAD_RULES[kind].flatMap((r) => r.exts).join(', ')
    throw new AppError('ERR_FILE_TYPE_NOT_ALLOWED', 400, `Only ${allowed} files are accepted here`, { field: 'medias' })
  }
  return rule
}

export async function storeUploads(kernel: Kernel, request: FastifyRequest, kind: UploadKind): Promise<string[]> {
  if (!request.isMultipart()) throw badRequest('medias', 'Send the files as multipart/form-data in the field "medias"')
  const stored: StoredFile[] = []
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue
      const rule = ruleFor(kind, part.filename)
      stored.push(
        await kernel.storage.put(request.auth.companyId, {
          data: part.file,
          fileName: part.filename,
          mimetype: MIMETYPES[extname(part.filename).toLowerCase()],
          maxBytes: rule.maxBytes,
          allow: [rule.family],
          area: MEDIA_AREA,
        }),
      )
    }
  } catch (err) {
    // All or nothing: a refused file leaves none of the request's files behind.
    await Promise.all(stored.map((f) => kernel.storage.remove(f.key).catch(() => {})))
    throw err
  }
  if (!stored.length) throw badRequest('medias', 'A file is required')
  return stored.map((f) => f.key)
}
