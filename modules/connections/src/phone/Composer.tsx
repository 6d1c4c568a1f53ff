import { useId, useRef, useState, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { cx } from '@atende/ui'
import { BODY_MAX, MAX_FILE_BYTES, fileProblem, formatBytes, mediaTypeOf } from './chat.ts'
import { MediaChip } from './Bubbles.tsx'
import { PaperclipIcon, SendIcon } from './PhoneIcons.tsx'
import type { Draft } from './useCustomerMessages.ts'

function readDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => (typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('unreadable')))
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'))
    reader.readAsDataURL(file)
  })
}

/**
 * The customer's composer: Enter sends, Shift+Enter breaks the line; the paperclip attaches one
 * file (sent as a data: URI, the text as its caption). Send is off while there is nothing to send.
 */
export function Composer({ disabled, onSend }: { disabled: boolean; onSend: (draft: Draft) => void }) {
  const { t, i18n } = useTranslation()
  const id = useId()
  const [text, setText] = useState('')
  const [file, setFile] = useState<Draft['file'] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [reading, setReading] = useState(false)
  const box = useRef<HTMLTextAreaElement>(null)
  const picker = useRef<HTMLInputElement>(null)
  const canSend = !disabled && !reading && (text.trim() !== '' || file != null)

  const send = () => {
    if (!canSend) return
    onSend({ body: text.trim(), ...(file ? { file } : {}) })
    setText('')
    setFile(null)
    setError(null)
    box.current?.focus()
  }

  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault()
      send()
    }
  }

  const pick = async (chosen: File | undefined) => {
    if (picker.current) picker.current.value = '' // the same file may be chosen again
    if (!chosen) return
    const problem = fileProblem(chosen)
    if (problem) {
      setError(
        t(problem, { size: formatBytes(chosen.size, i18n.language), max: formatBytes(MAX_FILE_BYTES, i18n.language) }),
      )
      return
    }
    setError(null)
    setReading(true)
    try {
      const mimetype = chosen.type || 'application/octet-stream'
      setFile({ name: chosen.name, mimetype, dataUrl: await readDataUrl(chosen) })
    } catch {
      setError(t('connections.phone.fileRead'))
    } finally {
      setReading(false)
    }
    box.current?.focus()
  }

  return (
    <div className="flex flex-col gap-1.5 border-t border-slate-200 bg-slate-50 p-2 dark:border-slate-700 dark:bg-slate-900">
      {file && (
        <div className="flex items-center gap-2">
          <div className="min-w-0 flex-1">
            <MediaChip kind={mediaTypeOf(file.mimetype)} fileName={file.name} />
          </div>
          <button
            type="button"
            onClick={() => setFile(null)}
            aria-label={t('connections.phone.removeFile', { name: file.name })}
            className="rounded p-1 text-lg leading-none text-slate-500 dark:text-slate-400 hover:bg-slate-200 dark:hover:bg-slate-700"
          >
            <span aria-hidden>×</span>
          </button>
        </div>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-xs text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
      <div className="flex items-end gap-1.5">
        <input
          ref={picker}
          type="file"
          className="sr-only"
          tabIndex={-1}
          aria-hidden
          onChange={(e) => void pick(e.target.files?.[0])}
          data-testid="phone-file"
        />
        <button
          type="button"
          disabled={disabled || reading}
          onClick={() => picker.current?.click()}
          aria-label={t('connections.phone.attach')}
          title={t('connections.phone.attach')}
          className="rounded-full p-2 text-slate-600 hover:bg-slate-200 disabled:opacity-50 dark:text-slate-300 dark:hover:bg-slate-700"
        >
          <PaperclipIcon className="h-5 w-5" />
        </button>
        <textarea
          ref={box}
          rows={1}
          data-autofocus
          value={text}
          maxLength={BODY_MAX}
          disabled={disabled}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKey}
          aria-label={t('connections.phone.message')}
          placeholder={t('connections.phone.placeholder')}
          aria-describedby={error ? `${id}-error` : undefined}
          className={cx(
            'max-h-32 min-h-[2.5rem] flex-1 resize-none rounded-2xl border border-slate-300 bg-white px-3 py-2 text-sm focus:border-primary focus:outline-none focus:ring-1 focus:ring-primary',
            'field-sizing-content disabled:opacity-60 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100',
          )}
        />
        <button
          type="button"
          disabled={!canSend}
          onClick={send}
          aria-label={t('connections.phone.send')}
          title={t('connections.phone.send')}
          className="rounded-full bg-[#00a884] p-2.5 text-white hover:bg-[#008f6f] disabled:cursor-not-allowed disabled:opacity-50"
        >
          <SendIcon className="h-4 w-4" />
        </button>
      </div>
    </div>
  )
}
