import { useCallback, useRef, useState } from 'react'
import {
  DEFAULT_COLOR,
  OPACITY,
  TEXT_SIZE,
  THICKNESS,
  stepValue,
  textOp,
  undo as undoOps,
  type Op,
  type Point,
  type Rect,
  type Tool,
} from './model.ts'

/** A text being typed: where (image space) and at what size (image pixels). */
export interface TextDraft {
  at: Point
  size: number
  value: string
}

/** The editor's state: the operations, the tool and its style, a pending crop and a text being typed. */
export function useEditor() {
  const [ops, setOps] = useState<Op[]>([])
  const [tool, setToolState] = useState<Tool>('draw')
  const [color, setColor] = useState(DEFAULT_COLOR)
  const [thickness, setThicknessState] = useState(THICKNESS.initial)
  const [opacity, setOpacityState] = useState(OPACITY.initial)
  const [textSize, setTextSizeState] = useState(TEXT_SIZE.initial)
  const [crop, setCrop] = useState<Rect | null>(null)
  const [text, setTextState] = useState<TextDraft | null>(null)
  // The draft as of now, not as of the last render: a blur arriving after a new placement must not commit twice.
  const live = useRef<TextDraft | null>(null)
  const setText = (d: TextDraft | null) => {
    live.current = d
    setTextState(d)
  }

  const draftOp = (d: TextDraft | null): Op | null => d && textOp(d.value, d.at, { color, opacity, size: d.size })

  /** Everything to render or save, the text being typed included. */
  const allOps = (): Op[] => {
    const t = draftOp(text)
    return t ? [...ops, t] : ops
  }

  const add = useCallback((op: Op) => setOps((o) => [...o, op]), [])

  /** Adds the text being typed; `only` commits it only if that draft is still the one being typed. */
  const commitText = (only?: TextDraft) => {
    const d = live.current
    if (!d || (only && only !== d)) return
    const t = draftOp(d)
    if (t) add(t)
    setText(null)
  }

  return {
    ops,
    tool,
    color,
    thickness,
    opacity,
    textSize,
    crop,
    text,
    allOps,
    add,
    setColor,
    setCrop,
    setText,
    commitText,
    setTool: (t: Tool) => {
      commitText()
      setCrop(null)
      setToolState(t)
    },
    /** Where a new text goes; a text still being typed is kept first. */
    placeText: (d: TextDraft) => {
      commitText()
      setText(d)
    },
    setThickness: (v: number) => setThicknessState(stepValue(v, THICKNESS)),
    setOpacity: (v: number) => setOpacityState(stepValue(v, OPACITY)),
    setTextSize: (v: number) => setTextSizeState(stepValue(v, TEXT_SIZE)),
    applyCrop: () => {
      if (crop) {
        add({ kind: 'crop', rect: crop })
        setCrop(null)
      }
    },
    /** A text being typed goes first; then the last operation. */
    undo: () => {
      if (live.current) setText(null)
      else setOps(undoOps)
    },
    reset: () => {
      setOps([])
      setCrop(null)
      setText(null)
    },
    canUndo: ops.length > 0 || !!text,
  }
}

export type Editor = ReturnType<typeof useEditor>
