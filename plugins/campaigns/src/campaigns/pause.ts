/**
 * Why the engine holds a campaign. Stored twice on the row: `pause` ({ code, values }) for screens
 * and integrators to word in their own language, and `pauseReason`, the same in Portuguese (the
 * product's default language) for anyone reading the row or the API by eye.
 */
import type { Campaign } from './wire.ts'

export type Pause = NonNullable<Campaign['pause']>
type PauseCode = Pause['code']

const TEXT: Record<PauseCode, (v: Record<string, string | number>) => string> = {
  window: (v) => `Fora da janela de envio (${v.start}–${v.end})`,
  dailyLimit: (v) => `Limite diário da conexão atingido (${v.limit})`,
  disconnected: () => 'A conexão não está conectada',
  failures: (v) =>
    `Pausada automaticamente: ${v.failed} de ${v.of} envios falharam (reveja a lista e a conexão, depois reinicie)`,
}

/** The columns a hold (or its end, with null) writes. */
export function pauseColumns(pause: Pause | null) {
  return pause
    ? { pause: JSON.stringify(pause), pauseReason: TEXT[pause.code](pause.values) }
    : { pause: null, pauseReason: '' }
}
