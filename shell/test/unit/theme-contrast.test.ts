/**
 * WCAG AA contrast of the theme's token pairs in both themes (core/ui/src/contrastPairs.ts): every
 * token is read from the stylesheets themselves — Tailwind's oklch palette and the kit's theme.css —
 * and converted to sRGB here, so a changed token fails this test rather than a user's eyes.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { CONTRAST_PAIRS } from '../../../core/ui/src/contrastPairs.ts'

const require = createRequire(new URL('../../package.json', import.meta.url))
const tailwindTheme = readFileSync(require.resolve('tailwindcss/theme.css'), 'utf8')
const kitTheme = readFileSync(fileURLToPath(new URL('../../../core/ui/src/theme.css', import.meta.url)), 'utf8')

type RGB = [number, number, number]

function oklchToRgb(l: number, c: number, h: number): RGB {
  const a = c * Math.cos((h * Math.PI) / 180),
    b = c * Math.sin((h * Math.PI) / 180)
  const l_ = (l + 0.3963377774 * a + 0.2158037573 * b) ** 3
  const m_ = (l - 0.1055613458 * a - 0.0638541728 * b) ** 3
  const s_ = (l - 0.0894841775 * a - 1.291485548 * b) ** 3
  const lin = [
    4.0767416621 * l_ - 3.3077115913 * m_ + 0.2309699292 * s_,
    -1.2684380046 * l_ + 2.6097574011 * m_ - 0.3413193965 * s_,
    -0.0041960863 * l_ - 0.7034186147 * m_ + 1.707614701 * s_,
  ]
  return lin.map((v) => {
    const x = Math.min(1, Math.max(0, v))
    return 255 * (x <= 0.0031308 ? 12.92 * x : 1.055 * x ** (1 / 2.4) - 0.055)
  }) as RGB
}

function token(name: string): RGB {
  if (name === 'white') return [255, 255, 255]
  if (name === 'black') return [0, 0, 0]
  const re = new RegExp(`--color-${name}:\\s*([^;]+);`)
  const raw = (re.exec(kitTheme) ?? re.exec(tailwindTheme))?.[1]?.trim()
  if (!raw) throw new Error(`no token --color-${name}`)
  const hex = /^#([0-9a-f]{6})$/i.exec(raw)
  if (hex) return [0, 2, 4].map((i) => parseInt(hex[1]!.slice(i, i + 2), 16)) as RGB
  const ok = /^oklch\(([\d.]+)%\s+([\d.]+)\s+([\d.]+)\)$/.exec(raw)
  if (ok) return oklchToRgb(Number(ok[1]) / 100, Number(ok[2]), Number(ok[3]))
  throw new Error(`unreadable --color-${name}: ${raw}`)
}

/** 'slate-800' or 'black/25' (a translucent layer over what is below). */
function layers(names: string[]): RGB {
  let out: RGB = [255, 255, 255]
  for (const n of names) {
    const [base, alpha] = n.split('/')
    const c = token(base!)
    const a = alpha ? Number(alpha) / 100 : 1
    out = out.map((v, i) => c[i]! * a + v * (1 - a)) as RGB
  }
  return out
}

const luminance = (c: RGB) => {
  const [r, g, b] = c.map((v) => {
    const s = v / 255
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!
}
const contrast = (a: RGB, b: RGB) => {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p)
  return (x! + 0.05) / (y! + 0.05)
}

describe('theme token contrast (WCAG AA 4.5:1)', () => {
  it('converts the palette faithfully', () => {
    // Tailwind's slate-900 is #0f172b; the kit's primary is #006699 (6.25:1 with white).
    expect(token('slate-900').map(Math.round)).toEqual([15, 23, 43])
    expect(contrast(token('white'), token('primary'))).toBeCloseTo(6.25, 2)
    // The reading: dark text on the primary blue is 2.85:1.
    expect(contrast(token('slate-900'), token('primary'))).toBeLessThan(3)
  })

  for (const theme of ['light', 'dark'] as const) {
    it(`every pair passes in the ${theme} theme`, () => {
      const failing = CONTRAST_PAIRS.map((p) => {
        const [fg, ...bg] = p[theme]
        return { name: p.name, ratio: Math.round(contrast(layers([...bg, fg]), layers(bg)) * 100) / 100 }
      }).filter((r) => r.ratio < 4.5)
      expect(failing).toEqual([])
    })
  }
})
