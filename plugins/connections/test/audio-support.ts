import { execFile, spawnSync } from 'node:child_process'
import { promisify } from 'node:util'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

const run = promisify(execFile)

/** Debian's ffmpeg (with libopus) is needed to convert; without it the conversion tests are skipped. */
export const hasFfmpeg = (() => {
  const r = spawnSync('ffmpeg', ['-hide_banner', '-encoders'], { encoding: 'utf8' })
  return r.status === 0 && /libopus/.test(r.stdout)
})()

/** A 1 s 440 Hz sine encoded by ffmpeg itself: `args` choose codec and container. */
export async function sine(dir: string, name: string, args: string[]) {
  const file = join(dir, name)
  const source = ['-f', 'lavfi', '-i', 'sine=frequency=440:duration=1']
  await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', ...source, ...args, '-y', file])
  return readFile(file)
}

/** What ffprobe (not our own parser) says of the bytes: container, codec, channels. */
export async function probe(bytes: Buffer, dir: string) {
  const file = join(dir, `probe-${Math.random().toString(36).slice(2)}`)
  await writeFile(file, bytes)
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_format', '-show_streams', '-of', 'json', file])
  const j = JSON.parse(stdout)
  const s = j.streams[0]
  return { format: j.format.format_name as string, codec: s.codec_name as string, channels: s.channels as number }
}
