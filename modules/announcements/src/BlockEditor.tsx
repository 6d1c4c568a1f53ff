import { useTranslation } from 'react-i18next'
import { Button, FieldShell, Select, Switch, TextField, cx, inputClass, toast } from '@atende/ui'
import { safeImageSrc } from './RichContent.tsx'
import { CUSTOM_HEIGHT, CUSTOM_WIDTH, type RichBlock } from './types.ts'

/** A block being edited: an image block may still hold a local file, uploaded when the announcement is saved. */
export type EditorBlock = RichBlock & { file?: File; previewUrl?: string }

/** A custom-size image block's width and height fields. */
const CUSTOM_SIZE = [
  { key: 'customWidth', label: 'announcements.blocks.width', range: CUSTOM_WIDTH },
  { key: 'customHeight', label: 'announcements.blocks.height', range: CUSTOM_HEIGHT },
] as const

const newId = () => `b${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`

/** The advanced tab's blocks' own problems, by block id (custom sizes). */
export function blockErrors(blocks: EditorBlock[], t: (k: string) => string) {
  const out: Record<string, string> = {}
  for (const b of blocks) {
    if (b.type === 'text' && !b.content.trim()) out[b.id] = t('announcements.validation.blockText')
    if (b.type === 'image' && !b.file && !b.content) out[b.id] = t('announcements.validation.blockImage')
    if (b.type === 'image' && b.size === 'custom') {
      const w = b.customWidth ?? NaN
      const h = b.customHeight ?? NaN
      if (!(w >= CUSTOM_WIDTH.min && w <= CUSTOM_WIDTH.max)) out[b.id] = t('announcements.validation.customWidth')
      else if (!(h >= CUSTOM_HEIGHT.min && h <= CUSTOM_HEIGHT.max))
        out[b.id] = t('announcements.validation.customHeight')
    }
  }
  return out
}

export interface BlockEditorProps {
  blocks: EditorBlock[]
  onChange: (blocks: EditorBlock[]) => void
  errors: Record<string, string>
  disabled?: boolean
}

/**
 * The advanced tab: a list of blocks: text blocks with their kind
 * (paragraph, title, subtitle) and image blocks (size small/medium/large/full/custom, position,
 * text wrap, caption), reordered up and down or removed. Image blocks take image files only.
 */
