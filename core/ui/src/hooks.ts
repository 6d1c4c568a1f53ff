import { useCallback, useEffect, useLayoutEffect, useState, useSyncExternalStore, type UIEvent } from 'react'

/** List and search fetches wait 500 ms after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 500
/** Infinite scroll loads the next page within 100 px of the bottom. */
export const SCROLL_THRESHOLD_PX = 100

/**
 * Whether a media query matches now, following changes: for a layout that must render differently
 * (not just hide with CSS) on a phone, e.g. a table column folded into another.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query)
      list.addEventListener('change', onChange)
      return () => list.removeEventListener('change', onChange)
    },
    () => window.matchMedia(query).matches,
    () => false,
  )
}
/** Tailwind's `sm` breakpoint: wider than a phone held upright. */
export const SM_UP = '(min-width: 640px)'

/** `value`, once it has stopped changing for `ms`. */
export function useDebounced<T>(value: T, ms = SEARCH_DEBOUNCE_MS): T {
  const [v, setV] = useState(value)
  useEffect(() => {
    const id = setTimeout(() => setV(value), ms)
    return () => clearTimeout(id)
  }, [value, ms])
  return v
}

/** True when the scrolled box shows its last `threshold` px (a box with nothing to scroll counts). */
export function isNearBottom(
  el: Pick<HTMLElement, 'scrollHeight' | 'scrollTop' | 'clientHeight'>,
  threshold = SCROLL_THRESHOLD_PX,
): boolean {
  return el.scrollHeight - el.scrollTop - el.clientHeight <= threshold
}

export interface InfiniteScrollOptions {
  /** More pages exist on the server. */
  hasMore: boolean
  /** A page is on its way (or the last one failed): do not ask again. */
  busy: boolean
  /** Asks for the next page; may be called again before `busy` turns true, so it should guard itself. */
  loadMore: () => void
  /** How many rows are loaded; a change re-checks whether the box is filled. */
  count: number
  threshold?: number
}

/**
 * Infinite scroll for one scrolled box: attach `ref` and `onScroll`. Loads the next page near the
 * bottom, and keeps loading while a first page shorter than the box leaves nothing to scroll.
 */
export function useInfiniteScroll<E extends HTMLElement = HTMLDivElement>({
  hasMore,
  busy,
  loadMore,
  count,
  threshold = SCROLL_THRESHOLD_PX,
}: InfiniteScrollOptions) {
  // A callback ref: the box may mount after the first render (behind a loading state).
  const [element, ref] = useState<E | null>(null)
  const [height, setHeight] = useState(0)
  const check = useCallback(() => {
    if (element && hasMore && !busy && isNearBottom(element, threshold)) loadMore()
  }, [element, hasMore, busy, loadMore, threshold])

  useLayoutEffect(() => {
    if (!element || typeof ResizeObserver === 'undefined') return
    const ro = new ResizeObserver(() => setHeight(element.clientHeight))
    ro.observe(element)
    return () => ro.disconnect()
  }, [element])

  useEffect(check, [check, count, height])
  const onScroll = useCallback((_e?: UIEvent<E>) => check(), [check])
  return { ref, element, onScroll }
}
