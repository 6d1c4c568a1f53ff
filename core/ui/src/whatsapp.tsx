import { Fragment, type ReactNode } from 'react'

/**
 * WhatsApp's text formatting — *bold*, _italic_, ~strike~, ```mono``` — and bare links, read the way
 * the phone reads them: a marker opens only at the start of a word (not inside `snake_case` or
 * `2*3*4`) and before a non-space, closes after a non-space and before the end of a word, never
 * across a line (mono may span lines and keeps its content literal); styles nest (`*_both_*`).
 * Rendered as React elements, never as HTML: user text cannot inject markup.
 */
export type WaNode =
  | { kind: 'text'; text: string }
  | { kind: 'link'; href: string }
  | { kind: 'bold' | 'italic' | 'strike'; children: WaNode[] }
  | { kind: 'mono'; text: string }

const MARKS = { '*': 'bold', _: 'italic', '~': 'strike' } as const
type Mark = keyof typeof MARKS
const WORD = /[\p{L}\p{N}]/u
const SPACE = /\s/
const LINK = /^https?:\/\/[^\s<>"]+/

const isWord = (ch: string | undefined) => !!ch && WORD.test(ch)
const isSpace = (ch: string | undefined) => !ch || SPACE.test(ch)

/** Where the span opened by the marker at `at` closes, or -1. */
function closing(text: string, at: number, mark: string): number {
  for (let j = at + 2; j < text.length; j++) {
    const ch = text[j]
    if (ch === '\n') return -1
    if (ch === mark && !isSpace(text[j - 1]) && !isWord(text[j + 1])) return j
  }
  return -1
}

export function parseWhatsApp(text: string): WaNode[] {
  const out: WaNode[] = []
  const push = (s: string) => {
    const last = out[out.length - 1]
    if (last?.kind === 'text') last.text += s
    else if (s) out.push({ kind: 'text', text: s })
  }
  let i = 0
  while (i < text.length) {
    const ch = text[i]!
    const prev = text[i - 1]
    const wordStart = !isWord(prev)
    if (wordStart && (ch === 'h' || ch === 'H')) {
      const link = LINK.exec(text.slice(i))?.[0]
      if (link) {
        // A sentence's final dot or bracket is not part of the address.
        const href = link.replace(/[.,;:!?)\]]+$/, '')
        out.push({ kind: 'link', href })
        i += href.length
        continue
      }
    }
    if (ch === '`' && text.startsWith('```', i) && wordStart) {
      const end = text.indexOf('```', i + 3)
      if (end > i + 3) {
        out.push({ kind: 'mono', text: text.slice(i + 3, end) })
        i = end + 3
        continue
      }
    }
    if (ch in MARKS && wordStart && !isSpace(text[i + 1]) && text[i + 1] !== ch) {
      const end = closing(text, i, ch)
      if (end > 0) {
        out.push({ kind: MARKS[ch as Mark], children: parseWhatsApp(text.slice(i + 1, end)) })
        i = end + 1
        continue
      }
    }
    push(ch)
    i++
  }
  return out
}

/** The text without its markers (for a title attribute or a notification). */
export function plainWhatsApp(text: string): string {
  const flat = (nodes: WaNode[]): string =>
    nodes
      .map((n) =>
        n.kind === 'text' ? n.text : n.kind === 'link' ? n.href : n.kind === 'mono' ? n.text : flat(n.children),
      )
      .join('')
  return flat(parseWhatsApp(text))
}

function render(nodes: WaNode[], links: boolean, linkClass: string): ReactNode[] {
  return nodes.map((n, i) => {
    switch (n.kind) {
      case 'text':
        return <Fragment key={i}>{n.text}</Fragment>
      case 'link':
        return links ? (
          <a key={i} href={n.href} target="_blank" rel="noreferrer noopener" className={linkClass}>
            {n.href}
          </a>
        ) : (
          <Fragment key={i}>{n.href}</Fragment>
        )
      case 'mono':
        return (
          <code key={i} className="font-mono text-[0.9em]">
            {n.text}
          </code>
        )
      case 'bold':
        return (
          <strong key={i} className="font-semibold">
            {render(n.children, links, linkClass)}
          </strong>
        )
      case 'italic':
        return <em key={i}>{render(n.children, links, linkClass)}</em>
      case 'strike':
        return <s key={i}>{render(n.children, links, linkClass)}</s>
    }
  })
}

export interface WhatsAppTextProps {
  text: string
  /** Clickable links (bubbles); previews inside a button or link leave them as text. */
  links?: boolean
  linkClassName?: string
}

/** A message body or preview with WhatsApp's formatting, as elements (no innerHTML). */
export function WhatsAppText({ text, links = false, linkClassName = 'underline' }: WhatsAppTextProps) {
  return <>{render(parseWhatsApp(text), links, linkClassName)}</>
}
