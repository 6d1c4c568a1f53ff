/**
 * WCAG AA text contrast of what a page shows now: every visible element with its own text, its
 * colour (times the opacity of it and its ancestors) over the backgrounds behind it, composited
 * from the root down. Colours are read through a canvas, so oklch() and color-mix() (Tailwind 4)
 * come out as the sRGB the screen shows. Large text (24 px, or 18.66 px bold) needs 3:1, the rest
 * 4.5:1; disabled controls, placeholders and decorative (aria-hidden) text are exempt, as WCAG says.
 */
import type { Page } from 'playwright-core'

export interface ContrastIssue {
  text: string
  ratio: number
  need: number
  fg: string
  bg: string
  path: string
}

export async function contrastIssues(page: Page, scope = 'body'): Promise<ContrastIssue[]> {
  return page.evaluate((scopeSelector) => {
    const canvas = document.createElement('canvas')
    canvas.width = canvas.height = 1
    const ctx = canvas.getContext('2d', { willReadFrequently: true })!
    const rgba = (css: string): [number, number, number, number] => {
      ctx.clearRect(0, 0, 1, 1)
      ctx.fillStyle = '#000'
      ctx.fillStyle = css
      ctx.fillRect(0, 0, 1, 1)
      const d = ctx.getImageData(0, 0, 1, 1).data
      return [d[0]!, d[1]!, d[2]!, d[3]! / 255]
    }
    const over = (top: number[], below: number[]) => {
      const a = top[3]!
      return [0, 1, 2].map((i) => top[i]! * a + below[i]! * (1 - a)).concat(1)
    }
    const lum = (c: number[]) => {
      const ch = c.slice(0, 3).map((v) => {
        const s = v / 255
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
      })
      return 0.2126 * ch[0]! + 0.7152 * ch[1]! + 0.0722 * ch[2]!
    }
    const ratio = (a: number[], b: number[]) => {
      const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p)
      return (x! + 0.05) / (y! + 0.05)
    }
    const hex = (c: number[]) =>
      `#${c
        .slice(0, 3)
        .map((v) => Math.round(v).toString(16).padStart(2, '0'))
        .join('')}`

    /** The opaque colour behind an element: its ancestors' backgrounds, root first. */
    const backdrop = (el: Element) => {
      const chain: Element[] = []
      for (let e: Element | null = el; e; e = e.parentElement) chain.unshift(e)
      let bg = [255, 255, 255, 1]
      for (const e of chain) {
        const st = getComputedStyle(e)
        const c = rgba(st.backgroundColor)
        if (c[3] > 0) bg = over([c[0], c[1], c[2], c[3] * Number(st.opacity)], bg)
      }
      return bg
    }
    const opacity = (el: Element) => {
      let o = 1
      for (let e: Element | null = el; e; e = e.parentElement) o *= Number(getComputedStyle(e).opacity)
      return o
    }
    const path = (el: Element) => {
      const parts: string[] = []
      for (let e: Element | null = el; e && parts.length < 4; e = e.parentElement) {
        const id = e.getAttribute('data-testid')
        parts.unshift(e.tagName.toLowerCase() + (id ? `[data-testid=${id}]` : ''))
      }
      return parts.join(' > ')
    }

    const issues: { text: string; ratio: number; need: number; fg: string; bg: string; path: string }[] = []
    const root = document.querySelector(scopeSelector) ?? document.body
    for (const el of root.querySelectorAll('*')) {
      const own = [...el.childNodes]
        .filter((n) => n.nodeType === Node.TEXT_NODE)
        .map((n) => n.textContent ?? '')
        .join('')
        .trim()
      if (!own || ['SCRIPT', 'STYLE', 'OPTION', 'TITLE'].includes(el.tagName)) continue
      if (el.closest('[aria-hidden="true"],[inert],:disabled,[aria-disabled="true"]')) continue
      const rect = el.getBoundingClientRect()
      const st = getComputedStyle(el)
      if (rect.width === 0 || rect.height === 0 || st.visibility === 'hidden') continue
      // Screen-reader-only text (clipped to 1 px) is not seen.
      if (rect.width <= 1 && rect.height <= 1) continue
      const fg0 = rgba(st.color)
      const bg = backdrop(el)
      const fg = over([fg0[0], fg0[1], fg0[2], fg0[3] * opacity(el)], bg)
      const size = parseFloat(st.fontSize)
      const bold = Number(st.fontWeight) >= 700
      const need = size >= 24 || (bold && size >= 18.66) ? 3 : 4.5
      const r = ratio(fg, bg)
      if (r < need - 0.005)
        issues.push({
          text: own.slice(0, 40),
          ratio: Math.round(r * 100) / 100,
          need,
          fg: hex(fg),
          bg: hex(bg),
          path: path(el),
        })
    }
    return issues
  }, scope)
}
