import { spawn } from 'node:child_process'
import { open, stat } from 'node:fs/promises'
import { opusHead } from '@atende/sdk'

/**
 * Voice notes as WhatsApp plays them on every phone: OGG/Opus push-to-talk. iOS refuses MP3/MP4 as
 * PTT and may refuse Opus that is not 16 kHz mono (Baileys PR #2648), so anything else is re-encoded
 * by the system's ffmpeg (Debian's has libopus; FFMPEG_PATH, default `ffmpeg` on PATH).
 */
export const VOICE_NOTE_MIMETYPE = 'audio/ogg'
const RATE = 16_000
const ARGS = ['-vn', '-map', '0:a:0', '-map_metadata', '-1', '-ac', '1', '-ar', String(RATE)]
const ENCODE = ['-c:a', 'libopus', '-b:a', '24k', '-application', 'voip', '-f', 'ogg', 'pipe:1']
const HEAD_BYTES = 27 + 255 + 19 // the largest first Ogg page header plus the OpusHead packet

export interface VoiceNoteOptions {
  ffmpegPath?: string
  timeoutMs?: number // default 60 s: minutes of speech take a second or two; a stuck process is killed
  maxBytes?: number // input and output limit (default 16 MiB, the media limit)
}

/** Why a note could not be made: `unavailable` (no ffmpeg), or this input failed. */
export class VoiceNoteError extends Error {
  constructor(
    readonly reason: 'unavailable' | 'failed' | 'timeout' | 'too-large',
    message: string,
  ) {
    super(message)
    this.name = 'VoiceNoteError'
  }
}

/** Already what every phone plays as PTT: Ogg/Opus, one channel, 16 kHz (judged by the first page). */
export function isVoiceNoteReady(head: Buffer): boolean {
  const h = opusHead(head)
  return h?.channels === 1 && h.sampleRate === RATE
}

export const ffmpegPath = () => process.env.FFMPEG_PATH || 'ffmpeg'

/**
 * The note as Ogg/Opus 16 kHz mono: the input's bytes when they already are, else ffmpeg's output
 * (checked by its bytes too). `input` is a file path (seekable, so MP4 with its index at the end
 * works) or the bytes (piped). ffmpeg runs without a shell and asynchronously; throws VoiceNoteError.
 */
export async function toVoiceNote(input: Buffer | string, mimetype: string, opts: VoiceNoteOptions = {}) {
  const maxBytes = opts.maxBytes ?? 16 * 1024 * 1024
  if (!/^(audio|video)\//.test(mimetype)) throw new VoiceNoteError('failed', `not audio: ${mimetype}`)
  const size = typeof input === 'string' ? (await stat(input)).size : input.length
  if (size > maxBytes) throw new VoiceNoteError('too-large', `input of ${size} bytes`)
  const head = typeof input === 'string' ? await readHead(input) : input.subarray(0, HEAD_BYTES)
  if (isVoiceNoteReady(head)) return typeof input === 'string' ? readAll(input) : input
  const out = await ffmpeg(input, {
    ffmpegPath: opts.ffmpegPath ?? ffmpegPath(),
    timeoutMs: opts.timeoutMs ?? 60_000,
    maxBytes,
  })
  if (!isVoiceNoteReady(out)) throw new VoiceNoteError('failed', 'ffmpeg did not produce Ogg/Opus 16 kHz mono')
  return out
}

async function readHead(path: string) {
  const fh = await open(path, 'r')
  try {
    const { buffer, bytesRead } = await fh.read(Buffer.alloc(HEAD_BYTES), 0, HEAD_BYTES, 0)
    return buffer.subarray(0, bytesRead)
  } finally {
    await fh.close()
  }
}

const readAll = async (path: string) => {
  const fh = await open(path, 'r')
  try {
    return await fh.readFile()
  } finally {
    await fh.close()
  }
}

function ffmpeg(input: Buffer | string, o: Required<VoiceNoteOptions>): Promise<Buffer> {
  const fromFile = typeof input === 'string'
  const args = ['-hide_banner', '-loglevel', 'error', ...(fromFile ? ['-nostdin', '-i', input] : ['-i', 'pipe:0'])]
  return new Promise((resolve, reject) => {
    const child = spawn(o.ffmpegPath, [...args, ...ARGS, ...ENCODE], {
      stdio: [fromFile ? 'ignore' : 'pipe', 'pipe', 'pipe'],
      windowsHide: true,
    })
    const chunks: Buffer[] = []
    let size = 0
    let stderr = ''
    let failure: VoiceNoteError | null = null
    const stop = (err: VoiceNoteError) => {
      failure ??= err
      child.kill('SIGKILL')
    }
    const timer = setTimeout(
      () => stop(new VoiceNoteError('timeout', `ffmpeg took over ${o.timeoutMs} ms`)),
      o.timeoutMs,
    )
    child.stdout!.on('data', (c: Buffer) => {
      size += c.length
      if (size > o.maxBytes) stop(new VoiceNoteError('too-large', `output over ${o.maxBytes} bytes`))
      else chunks.push(c)
    })
    child.stderr!.on('data', (c: Buffer) => {
      stderr = (stderr + c.toString()).slice(-2000) // the tail says why it failed
    })
    child.on('error', (err: NodeJS.ErrnoException) => {
      clearTimeout(timer)
      const missing = err.code === 'ENOENT' || err.code === 'EACCES'
      reject(new VoiceNoteError(missing ? 'unavailable' : 'failed', `${o.ffmpegPath}: ${err.message}`))
    })
    child.on('close', (code) => {
      clearTimeout(timer)
      if (failure) reject(failure)
      else if (code !== 0) reject(new VoiceNoteError('failed', `ffmpeg exited ${code}: ${stderr.trim()}`))
      else resolve(Buffer.concat(chunks))
    })
    if (!fromFile) {
      child.stdin!.on('error', () => undefined) // EPIPE when ffmpeg gives up early: its exit code says why
      child.stdin!.end(input)
    }
  })
}
