import { useCallback, useEffect, useRef, useState } from 'react'
import { audioFileName, keepAudio } from './compose.ts'

export type RecorderState = 'idle' | 'recording' | 'sending'

/**
 * Voice notes with MediaRecorder: idle → recording → sending. The file is sent as the browser
 * records it (WebM/Opus, Ogg or MP4): mp3 encoding is not done in the browser — the spec's
 * "mp3 at 128 kbit/s" would need an encoder we do not ship; the server takes the file as it is.
 * Recordings under 10 000 bytes are dropped (`onTooShort`).
 */
export function useRecorder(
  send: (file: File) => Promise<void>,
  callbacks: { onTooShort: () => void; onDenied: (err: unknown) => void },
) {
  const [state, setState] = useState<RecorderState>('idle')
  const recorder = useRef<MediaRecorder | null>(null)
  const discard = useRef(false)
  const cbs = useRef({ send, ...callbacks })
  cbs.current = { send, ...callbacks }

  const stopTracks = (r: MediaRecorder | null) => r?.stream.getTracks().forEach((tr) => tr.stop())

  const start = useCallback(async () => {
    if (recorder.current || typeof MediaRecorder === 'undefined' || !navigator.mediaDevices) {
      cbs.current.onDenied(new Error('unsupported'))
      return
    }
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true })
      const r = new MediaRecorder(stream)
      const chunks: Blob[] = []
      discard.current = false
      r.ondataavailable = (e) => {
        if (e.data.size) chunks.push(e.data)
      }
      r.onstop = async () => {
        stopTracks(r)
        recorder.current = null
        const blob = new Blob(chunks, { type: r.mimeType || 'audio/webm' })
        if (discard.current) {
          setState('idle')
          return
        }
        if (!keepAudio(blob.size)) {
          cbs.current.onTooShort()
          setState('idle')
          return
        }
        setState('sending')
        try {
          await cbs.current.send(new File([blob], audioFileName(blob.type), { type: blob.type }))
        } finally {
          setState('idle')
        }
      }
      recorder.current = r
      r.start()
      setState('recording')
    } catch (err) {
      cbs.current.onDenied(err)
      setState('idle')
    }
  }, [])

  const stop = useCallback(() => {
    recorder.current?.stop()
  }, [])
  const cancel = useCallback(() => {
    discard.current = true
    recorder.current?.stop()
  }, [])

  useEffect(
    () => () => {
      discard.current = true
      if (recorder.current?.state === 'recording') recorder.current.stop()
      stopTracks(recorder.current)
    },
    [],
  )

  return { state, start, stop, cancel }
}
