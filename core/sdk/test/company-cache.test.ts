import { describe, it, expect } from 'vitest'
import { companyCache } from '../src/company-cache.ts'

/** A loader that counts its reads and answers what `values` holds at the time of each read. */
function counted(values: Map<number, string>) {
  const reads: number[] = []
  let release: (() => void) | null = null
  let hold = false
  const load = async (companyId: number) => {
    reads.push(companyId)
    const value = values.get(companyId) ?? 'none'
    if (hold) await new Promise<void>((r) => (release = r))
    return value
  }
  return {
    load,
    reads,
    holdNext: () => (hold = true),
    finish: () => {
      hold = false
      release?.()
    },
  }
}

describe('companyCache', () => {
  it('reads a company once, shares a read under way, and reads again after forget', async () => {
    const values = new Map([[1, 'a']])
    const c = counted(values)
    const cache = companyCache(c.load)
    const [x, y] = await Promise.all([cache.get(1), cache.get(1)])
    expect([x, y, await cache.get(1)]).toEqual(['a', 'a', 'a'])
    expect(c.reads).toEqual([1])
    values.set(1, 'b')
    cache.forget(1)
    expect(await cache.get(1)).toBe('b')
    expect(c.reads).toEqual([1, 1])
  })

  it('a read under way when the company is forgotten is not kept', async () => {
    const values = new Map([[1, 'old']])
    const c = counted(values)
    const cache = companyCache(c.load)
    c.holdNext()
    const early = cache.get(1)
    values.set(1, 'new')
    cache.forget(1)
    c.finish()
    expect(await early).toBe('old')
    expect(await cache.get(1)).toBe('new')
  })

  it('runs a query builder (a thenable) once, not on every await', async () => {
    let runs = 0
    const thenable = { then: (ok: (v: number) => void) => ok(++runs) }
    const cache = companyCache(() => thenable as PromiseLike<number>)
    expect([await cache.get(1), await cache.get(1), await cache.get(1)]).toEqual([1, 1, 1])
    expect(runs).toBe(1)
  })

  it('keeps no failed read, keeps nothing with ttlMs 0, and evicts the least recently read', async () => {
    let fail = true
    const failing = companyCache(async () => {
      if (fail) throw new Error('down')
      return 'up'
    })
    await expect(failing.get(1)).rejects.toThrow('down')
    fail = false
    expect(await failing.get(1)).toBe('up')

    const c = counted(new Map())
    const none = companyCache(c.load, { ttlMs: 0 })
    await none.get(1)
    await none.get(1)
    expect(c.reads).toEqual([1, 1])

    const d = counted(new Map())
    const small = companyCache(d.load, { max: 2 })
    await small.get(1)
    await small.get(2)
    await small.get(1) // 2 is now the least recent
    await small.get(3)
    await small.get(1)
    await small.get(2)
    expect(d.reads).toEqual([1, 2, 3, 2])
    small.clear()
    await small.get(1)
    expect(d.reads).toEqual([1, 2, 3, 2, 1])
  })
})
