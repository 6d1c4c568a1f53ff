/**
 * Azure text-to-speech over REST: the SSML in, OGG/Opus out at 16 kHz mono — the
 * format WhatsApp plays as a voice note on every phone, so nothing is converted. The region is a
 * host label checked when the prompt is saved; AZURE_TTS_URL (with `{region}`) points the client
 * elsewhere (tests, a proxy).
 */
import { AiFailure } from './openai.ts'
import { isOggOpus } from '@atende/sdk'

export const TTS_FORMAT = 'ogg-16khz-16bit-mono-opus'

const endpoint = (region: string) =>
  (process.env.AZURE_TTS_URL || 'https://{region}.tts.speech.microsoft.com/cognitiveservices/v1').replace(
    '{region}',
    region,
  )

const xml = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!)

export async function speak(input: { key: string; region: string; voice: string; text: string }): Promise<Buffer> {
  const lang = input.voice.slice(0, 5)
  const ssml = `<speak version="1.0" xml:lang="${xml(lang)}"><voice xml:lang="${xml(lang)}" name="${xml(input.voice)}">${xml(input.text)}</voice></speak>`
  let res: Response
  try {
    // eslint-disable-next-line no-restricted-globals -- Microsoft's host (or AZURE_TTS_URL); the tenant's region is held to a host label when saved
    res = await fetch(endpoint(input.region), {
      method: 'POST',
      signal: AbortSignal.timeout(Number(process.env.AZURE_TTS_TIMEOUT_MS || 15_000)),
      headers: {
        'ocp-apim-subscription-key': input.key,
        'content-type': 'application/ssml+xml',
        'x-microsoft-outputformat': TTS_FORMAT,
        'user-agent': 'Atende',
      },
      body: ssml,
    })
  } catch (err) {
    throw new AiFailure(
      'unavailable',
      (err as Error).name === 'TimeoutError' ? 'Azure speech did not answer' : 'Azure speech could not be reached',
    )
  }
  if (res.status === 401 || res.status === 403)
    throw new AiFailure('auth', `Azure speech refused the key (HTTP ${res.status})`)
  if (!res.ok)
    throw new AiFailure(
      res.status >= 500 || res.status === 429 ? 'unavailable' : 'config',
      `Azure speech answered HTTP ${res.status}`,
    )
  const audio = Buffer.from(await res.arrayBuffer())
  if (!isOggOpus(audio)) throw new AiFailure('malformed', 'Azure speech answered audio that is not OGG/Opus')
  return audio
}
