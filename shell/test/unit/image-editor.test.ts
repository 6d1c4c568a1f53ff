import { describe, expect, it } from 'vitest'
import {
  MAX_H,
  MAX_W,
  OPACITY,
  TEXT_SIZE,
  THICKNESS,
  canvasFor,
  clampPoint,
  clampRect,
  cropFromDrag,
  fitSize,
  rectFrom,
  stepValue,
  textOp,
  toCanvas,
  toImage,
  undo,
  viewOf,
  type Op,
} from '../../../modules/tickets/src/chat/image-editor/model.ts'
import { render, type Ctx } from '../../../modules/tickets/src/chat/image-editor/render.ts'
import { isEditableImage, outputFor, renameFor } from '../../../modules/tickets/src/chat/image-editor/files.ts'

describe('image editor: sliders', () => {
  it('thickness is 1–30 in whole steps, default 3', () => {
    expect(THICKNESS).toMatchObject({ min: 1, max: 30, step: 1, initial: 3 })
    expect(stepValue(0, THICKNESS)).toBe(1)
    expect(stepValue(31, THICKNESS)).toBe(30)
    expect(stepValue(7.4, THICKNESS)).toBe(7)
    expect(stepValue(Number.NaN, THICKNESS)).toBe(1)
  })
  it('opacity is 0.1–1 in 0.05 steps, without float dust', () => {
    expect(OPACITY).toMatchObject({ min: 0.1, max: 1, step: 0.05, initial: 1 })
    expect(stepValue(0, OPACITY)).toBe(0.1)
    expect(stepValue(2, OPACITY)).toBe(1)
    expect(stepValue(0.33, OPACITY)).toBe(0.35)
    expect(stepValue(0.1 + 0.05 * 3, OPACITY)).toBe(0.25)
    for (let v = 0.1; v <= 1; v += 0.01) {
      const s = stepValue(v, OPACITY)
      expect(Math.round(s * 100) % 5).toBe(0)
      expect(String(s).length).toBeLessThanOrEqual(4)
    }
  })
  it('text size has its own range', () => {
    expect(stepValue(TEXT_SIZE.initial, TEXT_SIZE)).toBe(TEXT_SIZE.initial)
    expect(stepValue(1000, TEXT_SIZE)).toBe(TEXT_SIZE.max)
    expect(stepValue(13, TEXT_SIZE)).toBe(14)
  })
})

describe('image editor: scale to fit 900×700', () => {
  it('keeps the aspect and never enlarges', () => {
    expect([MAX_W, MAX_H]).toEqual([900, 700])
    expect(fitSize(1800, 1400)).toEqual({ width: 900, height: 700, scale: 0.5 })
    expect(fitSize(4000, 1000)).toMatchObject({ width: 900, height: 225 })
    expect(fitSize(1000, 3000)).toMatchObject({ width: 233, height: 700 })
    expect(fitSize(320, 240)).toEqual({ width: 320, height: 240, scale: 1 })
    expect(fitSize(900, 700)).toMatchObject({ width: 900, height: 700, scale: 1 })
  })
  it('survives odd sizes', () => {
    expect(fitSize(0, 100)).toEqual({ width: 1, height: 1, scale: 1 })
    expect(fitSize(100_000, 1)).toMatchObject({ width: 900, height: 1 })
  })
  it('maps canvas points to image space and back', () => {
    const view = { x: 100, y: 50, width: 1800, height: 1400 }
    const { scale } = canvasFor(view)
    expect(scale).toBe(0.5)
    const p = toImage({ x: 10, y: 20 }, view, scale)
    expect(p).toEqual({ x: 120, y: 90 })
    expect(toCanvas(p, view, scale)).toEqual({ x: 10, y: 20 })
  })
})

