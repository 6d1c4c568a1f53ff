import { PREFERENCE_KEYS } from '@atende/client'

/**
 * The new-chat-message sound: the shell exposes no shared sound, so this module makes its own
 * short tone with WebAudio (no asset to ship) at the volume the top bar stores ('volume', 0–1).
 */
export function storedVolume(): number {
  const raw = localStorage.getItem(PREFERENCE_KEYS.notificationVolume)
  if (raw == null || raw === '') return 1
  const n = Number(raw)
  return Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : 1
}

let ctx: AudioContext | null = null
let last = 0

export function chime(volume = storedVolume()) {
  if (volume <= 0 || typeof window === 'undefined') return
  // Browsers refuse sound before the user has interacted with the page.
  const activation = (navigator as { userActivation?: { hasBeenActive: boolean } }).userActivation
  if (activation && !activation.hasBeenActive) return
  if (Date.now() - last < 1500) return
  last = Date.now()
  const AC = window.AudioContext
  if (!AC) return
  try {
    ctx ??= new AC()
    if (ctx.state === 'suspended') void ctx.resume().catch(() => {})
    const now = ctx.currentTime
    const osc = ctx.createOscillator()
    const gain = ctx.createGain()
    osc.type = 'sine'
    osc.frequency.value = 660
    gain.gain.setValueAtTime(0.0001, now)
    gain.gain.exponentialRampToValueAtTime(Math.max(0.0002, 0.25 * volume), now + 0.01)
    gain.gain.exponentialRampToValueAtTime(0.0001, now + 0.25)
    osc.connect(gain).connect(ctx.destination)
    osc.start(now)
    osc.stop(now + 0.26)
  } catch {
    // Chat errors are silently ignored.
  }
}
