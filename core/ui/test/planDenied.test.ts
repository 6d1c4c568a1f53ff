// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { act, createElement as h } from 'react'
import { DeniedCard, GO_HOME_MS, usePlanDenied } from '../src/usePlanDenied.tsx'
import { render, settle, surroundings } from '../src/testing.ts'

function Page({ probe, goHome }: { probe: string | null; goHome: () => void }) {
  const { denied } = usePlanDenied(probe, { message: 'Not in your plan', goHome })
  return denied ? h(DeniedCard, { title: 'Not in your plan', testId: 'denied' }) : h('p', null, 'Page')
}

describe('usePlanDenied', () => {
  it('asks the probe again; a plan refusal shows the card and goes home after 1 s', async () => {
    const { wrap, calls } = await surroundings({}, () => ({
      status: 403,
      body: { error: 'ERR_PLAN_FEATURE_DISABLED', message: 'no' },
    }))
    let home = 0
    const el = render(wrap(h(Page, { probe: '/thing', goHome: () => home++ })))
    await act(settle)
    expect(calls.map((c) => c.path)).toEqual(['/thing'])
    expect(el.querySelector('[data-testid="denied"]')?.textContent).toContain('Not in your plan')
    expect(home).toBe(0)
    await act(() => new Promise((r) => setTimeout(r, GO_HOME_MS + 50)))
    expect(home).toBe(1)
  })

  it('keeps the page when nothing failed', async () => {
    const { wrap, calls } = await surroundings({}, () => ({ status: 200, body: {} }))
    const el = render(wrap(h(Page, { probe: null, goHome: () => {} })))
    await act(settle)
    expect(calls).toHaveLength(0)
    expect(el.textContent).toBe('Page')
  })
})
