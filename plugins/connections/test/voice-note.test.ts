import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { opusHead } from '@atende/sdk'
import { VoiceNoteError, isVoiceNoteReady, toVoiceNote } from '../src/voice-note.ts'
import { hasFfmpeg, probe, sine } from './audio-support.ts'

/** Where the converter refuses, whatever the machine has installed (fake ffmpeg scripts). */
describe('voice note converter: limits and failures', () => {
  let dir: string
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'atende-voice-'))
  })
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true })
  })
  const script = async (name: string, body: string) => {
    const file = join(dir, name)
    await writeFile(file, `#!/bin/sh\n${body}\n`)
    await chmod(file, 0o755)
    return file
  }

  it('reads channels and input rate from the first Ogg page, refusing anything else', () => {
    const page = (channels: number, rate: number, flags = 0x02) => {
      const head = Buffer.alloc(19)
      head.write('OpusHead', 0, 'latin1')
      head[8] = 1
      head[9] = channels
      head.writeUInt32LE(rate, 12)
      const header = Buffer.alloc(28)
      header.write('OggS', 0, 'latin1')
      header[5] = flags
      header[26] = 1 // one segment…
      header[27] = 19 // …of 19 bytes
      return Buffer.concat([header, head])
    }
    expect(opusHead(page(1, 16000))).toEqual({ channels: 1, sampleRate: 16000 })
    expect(isVoiceNoteReady(page(1, 16000))).toBe(true)
    expect(isVoiceNoteReady(page(2, 16000))).toBe(false)
    expect(isVoiceNoteReady(page(1, 48000))).toBe(false)
    expect(isVoiceNoteReady(page(1, 16000, 0))).toBe(false) // not a beginning-of-stream page
    expect(isVoiceNoteReady(Buffer.from('ID3 not ogg at all, long enough to be read as a header'))).toBe(false)
  })

  it('names a missing binary as unavailable', async () => {
    const err = await toVoiceNote(Buffer.from('x'), 'audio/webm', { ffmpegPath: join(dir, 'no-ffmpeg') }).catch(
      (e) => e,
    )
    expect(err).toBeInstanceOf(VoiceNoteError)
    expect(err.reason).toBe('unavailable')
  })

  it('kills a process that outlives the timeout, and one whose output passes the size limit', async () => {
    const stuck = await script('stuck.sh', 'exec sleep 60')
    const slow = await toVoiceNote(Buffer.from('x'), 'audio/webm', { ffmpegPath: stuck, timeoutMs: 100 }).catch(
      (e) => e,
    )
    expect(slow).toMatchObject({ name: 'VoiceNoteError', reason: 'timeout' })
    const flood = await script('flood.sh', 'head -c 1000000 /dev/zero')
    const big = await toVoiceNote(Buffer.from('x'), 'audio/webm', { ffmpegPath: flood, maxBytes: 50_000 }).catch(
      (e) => e,
    )
    expect(big).toMatchObject({ name: 'VoiceNoteError', reason: 'too-large' })
  })

  it('refuses input over the limit, non-audio input, and output that is not Ogg/Opus 16 kHz mono', async () => {
    const over = await toVoiceNote(Buffer.alloc(100), 'audio/webm', { maxBytes: 99 }).catch((e) => e)
    expect(over).toMatchObject({ reason: 'too-large' })
    const image = await toVoiceNote(Buffer.alloc(100), 'image/png').catch((e) => e)
    expect(image).toMatchObject({ reason: 'failed' })
    const liar = await script('liar.sh', 'cat >/dev/null; printf "not ogg at all"')
    const wrong = await toVoiceNote(Buffer.from('x'), 'audio/webm', { ffmpegPath: liar }).catch((e) => e)
    expect(wrong).toMatchObject({ reason: 'failed' })
    const failing = await script('fail.sh', 'echo "Invalid data found" >&2; exit 1')
    const failed = await toVoiceNote(Buffer.from('x'), 'audio/webm', { ffmpegPath: failing }).catch((e) => e)
    expect(failed).toMatchObject({ reason: 'failed' })
    expect(failed.message).toMatch(/Invalid data found/)
  })
})

describe.skipIf(!hasFfmpeg)('voice note converter with ffmpeg (skipped: install ffmpeg with libopus to run it)', () => {
  let dir: string
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'atende-voice-'))
  })
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it('turns piped WebM/Opus stereo 48 kHz and an MP4/AAC file into Ogg/Opus 16 kHz mono', async () => {
    const webm = await sine(dir, 'in.webm', ['-ac', '2', '-c:a', 'libopus', '-f', 'webm'])
    expect(opusHead(webm)).toBeNull() // WebM, not Ogg
    const fromPipe = await toVoiceNote(webm, 'audio/webm;codecs=opus')
    expect(opusHead(fromPipe)).toEqual({ channels: 1, sampleRate: 16000 })
    await sine(dir, 'in.m4a', ['-c:a', 'aac', '-f', 'mp4']) // index at the end: read from the file, not a pipe
    const fromFile = await toVoiceNote(join(dir, 'in.m4a'), 'audio/mp4')
    expect(opusHead(fromFile)).toEqual({ channels: 1, sampleRate: 16000 })
    expect(await probe(fromFile, dir)).toEqual({ format: 'ogg', codec: 'opus', channels: 1 })
  })

  it('passes Ogg/Opus that is already 16 kHz mono through byte for byte, and converts 48 kHz Ogg/Opus', async () => {
    const ready = await sine(dir, 'ready.ogg', ['-ac', '1', '-ar', '16000', '-c:a', 'libopus', '-f', 'ogg'])
    expect((await toVoiceNote(ready, 'audio/ogg')).equals(ready)).toBe(true)
    expect((await toVoiceNote(join(dir, 'ready.ogg'), 'audio/ogg')).equals(ready)).toBe(true)
    const wide = await sine(dir, 'wide.ogg', ['-ac', '2', '-ar', '48000', '-c:a', 'libopus', '-f', 'ogg'])
    expect(opusHead(wide)).toEqual({ channels: 2, sampleRate: 48000 })
    expect(opusHead(await toVoiceNote(wide, 'audio/ogg'))).toEqual({ channels: 1, sampleRate: 16000 })
  })

  it('fails on bytes that are no audio', async () => {
    const err = await toVoiceNote(Buffer.from('definitely not a recording'), 'audio/webm').catch((e) => e)
    expect(err).toMatchObject({ name: 'VoiceNoteError', reason: 'failed' })
  })
})
