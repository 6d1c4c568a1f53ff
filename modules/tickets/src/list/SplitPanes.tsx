import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { clampPanelWidth, panelBounds, panelWidthForKey, PANEL_WIDTH_KEY, readPanelWidth } from './panel.ts'

const viewportWidth = () => (typeof window === 'undefined' ? 1280 : window.innerWidth)

function storedWidth(): number {
  try {
    return readPanelWidth(localStorage.getItem(PANEL_WIDTH_KEY), viewportWidth())
  } catch {
    return readPanelWidth(null, viewportWidth())
  }
}
function saveWidth(w: number) {
  try {
    localStorage.setItem(PANEL_WIDTH_KEY, String(w))
  } catch {
    /* private mode: the width lasts for the page */
  }
}

/**
 * Two panes with a drag handle between them (a separator: drag, or arrows / Home / End). The left
 * pane's width is a percentage stored locally and clamped by the window's width.
 */
export function SplitPanes({ left, right }: { left: ReactNode; right: ReactNode }) {
  const { t } = useTranslation()
  const box = useRef<HTMLDivElement>(null)
  const [width, setWidth] = useState(storedWidth)
  const [vw, setVw] = useState(viewportWidth)
  const dragging = useRef(false)

  useEffect(() => {
    const onResize = () => {
      setVw(viewportWidth())
      setWidth((w) => clampPanelWidth(w, viewportWidth()))
    }
    window.addEventListener('resize', onResize)
    return () => window.removeEventListener('resize', onResize)
  }, [])

  const commit = useCallback((w: number) => {
    setWidth(w)
    saveWidth(w)
  }, [])

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    dragging.current = true
    e.currentTarget.setPointerCapture(e.pointerId)
    e.preventDefault()
  }
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const rect = box.current?.getBoundingClientRect()
    if (!dragging.current || !rect || rect.width <= 0) return
    setWidth(clampPanelWidth(((e.clientX - rect.left) / rect.width) * 100, viewportWidth()))
  }
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    if (!dragging.current) return
    dragging.current = false
    e.currentTarget.releasePointerCapture(e.pointerId)
    setWidth((w) => {
      saveWidth(w)
      return w
    })
  }
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const next = panelWidthForKey(width, e.key, e.shiftKey, viewportWidth())
    if (next == null) return
    e.preventDefault()
    commit(next)
  }

  const [min, max] = panelBounds(vw)
  return (
    <div ref={box} className="flex h-full min-h-0 w-full">
      <div className="h-full min-h-0 min-w-0 shrink-0" style={{ width: `${width}%` }}>
        {left}
      </div>
      <div
        role="separator"
        aria-orientation="vertical"
        aria-label={t('tickets.page.resize')}
        aria-valuenow={Math.round(width)}
        aria-valuemin={min}
        aria-valuemax={max}
        tabIndex={0}
        data-testid="panel-handle"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onKeyDown={onKeyDown}
        className="group relative w-1.5 shrink-0 cursor-col-resize touch-none bg-slate-200 hover:bg-primary focus:outline-none focus-visible:bg-primary dark:bg-slate-700 dark:hover:bg-sky-500"
      >
        <span
          aria-hidden
          className="absolute left-1/2 top-1/2 h-8 w-0.5 -translate-x-1/2 -translate-y-1/2 rounded bg-slate-400 group-hover:bg-white"
        />
      </div>
      <div className="h-full min-h-0 min-w-0 flex-1">{right}</div>
    </div>
  )
}
