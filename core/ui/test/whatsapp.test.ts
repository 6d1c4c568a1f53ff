import { describe, expect, it } from 'vitest'
import { createElement as h } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { parseWhatsApp, plainWhatsApp, WhatsAppText } from '../src/whatsapp.tsx'

const html = (text: string, links = false) => renderToStaticMarkup(h(WhatsAppText, { text, links }))

describe('parseWhatsApp', () => {
  it('reads bold, italic, strike, mono and links', () => {
    expect(parseWhatsApp('*Ana:*\noi _tudo_ ~bem~ https://x.io/a?b=1 fim')).toEqual([
      { kind: 'bold', children: [{ kind: 'text', text: 'Ana:' }] },
      { kind: 'text', text: '\noi ' },
      { kind: 'italic', children: [{ kind: 'text', text: 'tudo' }] },
      { kind: 'text', text: ' ' },
      { kind: 'strike', children: [{ kind: 'text', text: 'bem' }] },
      { kind: 'text', text: ' ' },
      { kind: 'link', href: 'https://x.io/a?b=1' },
      { kind: 'text', text: ' fim' },
    ])
    expect(parseWhatsApp('```a *b*\nc```')).toEqual([{ kind: 'mono', text: 'a *b*\nc' }])
  })

  it('nests styles', () => {
    expect(parseWhatsApp('*_ok_*')).toEqual([
      { kind: 'bold', children: [{ kind: 'italic', children: [{ kind: 'text', text: 'ok' }] }] },
    ])
  })

  it('leaves markers inside words, around spaces and across lines alone', () => {
    for (const s of [
      '2 * 3 = 6',
      '2*3*4',
      'snake_case_name',
      '* not bold *',
      '*half\nline*',
      'a ~ b ~ c',
      '**',
      '```',
    ]) {
      expect(plainWhatsApp(s), s).toBe(s)
    }
  })

  it("keeps a sentence's final dot out of a link", () => {
    expect(parseWhatsApp('veja https://x.io/a.')).toEqual([
      { kind: 'text', text: 'veja ' },
      { kind: 'link', href: 'https://x.io/a' },
      { kind: 'text', text: '.' },
    ])
  })
})

describe('WhatsAppText', () => {
  it("renders elements, never the user's markup", () => {
    expect(html('*oi* _a_ ~b~ ```c```')).toBe(
      '<strong class="font-semibold">oi</strong> <em>a</em> <s>b</s> <code class="font-mono text-[0.9em]">c</code>',
    )
    expect(html('<img src=x onerror=alert(1)> *<b>x</b>*')).toBe(
      '&lt;img src=x onerror=alert(1)&gt; <strong class="font-semibold">&lt;b&gt;x&lt;/b&gt;</strong>',
    )
  })

  it('links only where asked, with a safe rel', () => {
    expect(html('https://x.io')).toBe('https://x.io')
    expect(html('https://x.io', true)).toBe(
      '<a href="https://x.io" target="_blank" rel="noreferrer noopener" class="underline">https://x.io</a>',
    )
    expect(html('javascript:alert(1)', true)).toBe('javascript:alert(1)')
  })
})
