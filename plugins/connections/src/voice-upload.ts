import type { Kernel, StoredFile } from '@atende/sdk'
import { VOICE_NOTE_MIMETYPE, VoiceNoteError, toVoiceNote } from './voice-note.ts'

/**
 * The attendant's recorded voice note, stored as the browser made it (WebM/Opus, MP4/AAC, Ogg),
 * replaced by its Ogg/Opus 16 kHz mono version, which the sender marks as push-to-talk (by the
 * `.ogg` name). When ffmpeg is missing or fails the recording is kept and goes out as an audio
 * file: nothing is lost. A missing ffmpeg is logged once per process, a failed conversion each time.
 */
export function createVoiceUploads(kernel: Pick<Kernel, 'storage' | 'log'>) {
  let warnedUnavailable = false
  return {
    async convert(companyId: number, file: StoredFile): Promise<StoredFile> {
      let bytes: Buffer
      try {
        bytes = await toVoiceNote(kernel.storage.path(file.key), file.mimetype)
      } catch (err) {
        if (!(err instanceof VoiceNoteError)) throw err
        if (err.reason !== 'unavailable')
          kernel.log.warn({ err, key: file.key }, 'voice note not converted: sent as recorded')
        else if (!warnedUnavailable) {
          warnedUnavailable = true
          kernel.log.warn(
            { err },
            'ffmpeg not found (FFMPEG_PATH; Debian/Ubuntu: apt-get install ffmpeg): voice notes go out as recorded audio files, not push-to-talk',
          )
        }
        return file
      }
      const note = await kernel.storage.put(companyId, {
        data: bytes,
        fileName: `${file.fileName.replace(/\.[^.]*$/, '') || 'audio'}.ogg`,
        mimetype: VOICE_NOTE_MIMETYPE,
        allow: ['audio'],
        area: 'media',
      })
      await kernel.storage.remove(file.key).catch(() => undefined) // the recording is replaced
      return note
    },
  }
}
