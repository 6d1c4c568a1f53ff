import { describe, expect, it } from 'vitest'
import { createLanes } from '../src/pipeline/lanes.ts'

const deferred = () => {
  let open!: () => void
  const done = new Promise<void>((r) => (open = r))
  return { open, done }
}
const turn = () => new Promise<void>((r) => setImmediate(r))

describe('keyed lanes', () => {
  it('runs one key in order, other keys beside it, never more than the limit at once', async () => {
    const lanes = createLanes(2)
    const log: string[] = []
    const gates = { a: deferred(), b: deferred(), c: deferred() }
    const task = (name: string, gate?: Promise<void>) => async (t: { waited: boolean }) => {
      log.push(`start ${name}${t.waited ? ' (waited)' : ''}`)
      await gate
      log.push(`end ${name}`)
      return name
    }
    const runs = [
      lanes.run('a', task('a1', gates.a.done)),
      lanes.run('b', task('b1', gates.b.done)),
      lanes.run('c', task('c1', gates.c.done)),
      lanes.run('a', task('a2')),
    ]
    await turn()
    // Two slots: a1 and b1 run; c1 waits for a slot, a2 for a1.
    expect(log).toEqual(['start a1', 'start b1'])
    expect(lanes.active).toBe(2)
    gates.b.open()
    await turn()
    expect(log).toEqual(['start a1', 'start b1', 'end b1', 'start c1'])
    gates.a.open()
    gates.c.open()
    expect(await Promise.all(runs)).toEqual(['a1', 'b1', 'c1', 'a2'])
    expect(log.indexOf('start a2 (waited)')).toBeGreaterThan(log.indexOf('end a1'))
    await lanes.idle()
    expect(lanes.active).toBe(0)
  })

  it('passes a task failure to its caller and goes on with the lane', async () => {
    const lanes = createLanes(1)
    const failing = lanes.run('k', async () => {
      throw new Error('boom')
    })
    const next = lanes.run('k', async () => 'next')
    await expect(failing).rejects.toThrow('boom')
    expect(await next).toBe('next')
    await lanes.idle()
  })
})
