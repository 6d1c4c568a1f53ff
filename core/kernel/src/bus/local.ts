import type { EventBus, EventMeta, EventName, EventMap } from '@atende/sdk'
import { currentActor } from './actor.ts'

type Handler = (payload: unknown, meta: EventMeta) => void | Promise<void>
type AnyHandler = (event: EventName, payload: unknown, meta: EventMeta) => void | Promise<void>

/**
 * In-process delivery shared by both bus flavours. A failing subscriber is logged and never
 * breaks the emitter or the other subscribers.
 */
export class LocalDispatcher {
  private handlers = new Map<string, Set<Handler>>()
  private any = new Set<AnyHandler>()
  constructor(private onError: (err: unknown, event: string) => void) {}

  on(event: string, h: Handler) {
    const set = this.handlers.get(event) ?? new Set()
    set.add(h)
    this.handlers.set(event, set)
    return () => {
      set.delete(h)
    }
  }
  onAny(h: AnyHandler) {
    this.any.add(h)
    return () => {
      this.any.delete(h)
    }
  }

  async dispatch(event: string, payload: unknown, meta: EventMeta) {
    const calls: Promise<void>[] = []
    const run = (fn: () => void | Promise<void>) => {
      try {
        const r = fn()
        if (r) calls.push(Promise.resolve(r).catch((e) => this.onError(e, event)))
      } catch (e) {
        this.onError(e, event)
      }
    }
    for (const h of this.handlers.get(event) ?? []) run(() => h(payload, meta))
    for (const h of this.any) run(() => h(event as EventName, payload, meta))
    await Promise.all(calls)
  }
}

export function createLocalBus(onError: (err: unknown, event: string) => void): EventBus {
  const d = new LocalDispatcher(onError)
  return {
    emit: <E extends EventName>(event: E, payload: EventMap[E]) =>
      d.dispatch(event, payload, { actor: currentActor(), local: true }),
    on: (event, handler) => d.on(event, handler as Handler),
    onAny: (handler) => d.onAny(handler),
    close: async () => {},
  }
}
