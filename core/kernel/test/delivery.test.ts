import { describe, it, expect } from 'vitest'
import type { WebSocket } from 'ws'
import { createDeliveryQueue } from '../src/realtime/delivery.ts'

/** The edge of the world: a socket that records what it was sent. */
function fakeSocket(opts: { buffered?: number; open?: boolean } = {}) {
  const sent: string[] = []
  const socket = {
    OPEN: 1,
    readyState: opts.open === false ? 3 : 1,
    bufferedAmount: opts.buffered ?? 0,
    send: (frame: string) => sent.push(frame),
  }
  return { socket: socket as unknown as WebSocket, sent }
}
const turn = () => new Promise<void>((resolve) => setImmediate(resolve))

describe('realtime delivery queue', () => {
  it('writes nothing on the emitter’s turn, then a slice per turn, every socket in frame order', async () => {
    const targets = Array.from({ length: 600 }, () => fakeSocket())
    const queue = createDeliveryQueue({ slice: 256, onSlow: () => {} })
    queue.push('first', targets)
    queue.push('second', targets.slice(0, 10))
    expect(targets.filter((t) => t.sent.length).length).toBe(0)
    expect(queue.backlog).toBe(610)
    await turn()
    expect(targets.filter((t) => t.sent.length).length).toBe(256)
    while (queue.backlog) await turn()
    expect(targets.every((t) => t.sent[0] === 'first')).toBe(true)
    expect(targets.slice(0, 10).every((t) => t.sent.join() === 'first,second')).toBe(true)
    expect(targets.slice(10).every((t) => t.sent.length === 1)).toBe(true)
  })

  it('drops a socket that stopped reading, skips closed ones, and runs `after` once each frame went out', async () => {
    const slow = fakeSocket({ buffered: 9 * 1024 * 1024 })
    const closed = fakeSocket({ open: false })
    const fine = fakeSocket()
    const dropped: unknown[] = []
    const after: unknown[] = []
    const queue = createDeliveryQueue({ onSlow: (t) => dropped.push(t) })
    queue.push('bye', [slow, closed, fine], (t) => after.push([t, [...(t as typeof fine).sent]]))
    while (queue.backlog) await turn()
    expect(dropped).toEqual([slow])
    expect([slow.sent, closed.sent, fine.sent]).toEqual([[], [], ['bye']])
    expect(after).toContainEqual([fine, ['bye']])
    queue.push('later', [fine])
    queue.clear()
    await turn()
    expect(fine.sent).toEqual(['bye'])
  })
})
