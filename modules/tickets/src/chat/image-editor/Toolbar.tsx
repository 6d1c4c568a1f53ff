import { useId, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { EditIcon, cx, strokeIcon } from '@atende/ui'
import { OPACITY, TEXT_SIZE, THICKNESS, type Range, type Tool } from './model.ts'
import type { Editor } from './useEditor.ts'

/** A 16-pixel toolbar mark from its stroke paths. */
const mark = (paths: string[]) => {
  const Icon = strokeIcon(paths)
  return <Icon className="h-4 w-4" />
}
const ICONS: Record<Tool | 'undo' | 'reset', ReactNode> = {
  draw: <EditIcon className="h-4 w-4" />,
  text: mark(['M4 7V4h16v3M9 20h6M12 4v16']),
  crop: mark(['M6 2v14a2 2 0 0 0 2 2h14', 'M18 22V8a2 2 0 0 0-2-2H2']),
  undo: mark(['M9 14 4 9l5-5', 'M4 9h10.5a5.5 5.5 0 0 1 0 11H11']),
  reset: mark(['M3 12a9 9 0 1 0 3-6.7L3 8', 'M3 3v5h5']),
}
const btn =
  'inline-flex items-center gap-1.5 rounded-md px-2.5 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-50 dark:text-slate-200 dark:hover:bg-slate-700'
const on = 'bg-primary/10 text-primary ring-1 ring-primary dark:bg-sky-400/15 dark:text-sky-300 dark:ring-sky-400'

/** Tools, their style (colour, thickness or text size, opacity), crop apply, undo and reset. */
export function Toolbar({ editor }: { editor: Editor }) {
  const { t } = useTranslation()
  const id = useId()
  const { tool } = editor
  // Drawing sets the line's thickness, text its size.
  const stroke =
    tool === 'draw'
      ? { id: 'thickness', word: 'thickness', range: THICKNESS, value: editor.thickness, onChange: editor.setThickness }
      : { id: 'size', word: 'textSize', range: TEXT_SIZE, value: editor.textSize, onChange: editor.setTextSize }
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm" data-testid="image-editor-toolbar">
      <div role="group" aria-label={t('chat.imageEditor.tools')} className="flex gap-1">
        {(['draw', 'text', 'crop'] as const).map((k) => (
          <button
            key={k}
            type="button"
            aria-pressed={tool === k}
            onClick={() => editor.setTool(k)}
            data-testid={`image-editor-tool-${k}`}
            className={cx(btn, tool === k && on)}
          >
            {ICONS[k]}
            {t(`chat.imageEditor.${k}`)}
          </button>
        ))}
      </div>
      {tool !== 'crop' && (
        <>
          <label className="flex items-center gap-2" htmlFor={`${id}-color`}>
            <span>{t('chat.imageEditor.color')}</span>
            <input
              id={`${id}-color`}
              type="color"
              value={editor.color}
              onChange={(e) => editor.setColor(e.target.value)}
              className="h-8 w-10 cursor-pointer rounded border border-slate-300 bg-transparent p-0.5 dark:border-slate-600"
            />
          </label>
          <Slider
            id={`${id}-${stroke.id}`}
            label={t(`chat.imageEditor.${stroke.word}`)}
            range={stroke.range}
            value={stroke.value}
            onChange={stroke.onChange}
          />
          <Slider
            id={`${id}-opacity`}
            label={t('chat.imageEditor.opacity')}
            range={OPACITY}
            value={editor.opacity}
            onChange={editor.setOpacity}
            format={(v) => `${Math.round(v * 100)}%`}
          />
        </>
      )}
      {tool === 'crop' && (
        <button
          type="button"
          className={cx(btn, 'border border-slate-300 dark:border-slate-600')}
          disabled={!editor.crop}
          onClick={editor.applyCrop}
          data-testid="image-editor-apply-crop"
        >
          {ICONS.crop}
          {t('chat.imageEditor.applyCrop')}
        </button>
      )}
      <div className="ml-auto flex gap-1">
        <button
          type="button"
          className={btn}
          disabled={!editor.canUndo}
          onClick={editor.undo}
          data-testid="image-editor-undo"
          aria-keyshortcuts="Control+Z"
        >
          {ICONS.undo}
          {t('chat.imageEditor.undo')}
        </button>
        <button
          type="button"
          className={btn}
          disabled={!editor.ops.length && !editor.text && !editor.crop}
          onClick={editor.reset}
          data-testid="image-editor-reset"
        >
          {ICONS.reset}
          {t('chat.imageEditor.reset')}
        </button>
      </div>
    </div>
  )
}

function Slider({
  id,
  label,
  range,
  value,
  onChange,
  format = String,
}: {
  id: string
  label: string
  range: Range
  value: number
  onChange: (v: number) => void
  format?: (v: number) => string
}) {
  return (
    <label className="flex items-center gap-2" htmlFor={id}>
      <span>{label}</span>
      <input
        id={id}
        type="range"
        min={range.min}
        max={range.max}
        step={range.step}
        value={value}
        aria-valuetext={format(value)}
        onChange={(e) => onChange(Number(e.target.value))}
        className="w-24 accent-primary"
      />
      <span className="w-9 tabular-nums text-slate-500 dark:text-slate-400" aria-hidden>
        {format(value)}
      </span>
    </label>
  )
}
