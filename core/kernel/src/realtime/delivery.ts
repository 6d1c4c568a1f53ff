import type { WebSocket } from 'ws'

/** Sockets written per turn of the event loop: a big room never holds requests up for long. */
export const DELIVERY_SLICE = 256
/**
 * A socket with more than this still unsent (a client that stopped reading) is dropped rather than
 * buffered without end: its client reconnects and reloads, which is how it catches up anyway.
 */
export const MAX_BUFFERED_BYTES = 8 * 1024 * 1024

interface Target {
  socket: WebSocket
}
interface Job<T extends Target> {
  frame: string
  targets: T[]
  next: number
  /** Runs for each target right after its frame went out (e.g. closing an ended session). */
  after?: (target: T) => void
}

/**
 * The process's one outgoing queue of frames (issue 21): the code that emits an event only
 * serialises it once and queues it; sockets are written later, DELIVERY_SLICE at a time with
 * `setImmediate` between slices, so a request that announces to 2,000 sockets is not slowed by the
 * sends. One FIFO for every frame (events, pongs, errors) keeps each socket's frames in the order
 * they were produced; a pong still answers after every frame queued before its ping.
 */
export function createDeliveryQueue<T extends Target>(opts: {
  slice?: number
  maxBuffered?: number
  /** A socket over maxBuffered: the owner drops it (terminate, leave its rooms). */
  onSlow: (target: T) => void
}) {
  const slice = opts.slice ?? DELIVERY_SLICE
  const maxBuffered = opts.maxBuffered ?? MAX_BUFFERED_BYTES
  const jobs: Job<T>[] = []
  let head = 0
  let scheduled = false

  function write(target: T, frame: string) {
    const socket = target.socket
    if (socket.readyState !== socket.OPEN) return
    if (socket.bufferedAmount > maxBuffered) return opts.onSlow(target)
    socket.send(frame)
  }

  function drain() {
    scheduled = false
    let budget = slice
    while (head < jobs.length && budget > 0) {
      const job = jobs[head]!
      while (job.next < job.targets.length && budget > 0) {
        const target = job.targets[job.next++]!
        budget--
        try {
          write(target, job.frame)
          job.after?.(target)
        } catch {
          /* a socket closing under us: nothing to deliver to */
        }
      }
      if (job.next >= job.targets.length) jobs[head++] = undefined as unknown as Job<T>
    }
    if (head === jobs.length) {
      jobs.length = 0
      head = 0
    } else schedule()
  }

  function schedule() {
    if (scheduled) return
    scheduled = true
    setImmediate(drain)
  }

  return {
    /** Queues `frame` for every target (the iterable is copied now: later room changes do not apply). */
    push(frame: string, targets: Iterable<T>, after?: (target: T) => void) {
      const list = [...targets]
      if (!list.length) return
      jobs.push({ frame, targets: list, next: 0, after })
      schedule()
    },
    /** Frames still to write (sockets × frames), for tests and the fan-out bench. */
    get backlog() {
      let n = 0
      for (let i = head; i < jobs.length; i++) n += jobs[i]!.targets.length - jobs[i]!.next
      return n
    },
    /** Drops whatever is still queued (shutdown). */
    clear() {
      jobs.length = 0
      head = 0
    },
  }
}
