import { describe, expect, it } from 'vitest'
import { createElement as h } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { markupIcon, menuItems } from '../src/menu.tsx'

const Badge = () => null
const entries = [
  {
    label: 'menu.notes',
    to: '/notes',
    section: 'admin',
    order: 70,
    icon: '<path d="M4 4h16v16H4z"/>',
    iconStroke: 1.5,
    labels: { pt: 'Notas' },
  },
  { label: 'menu.other', to: '/other', section: 'whatever' },
]

describe("menuItems: a module's menu.json as drawer items", () => {
  it("keeps the item, draws the icon from its markup, adds the badge by path and drops the build's labels", () => {
    const [notes, other] = menuItems(entries, { '/notes': { badge: Badge } })
    expect(notes).toMatchObject({ label: 'menu.notes', to: '/notes', section: 'admin', order: 70, badge: Badge })
    expect(notes).not.toHaveProperty('labels')
    expect(renderToStaticMarkup(h(notes!.icon!, { className: 'h-5 w-5' }))).toBe(
      '<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.5" stroke-linecap="round" stroke-linejoin="round" class="h-5 w-5" aria-hidden="true"><path d="M4 4h16v16H4z"/></svg>',
    )
    // An unknown section is the main one; no icon means none (the drawer shows the label's initial).
    expect(other).toEqual({ label: 'menu.other', to: '/other', section: 'main' })
  })

  it('gives one component per markup, so React keeps the element between renders', () => {
    expect(markupIcon('<circle r="1"/>')).toBe(markupIcon('<circle r="1"/>'))
    expect(markupIcon('<circle r="1"/>', 1)).not.toBe(markupIcon('<circle r="1"/>'))
    expect(menuItems(entries)[0]!.icon).toBe(menuItems(entries)[0]!.icon)
  })
})
