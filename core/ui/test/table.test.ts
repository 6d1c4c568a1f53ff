// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest'
import { act, createElement as h } from 'react'
import { VirtualTable, type Column } from '../src/VirtualTable.tsx'
import { render, rerender } from './support/dom.ts'

interface Row {
  id: number
  name: string
}
const columns: Column<Row>[] = [{ key: 'name', header: 'Name', cell: (r) => r.name }]
const rows = Array.from({ length: 500 }, (_, i) => ({ id: i + 1, name: `Row ${i + 1}` }))
const base = {
  columns,
  rowKey: (r: Row) => r.id,
  rowHeight: 50,
  label: 'Things',
  loadingLabel: 'Loading more',
  rowProps: (r: Row) => ({ 'data-testid': `row-${r.id}` }),
}

describe('VirtualTable', () => {
  it('renders only the rows in view, with the real row count for assistive technology', () => {
    const el = render(h(VirtualTable<Row>, { ...base, rows, hasMore: false, loadingMore: false, loadMore: vi.fn() }))
    const table = el.querySelector('table')!
    expect(table.getAttribute('aria-label')).toBe('Things')
    expect(table.getAttribute('aria-rowcount')).toBe('501')
    expect(el.querySelector('th')!.getAttribute('scope')).toBe('col')
    const shown = el.querySelectorAll('[data-testid^="row-"]')
    expect(shown.length).toBeGreaterThan(0)
    expect(shown.length).toBeLessThan(50)
    expect(shown[0]!.getAttribute('aria-rowindex')).toBe('2')
    expect(el.querySelector('[role="region"]')!.getAttribute('tabindex')).toBe('0')
  })

  it('asks for more while the rows do not fill the box, shows the loading row and the retry on failure', () => {
    const loadMore = vi.fn()
    const el = render(
      h(VirtualTable<Row>, { ...base, rows: rows.slice(0, 2), hasMore: true, loadingMore: false, loadMore }),
    )
    expect(loadMore).toHaveBeenCalled()
    rerender(h(VirtualTable<Row>, { ...base, rows: rows.slice(0, 2), hasMore: true, loadingMore: true, loadMore }))
    expect(el.querySelector('[role="status"]')!.getAttribute('aria-label')).toBe('Loading more')
    loadMore.mockClear()
    rerender(
      h(VirtualTable<Row>, {
        ...base,
        rows: rows.slice(0, 2),
        hasMore: true,
        loadingMore: false,
        failed: true,
        failedText: 'Failed',
        retryLabel: 'Again',
        loadMore,
      }),
    )
    expect(loadMore).not.toHaveBeenCalled()
    expect(el.querySelector('[role="alert"]')!.textContent).toContain('Failed')
    act(() => {
      el.querySelector<HTMLButtonElement>('[role="alert"] button')!.click()
    })
    expect(loadMore).toHaveBeenCalledOnce()
  })

  it('shows the empty state when there is nothing at all', () => {
    const el = render(
      h(VirtualTable<Row>, {
        ...base,
        rows: [],
        hasMore: false,
        loadingMore: false,
        loadMore: vi.fn(),
        empty: h('p', null, 'Nothing'),
      }),
    )
    expect(el.textContent).toBe('Nothing')
    expect(el.querySelector('table')).toBeNull()
  })
})