describe('image editor: crop', () => {
  const view = { x: 0, y: 0, width: 1800, height: 1400 }
  it('spans two corners whichever way the drag went', () => {
    expect(rectFrom({ x: 50, y: 80 }, { x: 10, y: 20 })).toEqual({ x: 10, y: 20, width: 40, height: 60 })
  })
  it('clamps to the bounds and refuses slivers', () => {
    expect(clampRect({ x: -10, y: -10, width: 50, height: 50 }, { x: 0, y: 0, width: 30, height: 100 })).toEqual({
      x: 0,
      y: 0,
      width: 30,
      height: 40,
    })
    expect(clampRect({ x: 200, y: 0, width: 10, height: 10 }, { x: 0, y: 0, width: 100, height: 100 })).toBeNull()
    expect(clampRect({ x: 0, y: 0, width: 3, height: 50 }, { x: 0, y: 0, width: 100, height: 100 }, 5)).toBeNull()
  })
  it('turns a drag on the shrunk canvas into whole image pixels inside the view', () => {
    // Canvas is 900×700 for an 1800×1400 image: one canvas pixel is two image pixels.
    expect(cropFromDrag({ x: 100, y: 100 }, { x: 10.3, y: 20.2 }, view, 0.5)).toEqual({
      x: 20,
      y: 40,
      width: 180,
      height: 160,
    })
    expect(cropFromDrag({ x: 800, y: 600 }, { x: 1000, y: 900 }, view, 0.5)).toEqual({
      x: 1600,
      y: 1200,
      width: 200,
      height: 200,
    })
    expect(cropFromDrag({ x: 10, y: 10 }, { x: 14, y: 40 }, view, 0.5)).toBeNull()
  })
  it('a crop inside a crop stays within the first one', () => {
    const inner = { x: 400, y: 300, width: 200, height: 100 }
    const s = canvasFor(inner).scale
    expect(s).toBe(1)
    expect(cropFromDrag({ x: -50, y: 10 }, { x: 500, y: 50 }, inner, s)).toEqual({
      x: 400,
      y: 310,
      width: 200,
      height: 40,
    })
  })
  it('clamps points into the canvas', () => {
    expect(clampPoint({ x: -5, y: 900 }, { width: 300, height: 200 })).toEqual({ x: 0, y: 200 })
  })
})

describe('image editor: operations', () => {
  const image = { width: 1000, height: 800 }
  const stroke: Op = {
    kind: 'stroke',
    color: '#f00',
    opacity: 0.5,
    width: 3,
    points: [
      { x: 1, y: 1 },
      { x: 5, y: 5 },
    ],
  }
  const crop: Op = { kind: 'crop', rect: { x: 100, y: 100, width: 400, height: 300 } }
  it('the view is the last crop, or the whole image', () => {
    expect(viewOf([], image)).toEqual({ x: 0, y: 0, width: 1000, height: 800 })
    expect(viewOf([stroke, crop, stroke], image)).toEqual(crop.rect)
    expect(viewOf(undo([stroke, crop]), image)).toEqual({ x: 0, y: 0, width: 1000, height: 800 })
  })
  it('undo drops only the last operation', () => {
    const ops = [stroke, crop]
    expect(undo(ops)).toEqual([stroke])
    expect(ops).toHaveLength(2)
    expect(undo([])).toEqual([])
  })
  it('blank text is no operation', () => {
    expect(textOp('   ', { x: 1, y: 2 }, { color: '#000', opacity: 1, size: 20 })).toBeNull()
    expect(textOp(' Oi ', { x: 1, y: 2 }, { color: '#000', opacity: 0.4, size: 20 })).toEqual({
      kind: 'text',
      text: 'Oi',
      at: { x: 1, y: 2 },
      color: '#000',
      opacity: 0.4,
      size: 20,
    })
  })
})

/** A 2D context that writes down what is asked of it. */
function recorder() {
  const calls: unknown[][] = []
  const log =
    (name: string) =>
    (...args: unknown[]) => {
      calls.push([name, ...args])
    }
  const state: Record<string, unknown> = {}
  const ctx = new Proxy(state, {
    get: (_t, k: string) => (k in state ? state[k] : log(k)),
    set: (_t, k: string, v) => {
      state[k] = v
      calls.push([`${k}=`, v])
      return true
    },
  }) as unknown as Ctx
  return { ctx, calls }
}

