/**
 * Typebot's answer as WhatsApp messages:
 * - text bubbles (markdown) in WhatsApp's formatting: **bold** → *bold*, *italic* / _italic_ →
 *   _italic_, ~~strike~~ → ~strike~, [text](url) → "text (url)";
 * - image / video / audio bubbles as media by URL (embeds as their link);
 * - a choice input as a numbered list after the messages (a reply "2" is then the second item);
 * - `wait` actions split the messages: those up to `lastBubbleBlockId` go now, the rest later.
 * Other client-side actions mean nothing on WhatsApp and are skipped.
 */
import type { BotOutput, Segment } from './bot-store.ts'
import type { TypebotAnswer, TypebotMessage } from './typebot.ts'

/** Typebot's markdown (remark) → WhatsApp's marks. */
export function toWhatsapp(md: string): string {
  const BOLD = '\u0000'
  return md
    .replace(/\*\*(.+?)\*\*/gs, `${BOLD}$1${BOLD}`)
    .replace(/__(.+?)__/gs, `${BOLD}$1${BOLD}`)
    .replace(/(^|[^\w*])\*(?!\s)(.+?)\*(?!\w)/gs, '$1_$2_')
    .replace(/~~(.+?)~~/gs, '~$1~')
    .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (_, text: string, link: string) =>
      text === link ? link : `${text} (${link})`,
    )
    .replace(new RegExp(BOLD, 'g'), '*')
    .replace(/\\([\\`*_{}[\]()#+\-.!~>|])/g, '$1')
    .trim()
}

/** The text of a rich-text tree (when a server answers richText despite the markdown request). */
function plain(node: unknown): string {
  if (!node || typeof node !== 'object') return ''
  if (Array.isArray(node)) return node.map(plain).join('\n')
  const n = node as { text?: unknown; children?: unknown; type?: unknown }
  if (typeof n.text === 'string') return n.text
  return Array.isArray(n.children) ? n.children.map(plain).join('') : ''
}

function output(m: TypebotMessage): BotOutput | null {
  const c = m.content ?? {}
  if (m.type === 'text') {
    const text =
      typeof c.markdown === 'string'
        ? toWhatsapp(c.markdown)
        : typeof c.plainText === 'string'
          ? c.plainText
          : plain(c.richText)
    return text.trim() ? { kind: 'text', body: text } : null
  }
  const url = typeof c.url === 'string' ? c.url : ''
  if (!url) return null
  if (m.type === 'image' || m.type === 'video' || m.type === 'audio') return { kind: 'media', url, mediaType: m.type }
  return { kind: 'text', body: url } // embed and anything else with a link
}

/** The labels of a choice input's items, or null for other inputs. */
export function choices(answer: TypebotAnswer): string[] | null {
  const input = answer.input
  if (!input || (input.type !== 'choice input' && input.type !== 'picture choice input')) return null
  const items = (input.items ?? []).map((i) => (i.content ?? i.title ?? '').trim()).filter(Boolean)
  return items.length ? items : null
}

/** A reply naming an item by its number is that item's text. */
export function answerFor(text: string, items: string[] | undefined): string {
  const n = /^\s*(\d{1,3})\s*[.)]?\s*$/.exec(text)
  const item = n && items?.[Number(n[1]) - 1]
  return item ?? text
}

/** The answer in segments: the first has waitMs 0 unless a wait comes before every message. */
export function segments(answer: TypebotAnswer, waitScale = 1): Segment[] {
  const after = new Map<string, number>()
  let lead = 0
  for (const a of answer.clientSideActions) {
    if (a?.type !== 'wait') continue
    const ms = Math.min(Math.max(0, Number(a.wait?.secondsToWaitFor) || 0), 86_400) * 1000 * waitScale
    if (a.lastBubbleBlockId) after.set(a.lastBubbleBlockId, (after.get(a.lastBubbleBlockId) ?? 0) + ms)
    else lead += ms
  }
  const list: Segment[] = [{ waitMs: lead, items: [] }]
  for (const m of answer.messages) {
    const out = output(m)
    if (out) list[list.length - 1].items.push(out)
    const wait = m.id ? after.get(m.id) : undefined
    if (wait) list.push({ waitMs: wait, items: [] })
  }
  const items = choices(answer)
  if (items) list[list.length - 1].items.push({ kind: 'text', body: items.map((c, i) => `${i + 1}. ${c}`).join('\n') })
  // A wait at the very end holds nothing back.
  while (list.length > 1 && !list[list.length - 1].items.length) list.pop()
  return list
}
