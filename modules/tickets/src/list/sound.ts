/**
 * The new-message beep, made with WebAudio (no asset to ship): two short sine tones at the volume
 * the top bar stores ('volume', 0–1, default 1).
 */
export const VOLUME_KEY = 'volume'

export function storedVolume(raw: string | null): number {
  if (raw == null || raw === '') return 1
  const n = Number(raw)
  return Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : 1
}

/** A burst of messages (a campaign's replies) rings once. */
export const BEEP_GAP_MS = 1500

let ctx: AudioContext | null = null
let lastBeep = 0

export function beep(volume: number) {
  if (volume <= 0 || typeof window === 'undefined') return
  // Browsers refuse sound before the user has interacted with the page (and warn on every try).
  const activation = (navigator as { userActivation?: { hasBeenActive: boolean } }).userActivation
  if (activation && !activation.hasBeenActive) return
  const nowMs = Date.now()
  if (nowMs - lastBeep < BEEP_GAP_MS) return
  lastBeep = nowMs
  const AC =
    window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext
  if (!AC) return
  try {
    ctx ??= new AC()
    // A context made before any click starts suspended; resume() succeeds once the user has interacted.
    if (ctx.state === 'suspended') void ctx.resume().catch(() => {})
    const now = ctx.currentTime
    for (const [freq, at] of [
      [880, 0],
      [1320, 0.12],
    ] as const) {
      const osc = ctx.createOscillator()
      const gain = ctx.createGain()
      osc.type = 'sine'
      osc.frequency.value = freq
      gain.gain.setValueAtTime(0.0001, now + at)
      gain.gain.exponentialRampToValueAtTime(Math.max(0.0002, 0.25 * volume), now + at + 0.01)
      gain.gain.exponentialRampToValueAtTime(0.0001, now + at + 0.15)
      osc.connect(gain).connect(ctx.destination)
      osc.start(now + at)
      osc.stop(now + at + 0.16)
    }
  } catch (err) {
    console.warn('[tickets] beep failed', err)
  }
}

/**
 * Who rings: the tickets screen, while mounted, rings by its own rules (not for the ticket on screen
 * with focus); elsewhere the top bar's unread popover does. One sound per message, never two.
 */
let screens = 0
export function claimRinging(): () => void {
  screens++
  return () => {
    screens = Math.max(0, screens - 1)
  }
}
export const screenRings = () => screens > 0
