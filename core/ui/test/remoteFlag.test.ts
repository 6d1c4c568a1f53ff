// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { act, createElement as h } from 'react'
import { FlagGate, useRemoteFlag } from '../src/useRemoteFlag.tsx'
import { render, settle, surroundings, type Answer } from '../src/testing.ts'

function Page() {
  const { state, retry } = useRemoteFlag(
    (api, signal) => api.get<{ on: boolean }>('/flag', { signal }).then((r) => r.on),
    'test flag',
  )
  return h(FlagGate, {
    state,
    retry,
    labels: { loading: 'Loading…', error: 'Could not read', retry: 'Retry' },
    off: h('p', { 'data-testid': 'off' }, 'Not for you'),
    errorClassName: 'p-6',
    children: h('p', { 'data-testid': 'on' }, 'Welcome'),
  })
}

describe('useRemoteFlag and FlagGate', () => {
  it('shows loading, then the children when the flag is on', async () => {
    const { wrap, calls } = await surroundings({}, () => ({ status: 200, body: { on: true } }))
    const el = render(wrap(h(Page)))
    expect(el.textContent).toContain('Loading…')
    await act(settle)
    expect(el.querySelector('[data-testid="on"]')).not.toBeNull()
    expect(calls.map((c) => c.path)).toEqual(['/flag'])
  })

  it('shows the off node when the flag is off', async () => {
    const { wrap } = await surroundings({}, () => ({ status: 200, body: { on: false } }))
    const el = render(wrap(h(Page)))
    await act(settle)
    expect(el.querySelector('[data-testid="off"]')?.textContent).toBe('Not for you')
    expect(el.querySelector('[data-testid="on"]')).toBeNull()
  })

  it('shows the error card in its box, and the retry reads again', async () => {
    let answer: Answer = { status: 500, body: { message: 'boom' } }
    const { wrap, calls } = await surroundings({}, () => answer)
    const el = render(wrap(h(Page)))
    await act(settle)
    expect(el.querySelector('.p-6')?.textContent).toContain('Could not read')
    answer = { status: 200, body: { on: true } }
    const retry = [...el.querySelectorAll('button')].find((b) => b.textContent === 'Retry')!
    act(() => retry.click())
    await act(settle)
    expect(el.querySelector('[data-testid="on"]')).not.toBeNull()
    expect(calls).toHaveLength(2)
  })
})
