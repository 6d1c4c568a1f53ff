import { useEffect, useState, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, Dialog, toast } from '@atende/ui'
import { canvasFor, viewOf, type Size } from './model.ts'
import { outputFor, renameFor } from './files.ts'
import { render } from './render.ts'
import { useEditor } from './useEditor.ts'
import { EditorCanvas } from './EditorCanvas.tsx'
import { Toolbar } from './Toolbar.tsx'

export interface ImageEditorDialogProps {
  /** The attachment being edited; null keeps the dialog closed. */
  file: File | null
  onClose: () => void
  /** The edited picture, to take the attachment's place. */
  onSave: (file: File) => void
}

/** The chat's image editor: freehand drawing, text, crop, undo and reset over an attached image. */
export function ImageEditorDialog({ file, onClose, onSave }: ImageEditorDialogProps) {
  const { t } = useTranslation()
  return (
    <Dialog open={!!file} onClose={onClose} size="xl" title={t('chat.imageEditor.title')}>
      {/* Keyed by the file: a new image starts with a clean slate. */}
      {file && (
        <Editor key={`${file.name}-${file.size}-${file.lastModified}`} file={file} onClose={onClose} onSave={onSave} />
      )}
    </Dialog>
  )
}

type Loaded = { source: HTMLImageElement; size: Size } | 'loading' | 'error'

function useImage(file: File): Loaded {
  const [state, setState] = useState<Loaded>('loading')
  useEffect(() => {
    const url = URL.createObjectURL(file)
    const img = new Image()
    let live = true
    img.onload = () => {
      if (live) setState({ source: img, size: { width: img.naturalWidth, height: img.naturalHeight } })
    }
    img.onerror = () => {
      if (live) setState('error')
    }
    img.src = url
    return () => {
      live = false
      URL.revokeObjectURL(url)
    }
  }, [file])
  return state
}

function Editor({ file, onClose, onSave }: { file: File; onClose: () => void; onSave: (file: File) => void }) {
  const { t } = useTranslation()
  const image = useImage(file)
  const editor = useEditor()
  const [saving, setSaving] = useState(false)

  const save = async () => {
    if (typeof image !== 'object') return
    setSaving(true)
    try {
      const ops = editor.allOps()
      const cv = canvasFor(viewOf(ops, image.size))
      const canvas = document.createElement('canvas')
      canvas.width = cv.width
      canvas.height = cv.height
      const ctx = canvas.getContext('2d')
      if (!ctx) throw new Error('no 2d context')
      const out = outputFor(file)
      render(ctx, image.source, image.size, ops, cv, out.type === 'image/jpeg' ? '#ffffff' : undefined)
      const blob = await new Promise<Blob | null>((res) => canvas.toBlob(res, out.type, out.quality))
      if (!blob) throw new Error('toBlob gave nothing')
      onSave(new File([blob], renameFor(file.name, out.ext), { type: out.type, lastModified: Date.now() }))
    } catch (err) {
      console.error(err)
      toast.error(t('chat.imageEditor.saveError'))
    } finally {
      setSaving(false)
    }
  }

  const onKeyDown = (e: KeyboardEvent) => {
    if (
      (e.ctrlKey || e.metaKey) &&
      !e.shiftKey &&
      e.key.toLowerCase() === 'z' &&
      !(e.target instanceof HTMLInputElement && e.target.type === 'text')
    ) {
      e.preventDefault()
      editor.undo()
    } else if (e.key === 'Enter' && editor.tool === 'crop' && editor.crop) {
      e.preventDefault()
      editor.applyCrop()
    }
  }

  const hint = editor.tool === 'text' ? 'textHint' : editor.tool === 'crop' ? 'cropHint' : 'drawHint'
  return (
    <div onKeyDown={onKeyDown} data-testid="image-editor">
      <Toolbar editor={editor} />
      <p className="mt-2 mb-2 text-xs text-slate-500 dark:text-slate-400" aria-live="polite">
        {t(`chat.imageEditor.${hint}`)}
      </p>
      <div className="flex min-h-40 items-center justify-center rounded-md bg-slate-100 p-2 dark:bg-slate-900">
        {image === 'loading' && (
          <span className="text-sm text-slate-500 dark:text-slate-400">{t('chat.imageEditor.loading')}</span>
        )}
        {image === 'error' && (
          <span role="alert" className="text-sm text-red-600">
            {t('chat.imageEditor.loadError')}
          </span>
        )}
        {typeof image === 'object' && <EditorCanvas source={image.source} size={image.size} editor={editor} />}
      </div>
      <div className="mt-4 flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose} data-testid="image-editor-cancel">
          {t('chat.imageEditor.cancel')}
        </Button>
        <Button
          onClick={() => void save()}
          loading={saving}
          disabled={typeof image !== 'object'}
          data-testid="image-editor-save"
        >
          {t('chat.imageEditor.save')}
        </Button>
      </div>
    </div>
  )
}
