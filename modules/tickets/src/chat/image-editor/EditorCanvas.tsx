import { useEffect, useMemo, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react'
import { useTranslation } from 'react-i18next'
import {
  canvasFor,
  clampPoint,
  cropFromDrag,
  toCanvas,
  toImage,
  viewOf,
  type Op,
  type Point,
  type Size,
} from './model.ts'
import { FONT_FAMILY, render } from './render.ts'
import type { Editor } from './useEditor.ts'

interface Props {
  source: HTMLImageElement
  size: Size
  editor: Editor
}

const pct = (v: number, of: number) => `${(v / of) * 100}%`

/**
 * The picture being edited: pointer input (mouse, pen and touch alike) turns into strokes, text
 * placements and crop selections. The canvas may be shown smaller than its pixels (narrow
 * screens), so pointer positions are mapped through its on-screen box.
 */
export function EditorCanvas({ source, size, editor }: Props) {
  const { t } = useTranslation()
  const canvas = useRef<HTMLCanvasElement>(null)
  const [stroke, setStroke] = useState<Extract<Op, { kind: 'stroke' }> | null>(null)
  const dragStart = useRef<Point | null>(null)
  const { ops, tool, crop, text } = editor
  const view = useMemo(() => viewOf(ops, size), [ops, size])
  const cv = useMemo(() => canvasFor(view), [view])
  const shown = editor.allOps()

  useEffect(() => {
    const ctx = canvas.current?.getContext('2d')
    if (ctx) render(ctx, source, size, stroke ? [...shown, stroke] : shown, cv)
  })

  const at = (e: ReactPointerEvent<HTMLCanvasElement>): Point => {
    const r = e.currentTarget.getBoundingClientRect()
    return clampPoint(
      { x: ((e.clientX - r.left) * cv.width) / r.width, y: ((e.clientY - r.top) * cv.height) / r.height },
      cv,
    )
  }

  const onPointerDown = (e: ReactPointerEvent<HTMLCanvasElement>) => {
    if (e.pointerType === 'mouse' && e.button !== 0) return
    // No focus change (a text being typed is committed here instead) and no page scroll on touch.
    e.preventDefault()
    const p = at(e)
    if (tool === 'text') {
      editor.placeText({ at: toImage(p, view, cv.scale), size: editor.textSize / cv.scale, value: '' })
      return
    }
    e.currentTarget.setPointerCapture(e.pointerId)
    if (tool === 'draw') {
      setStroke({
        kind: 'stroke',
        color: editor.color,
        opacity: editor.opacity,
        width: editor.thickness / cv.scale,
        points: [toImage(p, view, cv.scale)],
      })
    } else {
      dragStart.current = p
      editor.setCrop(null)
    }
  }

  const onPointerMove = (e: ReactPointerEvent<HTMLCanvasElement>) => {
    const p = at(e)
    if (stroke) {
      const q = toImage(p, view, cv.scale)
      const last = stroke.points[stroke.points.length - 1]!
      // Sub-pixel moves add points, not ink.
      if (Math.hypot(q.x - last.x, q.y - last.y) * cv.scale >= 1)
        setStroke({ ...stroke, points: [...stroke.points, q] })
    } else if (dragStart.current) {
      editor.setCrop(cropFromDrag(dragStart.current, p, view, cv.scale))
    }
  }

  const onPointerUp = () => {
    if (stroke) {
      editor.add(stroke)
      setStroke(null)
    }
    dragStart.current = null
  }

  const cropBox = crop && {
    a: toCanvas({ x: crop.x, y: crop.y }, view, cv.scale),
    w: crop.width * cv.scale,
    h: crop.height * cv.scale,
  }
  const textPos = text && toCanvas(text.at, view, cv.scale)

  return (
    <div className="relative mx-auto w-fit max-w-full select-none" data-testid="image-editor-stage">
      <canvas
        ref={canvas}
        width={cv.width}
        height={cv.height}
        data-testid="image-editor-canvas"
        role="img"
        aria-label={t('chat.imageEditor.canvas')}
        className="block h-auto max-h-[60vh] w-auto max-w-full touch-none bg-[repeating-conic-gradient(#e2e8f0_0_25%,#fff_0_50%)] bg-[length:16px_16px]"
        style={{ cursor: tool === 'text' ? 'text' : 'crosshair' }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
      />
      {cropBox && (
        <div
          aria-hidden
          data-testid="image-editor-crop"
          className="pointer-events-none absolute border-2 border-dashed border-white shadow-[0_0_0_9999px_rgba(0,0,0,0.45)] outline outline-1 outline-black/60"
          style={{
            left: pct(cropBox.a.x, cv.width),
            top: pct(cropBox.a.y, cv.height),
            width: pct(cropBox.w, cv.width),
            height: pct(cropBox.h, cv.height),
          }}
        />
      )}
      {text && textPos && (
        <input
          key={`${text.at.x},${text.at.y}`}
          autoFocus
          value={text.value}
          data-testid="image-editor-text"
          aria-label={t('chat.imageEditor.textInput')}
          placeholder={t('chat.imageEditor.textPlaceholder')}
          onChange={(e) => editor.setText({ ...text, value: e.target.value })}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault()
              editor.commitText()
            }
            // Escape drops the text, not the whole dialog.
            if (e.key === 'Escape') {
              e.preventDefault()
              e.stopPropagation()
              editor.setText(null)
            }
          }}
          onBlur={() => editor.commitText(text)}
          className="absolute m-0 min-w-24 border border-dashed border-slate-500 bg-transparent p-0 leading-none outline-none"
          style={{
            left: pct(textPos.x, cv.width),
            top: pct(textPos.y, cv.height),
            color: editor.color,
            opacity: editor.opacity,
            font: `600 ${text.size * cv.scale * displayRatio(canvas.current, cv)}px ${FONT_FAMILY}`,
            width: `${Math.max(6, text.value.length + 2)}ch`,
            maxWidth: `calc(100% - ${pct(textPos.x, cv.width)})`,
          }}
        />
      )}
    </div>
  )
}

/** On-screen pixels per canvas pixel (below 1 when the canvas is shown shrunk). */
function displayRatio(el: HTMLCanvasElement | null, cv: Size): number {
  const w = el?.getBoundingClientRect().width
  return w ? w / cv.width : 1
}
