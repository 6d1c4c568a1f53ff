/**
 * Operations → pixels. Takes only the few 2D-context members it uses, so the tests drive it with
 * a recording fake instead of a DOM canvas.
 */
import { canvasFor, viewOf, type Op, type Size } from './model.ts'

export type Ctx = Pick<
  CanvasRenderingContext2D,
  | 'setTransform'
  | 'clearRect'
  | 'drawImage'
  | 'save'
  | 'restore'
  | 'beginPath'
  | 'moveTo'
  | 'lineTo'
  | 'stroke'
  | 'fill'
  | 'arc'
  | 'fillText'
  | 'fillRect'
> & {
  globalAlpha: number
  strokeStyle: CanvasRenderingContext2D['strokeStyle']
  fillStyle: CanvasRenderingContext2D['fillStyle']
  lineWidth: number
  lineCap: CanvasLineCap
  lineJoin: CanvasLineJoin
  font: string
  textBaseline: CanvasTextBaseline
}

export const FONT_FAMILY = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif'

/**
 * Paints the image and the operations onto a canvas of `canvas` size (from canvasFor(view)).
 * `background` fills first: JPEG has no transparency, so a PNG's clear pixels would turn black.
 */
export function render(
  ctx: Ctx,
  source: CanvasImageSource,
  image: Size,
  ops: readonly Op[],
  canvas: Size,
  background?: string,
) {
  const view = viewOf(ops, image)
  const { scale } = canvasFor(view)
  ctx.setTransform(1, 0, 0, 1, 0, 0)
  ctx.clearRect(0, 0, canvas.width, canvas.height)
  // Image space → canvas: the view's corner at the origin, scaled to fit.
  ctx.setTransform(scale, 0, 0, scale, -view.x * scale, -view.y * scale)
  if (background) {
    ctx.save()
    ctx.fillStyle = background
    ctx.fillRect(view.x, view.y, view.width, view.height)
    ctx.restore()
  }
  ctx.drawImage(source, 0, 0, image.width, image.height)
  for (const op of ops) paint(ctx, op)
  ctx.setTransform(1, 0, 0, 1, 0, 0)
}

/** One stroke or text (crops only change the view). */
export function paint(ctx: Ctx, op: Op) {
  if (op.kind === 'crop') return
  ctx.save()
  ctx.globalAlpha = op.opacity
  if (op.kind === 'stroke') {
    const [first, ...rest] = op.points
    if (!first) {
      ctx.restore()
      return
    }
    ctx.strokeStyle = op.color
    ctx.fillStyle = op.color
    ctx.lineWidth = op.width
    ctx.lineCap = 'round'
    ctx.lineJoin = 'round'
    ctx.beginPath()
    if (!rest.length) {
      // A tap leaves a dot the stroke's width across.
      ctx.arc(first.x, first.y, op.width / 2, 0, Math.PI * 2)
      ctx.fill()
    } else {
      ctx.moveTo(first.x, first.y)
      for (const p of rest) ctx.lineTo(p.x, p.y)
      ctx.stroke()
    }
  } else {
    ctx.fillStyle = op.color
    ctx.font = `600 ${op.size}px ${FONT_FAMILY}`
    ctx.textBaseline = 'top'
    ctx.fillText(op.text, op.at.x, op.at.y)
  }
  ctx.restore()
}
