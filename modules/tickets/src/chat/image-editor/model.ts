/**
 * The image editor's model as plain data (unit-tested, no DOM): an edit is a list of operations
 * over the original image, so undo drops the last one, reset empties the list and the picture is
 * always re-rendered from the source (no quality lost to repeated redraws).
 *
 * Coordinates and sizes in operations are in the ORIGINAL image's pixels ("image space"); the
 * canvas shows the current view (the last crop, or the whole image) scaled to fit 900×700.
 */

/** The canvas is at most 900×700. */
export const MAX_W = 900
export const MAX_H = 700

export interface Range {
  min: number
  max: number
  step: number
  initial: number
}
/** Thickness 1–30, default 3. */
export const THICKNESS: Range = { min: 1, max: 30, step: 1, initial: 3 }
/** Opacity 0.1–1 in 0.05 steps. */
export const OPACITY: Range = { min: 0.1, max: 1, step: 0.05, initial: 1 }
/** The text tool's own size control (canvas pixels). */
export const TEXT_SIZE: Range = { min: 12, max: 96, step: 2, initial: 32 }
/** A crop smaller than this (canvas pixels, either side) is a slip, not a crop. */
export const MIN_CROP_PX = 8
export const DEFAULT_COLOR = '#e53935'

export interface Point {
  x: number
  y: number
}
export interface Rect {
  x: number
  y: number
  width: number
  height: number
}
export interface Size {
  width: number
  height: number
}

export type Op =
  | { kind: 'stroke'; color: string; opacity: number; width: number; points: Point[] }
  | { kind: 'text'; color: string; opacity: number; size: number; at: Point; text: string }
  | { kind: 'crop'; rect: Rect }

export type Tool = 'draw' | 'text' | 'crop'

/** Clamps into [min, max] and snaps to the range's step (counted from min), free of float dust. */
export function stepValue(value: number, r: Pick<Range, 'min' | 'max' | 'step'>): number {
  if (!Number.isFinite(value)) return r.min
  const clamped = Math.min(r.max, Math.max(r.min, value))
  const snapped = r.min + Math.round((clamped - r.min) / r.step) * r.step
  return Math.min(r.max, Math.round(snapped * 1e6) / 1e6)
}

/** The largest size with the same aspect inside max (never enlarged), whole pixels, at least 1. */
export function fitSize(width: number, height: number, maxW = MAX_W, maxH = MAX_H): Size & { scale: number } {
  if (!(width > 0) || !(height > 0)) return { width: 1, height: 1, scale: 1 }
  const scale = Math.min(1, maxW / width, maxH / height)
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)), scale }
}

/** The rectangle two corners span, whichever way the drag went. */
export function rectFrom(a: Point, b: Point): Rect {
  return { x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), width: Math.abs(b.x - a.x), height: Math.abs(b.y - a.y) }
}

/** The part of r inside bounds, or null when nothing (or less than minSize on a side) is left. */
export function clampRect(r: Rect, bounds: Rect, minSize = 1): Rect | null {
  const x1 = Math.max(r.x, bounds.x)
  const y1 = Math.max(r.y, bounds.y)
  const x2 = Math.min(r.x + r.width, bounds.x + bounds.width)
  const y2 = Math.min(r.y + r.height, bounds.y + bounds.height)
  if (x2 - x1 < minSize || y2 - y1 < minSize) return null
  return { x: x1, y: y1, width: x2 - x1, height: y2 - y1 }
}

/** What the canvas shows: the last crop, or the whole image. */
export function viewOf(ops: readonly Op[], image: Size): Rect {
  for (let i = ops.length - 1; i >= 0; i--) {
    const op = ops[i]!
    if (op.kind === 'crop') return op.rect
  }
  return { x: 0, y: 0, width: image.width, height: image.height }
}

/** The canvas for a view: its pixel size and how many canvas pixels one image pixel takes. */
export function canvasFor(view: Rect): Size & { scale: number } {
  const fit = fitSize(view.width, view.height)
  return { width: fit.width, height: fit.height, scale: fit.width / view.width }
}

/** A canvas pixel → image space (the inverse of the render transform). */
export function toImage(p: Point, view: Rect, scale: number): Point {
  return { x: view.x + p.x / scale, y: view.y + p.y / scale }
}

/** An image-space point → canvas pixels. */
export function toCanvas(p: Point, view: Rect, scale: number): Point {
  return { x: (p.x - view.x) * scale, y: (p.y - view.y) * scale }
}

/**
 * The crop a drag on the canvas asks for (two canvas points), in image space and kept inside the
 * current view; null when it is too small to mean anything.
 */
export function cropFromDrag(a: Point, b: Point, view: Rect, scale: number): Rect | null {
  const r = rectFrom(toImage(a, view, scale), toImage(b, view, scale))
  const c = clampRect(r, view, MIN_CROP_PX / scale)
  if (!c) return null
  // Whole image pixels: the crop must not blur the edges.
  const x = Math.floor(c.x),
    y = Math.floor(c.y)
  return {
    x,
    y,
    width: Math.min(Math.ceil(c.x + c.width), view.x + view.width) - x,
    height: Math.min(Math.ceil(c.y + c.height), view.y + view.height) - y,
  }
}

/** The canvas point clamped into the canvas (a drag may leave it while the pointer is captured). */
export function clampPoint(p: Point, size: Size): Point {
  return { x: Math.min(size.width, Math.max(0, p.x)), y: Math.min(size.height, Math.max(0, p.y)) }
}

/** Undo: the last stroke, text or crop goes. */
export const undo = (ops: readonly Op[]): Op[] => ops.slice(0, -1)

/** A text op from what was typed, or null when only blanks were typed. */
export function textOp(text: string, at: Point, style: { color: string; opacity: number; size: number }): Op | null {
  const t = text.trim()
  return t ? { kind: 'text', text: t, at, color: style.color, opacity: style.opacity, size: style.size } : null
}