describe('image editor: render', () => {
  const image = { width: 1800, height: 1400 }
  const src = {} as CanvasImageSource
  it('draws the image scaled to fit, then each stroke and text with its style', () => {
    const { ctx, calls } = recorder()
    const ops: Op[] = [
      {
        kind: 'stroke',
        color: '#00f',
        opacity: 0.35,
        width: 6,
        points: [
          { x: 10, y: 10 },
          { x: 20, y: 30 },
        ],
      },
      { kind: 'text', color: '#0f0', opacity: 1, size: 64, at: { x: 5, y: 6 }, text: 'Olá' },
    ]
    render(ctx, src, image, ops, { width: 900, height: 700 })
    expect(calls).toContainEqual(['setTransform', 0.5, 0, 0, 0.5, -0, -0])
    expect(calls).toContainEqual(['drawImage', src, 0, 0, 1800, 1400])
    const names = calls.map((c) => c[0])
    expect(names.indexOf('drawImage')).toBeLessThan(names.indexOf('stroke'))
    expect(calls).toContainEqual(['globalAlpha=', 0.35])
    expect(calls).toContainEqual(['lineWidth=', 6])
    expect(calls).toContainEqual(['lineTo', 20, 30])
    expect(calls).toContainEqual(['fillText', 'Olá', 5, 6])
    expect(calls.find((c) => c[0] === 'font=')?.[1]).toMatch(/^600 64px /)
    expect(names.filter((n) => n === 'save')).toHaveLength(names.filter((n) => n === 'restore').length)
  })
  it('shows only the crop, moved to the corner', () => {
    const { ctx, calls } = recorder()
    render(
      ctx,
      src,
      image,
      [{ kind: 'crop', rect: { x: 200, y: 100, width: 400, height: 300 } }],
      { width: 400, height: 300 },
      '#ffffff',
    )
    expect(calls).toContainEqual(['setTransform', 1, 0, 0, 1, -200, -100])
    expect(calls).toContainEqual(['fillRect', 200, 100, 400, 300])
    expect(calls).toContainEqual(['clearRect', 0, 0, 400, 300])
  })
  it('a tap is a dot', () => {
    const { ctx, calls } = recorder()
    render(
      ctx,
      src,
      { width: 100, height: 100 },
      [{ kind: 'stroke', color: '#000', opacity: 1, width: 8, points: [{ x: 50, y: 50 }] }],
      { width: 100, height: 100 },
    )
    expect(calls).toContainEqual(['arc', 50, 50, 4, 0, Math.PI * 2])
    expect(calls.map((c) => c[0])).toContain('fill')
  })
})

describe('image editor: files', () => {
  it('edits PNG, JPEG and WebP only', () => {
    expect(isEditableImage({ name: 'a.png', type: 'image/png' })).toBe(true)
    expect(isEditableImage({ name: 'a.jpg', type: 'image/jpeg' })).toBe(true)
    expect(isEditableImage({ name: 'a.webp', type: 'image/webp' })).toBe(true)
    expect(isEditableImage({ name: 'a.gif', type: 'image/gif' })).toBe(false)
    expect(isEditableImage({ name: 'a.pdf', type: 'application/pdf' })).toBe(false)
    expect(isEditableImage({ name: 'FOTO.JPEG', type: '' })).toBe(true)
  })
  it('PNG stays PNG; JPEG and WebP become JPEG at 0.9', () => {
    expect(outputFor({ name: 'a.png', type: 'image/png' })).toEqual({ type: 'image/png', ext: 'png' })
    expect(outputFor({ name: 'a.webp', type: 'image/webp' })).toEqual({ type: 'image/jpeg', quality: 0.9, ext: 'jpg' })
    expect(outputFor({ name: 'a.jpg', type: 'image/jpeg' })).toMatchObject({ type: 'image/jpeg', quality: 0.9 })
  })
  it('keeps the name with the right extension', () => {
    expect(renameFor('foto.webp', 'jpg')).toBe('foto.jpg')
    expect(renameFor('foto.png', 'png')).toBe('foto.png')
    expect(renameFor('minha.foto.de.ontem.webp', 'jpg')).toBe('minha.foto.de.ontem.jpg')
    expect(renameFor('sem-extensao', 'png')).toBe('sem-extensao.png')
    expect(renameFor('Foto.JPEG', 'jpg')).toBe('Foto.JPEG')
    expect(renameFor('', 'png')).toBe('imagem.png')
  })
})
