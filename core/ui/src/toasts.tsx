import { useEffect, useState, useSyncExternalStore } from 'react'
import { cx } from './cx.ts'

export type ToastKind = 'success' | 'error' | 'info' | 'warning'
export interface ToastItem {
  id: number
  kind: ToastKind
  message: string
}

/** Toasts close after 2 s. One store for the page: @atende/ui is a shared singleton. */
export const TOAST_MS = 2000

let items: ToastItem[] = []
let nextId = 1
const listeners = new Set<() => void>()
const publish = () => {
  for (const l of listeners) l()
}

export function dismissToast(id: number) {
  items = items.filter((t) => t.id !== id)
  publish()
}

function push(kind: ToastKind, message: string, ms = TOAST_MS) {
  const id = nextId++
  items = [...items, { id, kind, message }]
  publish()
  setTimeout(() => dismissToast(id), ms)
  return id
}

export const toast = {
  success: (m: string, ms?: number) => push('success', m, ms),
  error: (m: string, ms?: number) => push('error', m, ms),
  info: (m: string, ms?: number) => push('info', m, ms),
  warning: (m: string, ms?: number) => push('warning', m, ms),
}

const subscribe = (l: () => void) => {
  listeners.add(l)
  return () => {
    listeners.delete(l)
  }
}
const snapshot = () => items

const KIND_CLASS: Record<ToastKind, string> = {
  success: 'bg-green-700',
  error: 'bg-red-700',
  info: 'bg-primary',
  warning: 'bg-amber-700',
}

/**
 * Where toasts show. An open modal makes the rest of the page inert (and hidden from assistive
 * technology), so while one is open its panel shows them instead: the newest open modal is the
 * layer, the root's Toaster shows them when none is.
 */
let layers: symbol[] = []
const layerListeners = new Set<() => void>()
const topLayer = () => layers[layers.length - 1] ?? null
const subscribeLayers = (l: () => void) => {
  layerListeners.add(l)
  return () => {
    layerListeners.delete(l)
  }
}
const publishLayers = () => {
  for (const l of layerListeners) l()
}

/** A modal's toast layer while `open`; true when it is the one to show them. */
export function useToastLayer(open: boolean): boolean {
  const [me] = useState(() => Symbol('toast-layer'))
  useEffect(() => {
    if (!open) return
    layers = [...layers, me]
    publishLayers()
    return () => {
      layers = layers.filter((l) => l !== me)
      publishLayers()
    }
  }, [open, me])
  return useSyncExternalStore(subscribeLayers, topLayer, topLayer) === me
}

function ToastList() {
  const list = useSyncExternalStore(subscribe, snapshot, snapshot)
  return (
    <div className="pointer-events-none fixed right-4 top-4 z-[100] flex w-80 flex-col gap-2" aria-live="polite">
      {list.map((t) => (
        <div
          key={t.id}
          role={t.kind === 'error' ? 'alert' : 'status'}
          data-kind={t.kind}
          className={cx(
            'pointer-events-auto flex items-start justify-between gap-2 rounded-md px-4 py-3 text-sm text-white shadow-lg',
            KIND_CLASS[t.kind],
          )}
        >
          <span>{t.message}</span>
          <button
            type="button"
            aria-label="×"
            className="opacity-80 hover:opacity-100"
            onClick={() => dismissToast(t.id)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  )
}

/** Render once near the root. */
export function Toaster() {
  const layer = useSyncExternalStore(subscribeLayers, topLayer, topLayer)
  return layer ? null : <ToastList />
}

/** Inside a modal's panel: its toasts while it is the top layer. */
export function ModalToasts({ open }: { open: boolean }) {
  return useToastLayer(open) ? <ToastList /> : null
}
