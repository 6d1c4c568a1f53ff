// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest'
import { act, createElement as h, useState } from 'react'
import i18next from 'i18next'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { ApiError } from '@atende/client'
import { TabPanel, Tabs } from '../src/Tabs.tsx'
import { useErrorToast } from '../src/useErrorToast.ts'
import { Toaster } from '../src/toasts.tsx'
import { render } from './support/dom.ts'

const TABS = [
  { key: 'a', label: 'Alpha' },
  { key: 'b', label: 'Beta' },
  { key: 'c', label: 'Gamma' },
] as const
type Key = (typeof TABS)[number]['key']

function Demo() {
  const [active, setActive] = useState<Key>('a')
  return h(
    'div',
    null,
    h(Tabs<Key>, { tabs: [...TABS], active, onChange: setActive, label: 'Demo', idPrefix: 'demo' }),
    h(TabPanel, { idPrefix: 'demo', active, children: `panel ${active}` }),
  )
}

const key = (el: Element, k: string) =>
  act(() => {
    el.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true }))
  })

describe('Tabs', () => {
  it('has tablist/tab/tabpanel roles tied by ids, with only the active tab focusable', () => {
    const el = render(h(Demo))
    const list = el.querySelector('[role="tablist"]')!
    expect(list.getAttribute('aria-label')).toBe('Demo')
    const tabs = [...el.querySelectorAll('[role="tab"]')]
    expect(tabs.map((t) => t.getAttribute('aria-selected'))).toEqual(['true', 'false', 'false'])
    expect(tabs.map((t) => t.getAttribute('tabindex'))).toEqual(['0', '-1', '-1'])
    const panel = el.querySelector('[role="tabpanel"]')!
    expect(panel.getAttribute('aria-labelledby')).toBe(tabs[0]!.id)
    expect(tabs[0]!.getAttribute('aria-controls')).toBe(panel.id)
  })

  it('shows a count badge (0 included, none when absent) and the test ids', () => {
    const el = render(
      h(Tabs<'x' | 'y'>, {
        tabs: [
          { key: 'x', label: 'Abertos', count: 0, testId: 'tab-x', countTestId: 'count-x' },
          { key: 'y', label: 'Busca' },
        ],
        active: 'x',
        onChange: () => {},
        label: 'Lista',
        idPrefix: 'l',
        fill: true,
        small: true,
      }),
    )
    expect(el.querySelector('[data-testid="count-x"]')!.textContent).toBe('0')
    expect(el.querySelector('[data-testid="tab-x"]')!.textContent).toBe('Abertos0')
    expect([...el.querySelectorAll('[role="tab"]')][1]!.textContent).toBe('Busca')
  })

  it('moves with the arrow keys (wrapping), Home and End, and focuses the new tab', () => {
    const el = render(h(Demo))
    const tab = (name: string) =>
      [...el.querySelectorAll<HTMLElement>('[role="tab"]')].find((t) => t.textContent === name)!
    const panel = () => el.querySelector('[role="tabpanel"]')!.textContent
    key(tab('Alpha'), 'ArrowRight')
    expect(panel()).toBe('panel b')
    expect(document.activeElement).toBe(tab('Beta'))
    expect(tab('Beta').getAttribute('aria-selected')).toBe('true')
    key(tab('Beta'), 'ArrowRight')
    key(tab('Gamma'), 'ArrowRight')
    expect(panel()).toBe('panel a')
    key(tab('Alpha'), 'ArrowLeft')
    expect(panel()).toBe('panel c')
    key(tab('Gamma'), 'Home')
    expect(panel()).toBe('panel a')
    key(tab('Alpha'), 'End')
    expect(panel()).toBe('panel c')
    expect(document.activeElement).toBe(tab('Gamma'))
    key(tab('Gamma'), 'x')
    expect(panel()).toBe('panel c')
  })

  it('changes on click', () => {
    const el = render(h(Demo))
    act(() => {
      ;[...el.querySelectorAll<HTMLElement>('[role="tab"]')][1]!.click()
    })
    expect(el.querySelector('[role="tabpanel"]')!.textContent).toBe('panel b')
  })
})

describe('useErrorToast', () => {
  it("shows the error code's translation when known, else the fallback, and nothing for an abort", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const i18n = i18next.createInstance()
    await i18n.use(initReactI18next).init({
      lng: 'pt',
      resources: { pt: { translation: { errors: { ERR_X: 'Traduzido' }, fallback: 'Falhou', other: 'Outro' } } },
    })
    let show!: ReturnType<typeof useErrorToast>
    function Probe() {
      show = useErrorToast('fallback')
      return null
    }
    const el = render(h(I18nextProvider, { i18n }, h(Probe), h(Toaster)))
    act(() => show(new ApiError('ERR_X', 'server text', 400)))
    act(() => show(new ApiError('ERR_UNKNOWN', 'server text', 400)))
    act(() => show(new Error('boom'), 'other'))
    act(() => show(new ApiError('ERR_ABORTED', 'aborted', 0)))
    const text = el.textContent ?? ''
    expect(text).toContain('Traduzido')
    expect(text).toContain('Falhou')
    expect(text).toContain('Outro')
    expect(text).not.toContain('server text')
    expect(text).not.toContain('aborted')
  })
})
