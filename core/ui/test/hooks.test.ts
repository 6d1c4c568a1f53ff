// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest'
import { act, createElement as h, useCallback, useState } from 'react'
import { isNearBottom, SCROLL_THRESHOLD_PX, SEARCH_DEBOUNCE_MS, useDebounced, useInfiniteScroll } from '../src/hooks.ts'
import { SearchField } from '../src/SearchField.tsx'
import { render, rerender, type } from './support/dom.ts'

/** Gives a jsdom element the scroll geometry a browser would compute. */
function geometry(el: HTMLElement, g: { scrollHeight: number; clientHeight: number; scrollTop: number }) {
  for (const [k, v] of Object.entries(g)) Object.defineProperty(el, k, { configurable: true, writable: true, value: v })
}

describe('useDebounced', () => {
  function Probe({ value, ms, seen }: { value: string; ms?: number; seen: (v: string) => void }) {
    seen(useDebounced(value, ms))
    return null
  }

  it('waits 500 ms by default after the last change, and restarts on every change', () => {
    vi.useFakeTimers()
    const seen = vi.fn()
    render(h(Probe, { value: 'a', seen }))
    rerender(h(Probe, { value: 'ab', seen }))
    act(() => {
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1)
    })
    rerender(h(Probe, { value: 'abc', seen }))
    act(() => {
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1)
    })
    expect(seen).toHaveBeenLastCalledWith('a')
    act(() => {
      vi.advanceTimersByTime(1)
    })
    expect(seen).toHaveBeenLastCalledWith('abc')
    expect(seen.mock.calls.map((c) => c[0])).not.toContain('ab')
  })

  it('takes another delay', () => {
    vi.useFakeTimers()
    const seen = vi.fn()
    render(h(Probe, { value: 'a', ms: 300, seen }))
    rerender(h(Probe, { value: 'b', ms: 300, seen }))
    act(() => {
      vi.advanceTimersByTime(300)
    })
    expect(seen).toHaveBeenLastCalledWith('b')
  })
})

describe('isNearBottom', () => {
  it('is true within 100 px of the bottom, and for a box with nothing to scroll', () => {
    expect(SCROLL_THRESHOLD_PX).toBe(100)
    expect(isNearBottom({ scrollHeight: 1000, clientHeight: 400, scrollTop: 500 })).toBe(true)
    expect(isNearBottom({ scrollHeight: 1000, clientHeight: 400, scrollTop: 499 })).toBe(false)
    expect(isNearBottom({ scrollHeight: 300, clientHeight: 400, scrollTop: 0 })).toBe(true)
  })
})

describe('useInfiniteScroll', () => {
  /** A list whose pages add `perPage` rows of 40 px, up to `pages` pages, in a 400 px box. */
  function List({ pages, perPage, loads }: { pages: number; perPage: number; loads: (page: number) => void }) {
    const [count, setCount] = useState(perPage)
    const hasMore = count < pages * perPage
    const loadMore = useCallback(() => {
      loads(count / perPage + 1)
      setCount((c) => c + perPage)
    }, [count, perPage, loads])
    const { ref, onScroll } = useInfiniteScroll({ hasMore, busy: false, loadMore, count })
    const attach = (el: HTMLDivElement | null) => {
      if (el) geometry(el, { scrollHeight: count * 40, clientHeight: 400, scrollTop: 0 })
      ref(el)
    }
    return h('div', { ref: attach, onScroll, 'data-testid': 'box' }, `${count} rows`)
  }

  it('keeps loading while a short first page leaves nothing to scroll, then waits for the scroll', () => {
    const loads = vi.fn()
    const el = render(h(List, { pages: 10, perPage: 3, loads }))
    // 3, 6, 9 rows (120–360 px) do not fill 400 px; 12 rows (480 px) are 80 px from the bottom; 15 are not.
    expect(loads.mock.calls.map((c) => c[0])).toEqual([2, 3, 4, 5])
    expect(el.textContent).toBe('15 rows')
    const box = el.querySelector<HTMLElement>('[data-testid="box"]')!
    geometry(box, { scrollHeight: 600, clientHeight: 400, scrollTop: 100 })
    act(() => {
      box.dispatchEvent(new Event('scroll', { bubbles: true }))
    })
    expect(loads).toHaveBeenCalledTimes(5)
  })

  it('stops when there is nothing more', () => {
    const loads = vi.fn()
    const el = render(h(List, { pages: 2, perPage: 3, loads }))
    expect(loads.mock.calls.map((c) => c[0])).toEqual([2])
    expect(el.textContent).toBe('6 rows')
  })
})

describe('SearchField', () => {
  it('is a labelled searchbox that reports the trimmed term once typing pauses', () => {
    vi.useFakeTimers()
    const onSearch = vi.fn()
    const el = render(h(SearchField, { label: 'Pesquisar', placeholder: 'Nome', onSearch, debounceMs: 300 }))
    const input = el.querySelector('input')!
    expect(input.type).toBe('search')
    expect(input.getAttribute('aria-label')).toBe('Pesquisar')
    type(input, ' maria ')
    act(() => {
      vi.advanceTimersByTime(299)
    })
    expect(onSearch).not.toHaveBeenCalled()
    act(() => {
      vi.advanceTimersByTime(1)
    })
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('maria')
  })
})