export function BlockEditor({ blocks, onChange, errors, disabled }: BlockEditorProps) {
  const { t } = useTranslation()
  const set = (id: string, patch: Partial<EditorBlock>) =>
    onChange(blocks.map((b) => (b.id === id ? { ...b, ...patch } : b)))
  const move = (i: number, by: number) => {
    const next = [...blocks]
    const [b] = next.splice(i, 1)
    next.splice(i + by, 0, b!)
    onChange(next)
  }
  const addText = () => onChange([...blocks, { id: newId(), type: 'text', content: '', style: 'paragraph' }])
  const addImage = () =>
    onChange([
      ...blocks,
      { id: newId(), type: 'image', content: '', size: 'medium', position: 'center', textWrap: false, caption: '' },
    ])
  const pick = (id: string, file: File | undefined) => {
    if (!file) return
    if (!file.type.startsWith('image/')) {
      toast.warning(t('announcements.validation.imagesOnly'))
      return
    }
    set(id, { file, previewUrl: URL.createObjectURL(file), content: '' })
  }

  const sizes = ['small', 'medium', 'large', 'full', 'custom'].map((s) => ({
    value: s,
    label: t(`announcements.blocks.sizes.${s}`),
  }))
  const positions = ['left', 'center', 'right'].map((p) => ({
    value: p,
    label: t(`announcements.blocks.positions.${p}`),
  }))
  const styles = ['paragraph', 'title', 'subtitle'].map((s) => ({
    value: s,
    label: t(`announcements.blocks.styles.${s}`),
  }))

  return (
    <div className="flex flex-col gap-3" data-testid="announcement-blocks">
      {blocks.length === 0 && (
        <p className="text-sm text-slate-600 dark:text-slate-300">{t('announcements.blocks.empty')}</p>
      )}
      {blocks.map((b, i) => {
        const src = b.previewUrl ?? (b.content ? safeImageSrc(b.content) : null)
        return (
          <fieldset
            key={b.id}
            className="flex flex-col gap-2 rounded-md border border-slate-200 p-3 dark:border-slate-700"
            data-testid="announcement-block"
            data-type={b.type}
          >
            <legend className="px-1 text-xs font-semibold uppercase text-slate-600 dark:text-slate-300">
              {t(`announcements.blocks.${b.type}`)} {i + 1}
            </legend>
            {b.type === 'text' ? (
              <>
                <Select
                  label={t('announcements.blocks.style')}
                  options={styles}
                  value={b.style ?? 'paragraph'}
                  disabled={disabled}
                  onChange={(v) => set(b.id, { style: v as EditorBlock['style'] })}
                />
                <FieldShell id={`block-${b.id}`} label={t('announcements.blocks.content')}>
                  <textarea
                    id={`block-${b.id}`}
                    rows={3}
                    value={b.content}
                    maxLength={10_000}
                    disabled={disabled}
                    data-testid="block-text"
                    onChange={(e) => set(b.id, { content: e.target.value })}
                    className={cx(inputClass, 'resize-y')}
                  />
                </FieldShell>
              </>
            ) : (
              <>
                <div className="flex flex-wrap items-center gap-3">
                  {src ? (
                    <img src={src} alt="" className="h-16 w-16 rounded border object-cover" />
                  ) : (
                    <span className="text-sm text-slate-600 dark:text-slate-300">
                      {t('announcements.blocks.noImage')}
                    </span>
                  )}
                  <label className="cursor-pointer text-sm font-medium text-sky-700 underline dark:text-sky-300">
                    {t('announcements.blocks.chooseImage')}
                    <input
                      type="file"
                      accept="image/*"
                      className="sr-only"
                      disabled={disabled}
                      data-testid="block-image-input"
                      onChange={(e) => {
                        pick(b.id, e.target.files?.[0])
                        e.target.value = ''
                      }}
                    />
                  </label>
                </div>
                <div className="grid gap-2 sm:grid-cols-2">
                  <Select
                    label={t('announcements.blocks.size')}
                    options={sizes}
                    value={b.size ?? 'medium'}
                    disabled={disabled}
                    onChange={(v) =>
                      set(b.id, {
                        size: v as EditorBlock['size'],
                        ...(v === 'custom'
                          ? { customWidth: b.customWidth ?? 300, customHeight: b.customHeight ?? 200 }
                          : {}),
                      })
                    }
                  />
                  <Select
                    label={t('announcements.blocks.position')}
                    options={positions}
                    value={b.position ?? 'center'}
                    disabled={disabled}
                    onChange={(v) => set(b.id, { position: v as EditorBlock['position'] })}
                  />
                  {b.size === 'custom' && (
                    <>
                      {CUSTOM_SIZE.map(({ key, label, range }) => (
                        <TextField
                          key={key}
                          type="number"
                          label={t(label)}
                          min={range.min}
                          max={range.max}
                          value={b[key] ?? ''}
                          disabled={disabled}
                          onChange={(v) => set(b.id, { [key]: v === '' ? undefined : Number(v) })}
                        />
                      ))}
                    </>
                  )}
                </div>
                <Switch
                  label={t('announcements.blocks.textWrap')}
                  checked={!!b.textWrap}
                  disabled={disabled}
                  onChange={(v) => set(b.id, { textWrap: v })}
                />
                <TextField
                  label={t('announcements.blocks.caption')}
                  value={b.caption ?? ''}
                  maxLength={500}
                  disabled={disabled}
                  onChange={(v) => set(b.id, { caption: v })}
                />
              </>
            )}
            {errors[b.id] && (
              <p className="text-sm text-red-700 dark:text-red-400" role="alert">
                {errors[b.id]}
              </p>
            )}
            <div className="flex flex-wrap gap-2">
              <Button variant="ghost" disabled={disabled || i === 0} onClick={() => move(i, -1)}>
                {t('announcements.blocks.up')}
              </Button>
              <Button variant="ghost" disabled={disabled || i === blocks.length - 1} onClick={() => move(i, 1)}>
                {t('announcements.blocks.down')}
              </Button>
              <Button
                variant="ghost"
                className="ml-auto text-red-700 dark:text-red-400"
                disabled={disabled}
                onClick={() => onChange(blocks.filter((x) => x.id !== b.id))}
              >
                {t('announcements.blocks.remove')}
              </Button>
            </div>
          </fieldset>
        )
      })}
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" disabled={disabled} onClick={addText} data-testid="add-text-block">
          {t('announcements.blocks.addText')}
        </Button>
        <Button variant="secondary" disabled={disabled} onClick={addImage} data-testid="add-image-block">
          {t('announcements.blocks.addImage')}
        </Button>
      </div>
    </div>
  )
}
