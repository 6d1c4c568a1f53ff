import { useTranslation } from 'react-i18next'
import type { Message } from '../types.ts'
import { CloseIcon, FileIcon } from './icons.tsx'
import { isEditableImage } from './image-editor/files.ts'

/** Above the input: the message being answered or edited, with a cancel button. */
export function ContextBar({
  replyTo,
  editing,
  onCancel,
}: {
  replyTo: Message | null
  editing: Message | null
  onCancel: () => void
}) {
  const { t } = useTranslation()
  const m = editing ?? replyTo
  if (!m) return null
  const text = m.body || (m.mediaType ? t(`chat.kinds.${m.mediaType}`, { defaultValue: m.mediaType }) : '')
  return (
    <div
      data-testid={editing ? 'composer-editing' : 'composer-reply'}
      className="mx-2 mt-2 flex items-start gap-2 rounded-md border-l-4 border-primary bg-slate-100 px-3 py-1.5 text-sm dark:border-sky-400 dark:bg-slate-700"
    >
      <div className="min-w-0 flex-1">
        <p className="text-xs font-semibold text-primary dark:text-sky-300">
          {editing
            ? t('chat.composer.editing')
            : t('chat.composer.replyingTo', { who: m.fromMe ? t('chat.you') : t('chat.contact') })}
        </p>
        <p className="line-clamp-2 whitespace-pre-wrap break-words text-slate-600 dark:text-slate-300">{text}</p>
      </div>
      <button
        type="button"
        onClick={onCancel}
        aria-label={t('chat.composer.cancelContext')}
        title={t('chat.composer.cancelContext')}
        data-testid="composer-cancel-context"
        className="rounded p-1 text-slate-500 dark:text-slate-400 hover:bg-slate-200 dark:hover:bg-slate-600"
      >
        <CloseIcon className="h-4 w-4" />
      </button>
    </div>
  )
}

/** The files chosen to go with the next send. */
export function FilesBar({
  files,
  onRemove,
  onEdit,
}: {
  files: File[]
  onRemove: (i: number) => void
  onEdit?: (i: number) => void
}) {
  const { t } = useTranslation()
  if (!files.length) return null
  return (
    <ul
      className="mx-2 mt-2 flex flex-wrap gap-2"
      aria-label={t('chat.composer.attachments')}
      data-testid="composer-files"
    >
      {files.map((f, i) => (
        <li
          key={`${f.name}-${i}`}
          className="flex max-w-56 items-center gap-1.5 rounded-md bg-slate-100 px-2 py-1 text-xs dark:bg-slate-700"
        >
          <FileIcon className="h-4 w-4 shrink-0" />
          <span className="truncate" title={f.name}>
            {f.name}
          </span>
          {onEdit && isEditableImage(f) && (
            <button
              type="button"
              onClick={() => onEdit(i)}
              aria-label={t('chat.imageEditor.editFile', { name: f.name })}
              data-testid="composer-file-edit"
              className="rounded px-1 font-medium text-primary hover:bg-slate-200 dark:text-sky-300 dark:hover:bg-slate-600"
            >
              {t('chat.imageEditor.edit')}
            </button>
          )}
          <button
            type="button"
            onClick={() => onRemove(i)}
            aria-label={t('chat.composer.removeFile', { name: f.name })}
            className="rounded p-0.5 hover:bg-slate-200 dark:hover:bg-slate-600"
          >
            <CloseIcon className="h-3 w-3" />
          </button>
        </li>
      ))}
    </ul>
  )
}
