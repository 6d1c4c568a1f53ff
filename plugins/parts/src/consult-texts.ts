import type { PartRecord } from './inventory.ts'

/**
 * What the consult says to the customer. In Portuguese: the spec's product talks to Brazilian
 * customers and a bot message carries no reader language.
 */
export const ASK_PART = 'Consulta de peças: qual peça você procura?'
export const ASK_MODEL = 'Para qual modelo de veículo (ex.: Gol, Onix)?'
export const ASK_YEAR = 'De qual ano é o veículo?'
export const HANDOFF = 'Um atendente vai continuar o seu atendimento.'
/** Results listed at most (the rest are counted). */
export const MAX_RESULTS = 5

const line = (p: PartRecord) => {
  const where = [p.position, p.side].filter(Boolean).join(' ')
  const vehicle = [p.brand, p.model, p.year].filter(Boolean).join(' ')
  return (
    `• ${p.name}${where ? ` (${where})` : ''}${vehicle ? ` — ${vehicle}` : ''}` +
    ` — Em estoque: ${p.inStock ? 'Sim' : 'Não'}${p.branch ? ` — Filial: ${p.branch}` : ''}`
  )
}

/** The answer: the parts found (in stock first) or that none was, then the handoff. */
export function answerText(q: { part: string; model: string; year: string }, found: PartRecord[], more: boolean) {
  const asked = `${q.part} — ${q.model} ${q.year}`.trim()
  if (!found.length) return `Não encontramos "${asked}" no nosso estoque.\n${HANDOFF}`
  return [
    `Encontramos para "${asked}":`,
    ...found.map(line),
    ...(more ? ['(e outras; o atendente pode ver a lista completa)'] : []),
    HANDOFF,
  ].join('\n')
}
