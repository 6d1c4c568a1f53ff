import { describe, expect, it } from 'vitest'
import { initialPagedList, pagedListReducer, type PagedListState } from '../src/usePagedList.ts'

interface Row {
  id: number
  name: string
}
const reduce = pagedListReducer<Row>({
  compare: (a, b) => a.name.localeCompare(b.name) || a.id - b.id,
  matches: (r, s) => !s || r.name.toLowerCase().includes(s.toLowerCase()),
})
const names = (s: PagedListState<Row>) => s.items.map((r) => r.name)
const loaded = (items: Row[], page = 1, hasMore = false, count?: number) =>
  reduce(initialPagedList<Row>(), { type: 'loaded', page, items, hasMore, count })

describe('pagedListReducer', () => {
  it('appends later pages and skips rows it already holds', () => {
    let s = loaded(
      [
        { id: 1, name: 'a' },
        { id: 2, name: 'b' },
      ],
      1,
      true,
      4,
    )
    s = reduce(s, {
      type: 'loaded',
      page: 2,
      items: [
        { id: 2, name: 'b' },
        { id: 3, name: 'c' },
      ],
      hasMore: false,
    })
    expect(names(s)).toEqual(['a', 'b', 'c'])
    expect(s).toMatchObject({ page: 2, hasMore: false, count: 4, status: 'ready' })
    // Page 1 again (a reload) replaces everything.
    expect(names(reduce(s, { type: 'loaded', page: 1, items: [{ id: 9, name: 'z' }], hasMore: false }))).toEqual(['z'])
  })

  it('places a live row where the server would, or leaves it to a later page', () => {
    const s = loaded(
      [
        { id: 1, name: 'b' },
        { id: 2, name: 'd' },
      ],
      1,
      true,
      10,
    )
    const inside = reduce(s, { type: 'upsert', item: { id: 3, name: 'c' }, search: '' })
    expect(names(inside)).toEqual(['b', 'c', 'd'])
    expect(inside.count).toBe(11)
    const beyond = reduce(s, { type: 'upsert', item: { id: 4, name: 'x' }, search: '' })
    expect(names(beyond)).toEqual(['b', 'd'])
    expect(beyond.count).toBe(11)
    // The same row again (the save's answer, then its event) counts once; its delete uncounts it.
    const twice = reduce(beyond, { type: 'upsert', item: { id: 4, name: 'x' }, search: '' })
    expect(twice.count).toBe(11)
    expect(reduce(twice, { type: 'remove', id: 4 }).count).toBe(10)
    // Edited out of the search while beyond: uncounted.
    expect(reduce(twice, { type: 'upsert', item: { id: 4, name: 'x' }, search: 'b' }).count).toBe(10)
    // Arriving with its page: held once, no longer beyond (a later delete goes through the rows).
    const arrived = reduce(twice, { type: 'loaded', page: 2, items: [{ id: 4, name: 'x' }], hasMore: false })
    expect(names(arrived)).toEqual(['b', 'd', 'x'])
    expect(arrived.beyond).toEqual([])
    expect(reduce(arrived, { type: 'remove', id: 4 }).count).toBe(10)
    // The last page is loaded: it joins at the end.
    expect(
      names(reduce(loaded([{ id: 1, name: 'b' }]), { type: 'upsert', item: { id: 4, name: 'x' }, search: '' })),
    ).toEqual(['b', 'x'])
  })

  it('follows the search: rows outside it do not join, edited ones out of it leave', () => {
    const s = loaded([{ id: 1, name: 'vip gold' }], 1, false, 1)
    expect(reduce(s, { type: 'upsert', item: { id: 2, name: 'other' }, search: 'vip' })).toBe(s)
    const renamed = reduce(s, { type: 'upsert', item: { id: 1, name: 'basic' }, search: 'vip' })
    expect(renamed.items).toEqual([])
    expect(renamed.count).toBe(0)
    const moved = reduce(
      loaded([
        { id: 1, name: 'a' },
        { id: 2, name: 'b' },
      ]),
      { type: 'upsert', item: { id: 1, name: 'c' }, search: '' },
    )
    expect(names(moved)).toEqual(['b', 'c'])
  })

  it('removes rows and ignores unknown ids; a new search starts clean', () => {
    const s = loaded(
      [
        { id: 1, name: 'a' },
        { id: 2, name: 'b' },
      ],
      1,
      false,
      2,
    )
    const less = reduce(s, { type: 'remove', id: 1 })
    expect(names(less)).toEqual(['b'])
    expect(less.count).toBe(1)
    expect(reduce(less, { type: 'remove', id: 42 })).toBe(less)
    expect(reduce(less, { type: 'reset' })).toEqual(initialPagedList())
    // Nothing joins before the first page arrived.
    expect(reduce(initialPagedList<Row>(), { type: 'upsert', item: { id: 5, name: 'e' }, search: '' }).items).toEqual(
      [],
    )
  })

  it('keeps the rows when a later page fails, and shows the error when the first does', () => {
    const s = loaded([{ id: 1, name: 'a' }], 1, true)
    expect(reduce(s, { type: 'failed', page: 2 })).toMatchObject({
      items: s.items,
      moreFailed: true,
      loadingMore: false,
    })
    expect(reduce(s, { type: 'failed', page: 1 })).toMatchObject({ items: [], status: 'error' })
  })
})
