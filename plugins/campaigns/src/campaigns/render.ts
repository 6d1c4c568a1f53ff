import { createHash } from 'node:crypto'
import { renderVariables } from '@atende/sdk'
import { messagesOf, type CampaignRow } from './service.ts'

/** The variant a number gets: seeded by campaign and number, so planning again draws the same. */
export function variantFor(campaign: Pick<CampaignRow, 'id' | `message${1 | 2 | 3 | 4 | 5}`>, number: string) {
  const filled = messagesOf(campaign).filter((m) => m.text)
  if (!filled.length) return null
  const seed = createHash('sha256').update(`${campaign.id}:${number}`).digest().readUInt32BE(0)
  return filled[seed % filled.length]
}

/**
 * A campaign message for one recipient: the shared renderer's variables ({{name}}, {{firstName}},
 * {{greeting}}, {{date}}, {{hour}}) plus {{nome}}, {{email}}, {{numero}} and the campaign settings'
 * variables; the anchors' single-brace form ({nome}) reads the same.
 */
export function renderCampaignMessage(
  template: string,
  recipient: { name: string; number: string; email: string },
  variables: { key: string; value: string }[],
  now: Date,
) {
  const doubled = template.replace(/(?<!\{)\{(\w+)\}(?!\})/g, '{{$1}}')
  const extra: Record<string, string> = {}
  for (const v of variables) extra[v.key] = v.value
  Object.assign(extra, { nome: recipient.name, email: recipient.email, numero: recipient.number })
  return renderVariables(doubled, { contactName: recipient.name, ticketId: 0, ticketCreatedAt: now, now }, extra)
}
