/**
 * Keyed lanes: tasks of one key run one at a time in the order they were added; tasks of
 * different keys run side by side, at most `concurrency` at once across all keys. The routing
 * chain runs here keyed by conversation, so one customer's replies stay in order while a burst of
 * customers on one number does not queue every reply behind every other.
 *
 * A lane holds only what is waiting or running; an idle key costs nothing.
 */
export interface LaneTask {
  /** Another task of the same key ran between this one's add and its start (what it read may be stale). */
  waited: boolean
}

export function createLanes(concurrency: number) {
  const limit = Math.max(1, Math.floor(concurrency))
  const lanes = new Map<string, Array<() => Promise<void>>>()
  /** Keys whose head task waits for a free slot, in the order they became ready. */
  const ready: string[] = []
  let running = 0
  let idle: Promise<void> = Promise.resolve()
  let markIdle = () => {}

  const pump = () => {
    while (running < limit && ready.length) {
      const key = ready.shift()!
      const head = lanes.get(key)![0]!
      running++
      void head().finally(() => {
        running--
        const lane = lanes.get(key)!
        lane.shift()
        if (lane.length) ready.push(key)
        else lanes.delete(key)
        if (!running && !ready.length) markIdle()
        pump()
      })
    }
  }

  return {
    /** Queue `task` behind the key's earlier tasks; resolves or rejects with it. */
    run<T>(key: string, task: (t: LaneTask) => Promise<T>): Promise<T> {
      if (!running && !ready.length)
        idle = new Promise((r) => {
          markIdle = r
        })
      let lane = lanes.get(key)
      const waited = !!lane
      return new Promise<T>((resolve, reject) => {
        const step = () =>
          Promise.resolve()
            .then(() => task({ waited }))
            .then(resolve, reject)
        if (lane) lane.push(step)
        else {
          lane = [step]
          lanes.set(key, lane)
          ready.push(key)
          pump()
        }
      })
    },
    /** Resolves when every task added so far has finished. */
    idle: () => idle,
    get active() {
      return running
    },
  }
}
export type Lanes = ReturnType<typeof createLanes>
